"use client";
import { useApiQuery, useCategories } from "@storyloom/api-client/react";
import { EmptyState, ErrorState, Skeleton } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";
import { Editor } from "./editor";
import { RequireSignIn } from "./require-sign-in";

function LoadDraft({ id }: { id: string }) {
  // The form is filled once from the draft: a background refetch must never overwrite typing.
  const draft = useApiQuery("storyDraftGet", { id }, { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0, retry: (n, e) => e.status !== 404 && n < 2 });
  const categories = useCategories();
  if (draft.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only" role="status">
          Loading your story
        </span>
        <Skeleton className="h-12" />
        <Skeleton className="h-24" />
        <Skeleton className="h-80" />
      </div>
    );
  }
  if (draft.isError) {
    if (draft.error.status === 404) {
      return (
        <EmptyState
          title="This story doesn't exist"
          description="It may belong to another account."
          action={
            <Link href="/user/stories" className="font-semibold underline underline-offset-4">
              Back to my stories
            </Link>
          }
        />
      );
    }
    return <ErrorState message="We couldn't load this story." onRetry={() => void draft.refetch()} retrying={draft.isFetching} />;
  }
  return <Editor key={draft.data.draft.id} initial={draft.data.draft} categories={categories.data?.categories} cowrite={draft.data.cowrite} />;
}

/** The editor page's client part: sign-in gate, the draft's load states, then the editor. */
export function StoryEditorView({ id }: { id: string }) {
  return (
    <RequireSignIn>
      <LoadDraft id={id} />
    </RequireSignIn>
  );
}
