"use client";
import { useRouter } from "next/navigation";
import { useApiMutation, useApiQuery } from "@storyloom/api-client/react";
import type { StoryDraftSummary } from "@storyloom/contract";
import { Badge, Button, EmptyState, ErrorState, Skeleton, dangerText } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";
import { errorText } from "../tasks/messages";
import { STARTER_SCRIPT } from "./starter-script";
import { ImportCard } from "./character-card";
import { RequireSignIn } from "./require-sign-in";
import { MatureBadge } from "../safety/mature-badge";
import { storyState } from "./story-state";

function NewStoryButton() {
  const router = useRouter();
  const create = useApiMutation("storyDraftCreate", { onSuccess: (d) => router.push(`/user/stories/${d.draft.id}`) });
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={() => create.mutate({ title: "Untitled story", script: STARTER_SCRIPT })} loading={create.isPending} loadingText="Creating…">
        Write a new story
      </Button>
      {create.error ? (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {errorText(create.error)}
        </p>
      ) : null}
    </div>
  );
}

/** One story in the list: its state (with a rejection's reason) and what the author can do next. */
function DraftRow({ draft: d }: { draft: StoryDraftSummary }) {
  const state = storyState(d);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-2 p-4 sm:flex-row sm:items-center" data-testid="my-story">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link href={`/user/stories/${d.id}`} className="truncate font-semibold text-fg underline-offset-4 hover:underline">
            {d.title}
          </Link>
          <Badge tone={state.tone}>{state.label}</Badge>
          {d.rating === "mature" ? <MatureBadge /> : null}
          {d.unpublished_changes ? <Badge tone="neutral">Edited since publishing</Badge> : null}
        </p>
        {state.detail ? <p className={`mt-1 text-sm ${state.tone === "danger" ? dangerText : "text-muted"}`}>{state.detail}</p> : null}
        {d.hook ? <p className="mt-1 line-clamp-2 text-sm text-muted">{d.hook}</p> : null}
        <p className="mt-1 text-xs text-muted">Edited {new Date(d.updated_at).toLocaleString()}</p>
      </div>
      <div className="flex gap-2">
        {state.live && d.story_id ? (
          <Link href={`/story/${d.story_id}`} className="inline-flex min-h-10 items-center rounded-xl border border-line px-3 text-sm font-semibold hover:bg-surface">
            View<span className="sr-only"> {d.title}</span>
          </Link>
        ) : null}
        <Link href={`/user/stories/${d.id}`} className="inline-flex min-h-10 items-center rounded-xl bg-brand px-3 text-sm font-semibold text-white hover:brightness-110">
          {state.resubmit ? "Edit and resubmit" : "Edit"}
          <span className="sr-only"> {d.title}</span>
        </Link>
      </div>
    </li>
  );
}

function DraftList() {
  const list = useApiQuery("storyDraftList");
  if (list.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading your stories
        </span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (list.isError) return <ErrorState message="We couldn't load your stories." onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const drafts = list.data.drafts;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-6">
        <NewStoryButton />
        <ImportCard />
      </div>
      {drafts.length === 0 ? (
        <EmptyState title="No stories yet" description="Write one: a title, a character and a few choices are enough to publish." />
      ) : (
        <ul aria-label="Your stories" className="flex flex-col gap-3">
          {drafts.map((d) => (
            <DraftRow key={d.id} draft={d} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The signed-in user's drafts and published stories, with a button to start a new one. */
export function MyStoriesView() {
  return (
    <RequireSignIn>
      <DraftList />
    </RequireSignIn>
  );
}
