"use client";
import { useCategories, useSession, useStory } from "@storyloom/api-client/react";
import { EmptyState, ErrorState, Skeleton } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";
import { StoryArticle } from "../story/story-article";
import { AgeGateNotice, isAgeGate } from "./age-gate";

/** Placeholder while the session starts and the story is read. */
export function GateLoading({ what }: { what: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4 px-4 py-6">
      <span className="sr-only" role="status">
        Loading {what}
      </span>
      <Skeleton className="mx-auto aspect-[3/4] w-48" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-16" />
    </div>
  );
}

/** A story read in the browser failed: why, in words (age gate, gone, or a retry). */
export function GateFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  if (isAgeGate(error)) return <AgeGateNotice />;
  if ((error as { status?: number }).status === 404) {
    return (
      <EmptyState
        title="This story isn't available"
        description="It may have been taken out of the catalogue."
        action={
          <Link href="/" className="font-semibold underline underline-offset-4">
            Browse stories
          </Link>
        }
      />
    );
  }
  return <ErrorState message="We couldn't load this story." onRetry={onRetry} retrying={retrying} />;
}

/**
 * The page of a mature story: read with the visitor's own session once it has started, so a player
 * who confirmed their age sees the story and anyone else is told why they can't.
 */
export function GatedStory({ id }: { id: string }) {
  const ready = useSession((s) => s.ready);
  const story = useStory(id, { enabled: ready, retry: (n, e) => e.status !== 403 && e.status !== 404 && n < 2 });
  const categories = useCategories();
  if (!ready || story.isPending) return <GateLoading what="the story" />;
  if (story.isError) return <GateFailure error={story.error} onRetry={() => void story.refetch()} retrying={story.isFetching} />;
  const s = story.data.story;
  const categoryName = categories.data?.categories.find((c) => c.id === s.category_id)?.name;
  return <StoryArticle story={s} categoryName={categoryName} />;
}
