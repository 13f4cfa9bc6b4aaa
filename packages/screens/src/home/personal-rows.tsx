"use client";
import type { StorySummary } from "@storyloom/contract";
import { useFavorites, useGameHistory, useSession } from "@storyloom/api-client/react";
import { Button } from "@storyloom/ui";
import { StoryCard } from "../catalogue/story-card";
import { useOpenStory } from "../catalogue/story-modal-host";

interface RowProps {
  title: string;
  testId: string;
  stories: StorySummary[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/**
 * One horizontal row. Hidden while loading and when empty: a new visitor has nothing to continue,
 * and a placeholder that then vanishes would shift the catalogue below it (layout shift).
 */
function StoryRow({ title, testId, stories, loading, error, onRetry }: RowProps) {
  const openStory = useOpenStory();
  if (loading || (!error && (!stories || stories.length === 0))) return null;
  const headingId = `${testId}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="mt-8">
      <h2 id={headingId} className="text-lg font-semibold text-fg">{title}</h2>
      {error ? (
        <p className="mt-2 flex items-center gap-3 text-sm text-muted">
          <span role="alert">This row could not be loaded.</span>
          <Button size="sm" variant="ghost" onClick={onRetry}>Try again</Button>
        </p>
      ) : (
        <ul className="-mx-4 mt-3 flex gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin]">
          {(stories ?? []).map((story) => (
            <li key={story.id}>
              <StoryCard story={story} compact onOpen={openStory} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The visitor's own rows: "Continue playing" (game history) and "Your favourites". Personal, so
 * they load on the client once the session is known; the server-rendered catalogue does not wait.
 */
export function PersonalRows() {
  const ready = useSession((s) => s.ready);
  const history = useGameHistory({ enabled: ready });
  const favorites = useFavorites({ enabled: ready });
  return (
    <>
      <StoryRow
        title="Continue playing"
        testId="continue-row"
        stories={history.data?.stories}
        loading={!ready || history.isPending}
        error={history.isError}
        onRetry={() => void history.refetch()}
      />
      <StoryRow
        title="Your favourites"
        testId="favourites-row"
        stories={favorites.data?.stories}
        loading={!ready || favorites.isPending}
        error={favorites.isError}
        onRetry={() => void favorites.refetch()}
      />
    </>
  );
}
