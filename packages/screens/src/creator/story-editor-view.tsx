"use client";
import { lazy, Suspense, useEffect } from "react";
import { useApiQuery, useCategories } from "@storyloom/api-client/react";
import { EmptyState, ErrorState, Skeleton } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";
import { RequireSignIn } from "./require-sign-in";

// The editor's code (~11 KiB gzip: the form, the script's checks and reports, the sections) is asked
// for once the signed-in page mounts, beside the draft it edits, rather than in the page's first load:
// the page hydrates on the shared framework alone (issue #42: first-load JS ≤ 1.3x the empty page's)
// and the editor's code and its draft arrive over the same round trip.
const loadEditor = () => import("./editor");
const Editor = lazy(() => loadEditor().then((m) => ({ default: m.Editor })));

/** The page's place while the draft (and the editor's code) arrive. */
function EditorLoading() {
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

function LoadDraft({ id }: { id: string }) {
  // The form is filled once from the draft: a background refetch must never overwrite typing.
  const draft = useApiQuery("storyDraftGet", { id }, { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0, retry: (n, e) => e.status !== 404 && n < 2 });
  const categories = useCategories();
  useEffect(() => {
    // Not awaited: a chunk that fails to load fails the editor's render too, and the page's error screen shows it.
    void loadEditor().catch(() => undefined);
  }, []);
  if (draft.isPending) return <EditorLoading />;
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
  return (
    <Suspense fallback={<EditorLoading />}>
      <Editor key={draft.data.draft.id} initial={draft.data.draft} categories={categories.data?.categories} cowrite={draft.data.cowrite} />
    </Suspense>
  );
}

/** The editor page's client part: sign-in gate, the draft's load states, then the editor. */
export function StoryEditorView({ id }: { id: string }) {
  return (
    <RequireSignIn>
      <LoadDraft id={id} />
    </RequireSignIn>
  );
}
