"use client";
import { useEffect, useRef } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { EndpointData } from "@storyloom/contract";
import { useApiClient, queryKeyOf } from "@storyloom/api-client/react";
import { unwrap } from "@storyloom/api-client";
import { Button, ErrorState } from "@storyloom/ui";
import { FIRST_ROW, listInput, type CatalogueFilter } from "./query";
import { StoryCard } from "./story-card";
import { useOpenStory } from "./story-modal-host";

type StoryPage = EndpointData<"storyList">;

/** Props of {@link CatalogueGrid}. */
export interface CatalogueGridProps {
  filter: CatalogueFilter;
  /** The first page, rendered on the server so the first paint already shows stories. */
  initialPage: StoryPage;
  categoryNames: Record<string, string>;
  /** The first story's cover as a small `data:` URL, so the page's largest picture paints at once. */
  leadCover?: string | null;
}

/** Starts loading the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = "600px";

/**
 * The story grid with cursor pagination: the server's first page, then further pages when the end
 * of the list scrolls into view, with a "Load more" button for browsers or users that never scroll
 * it there (no IntersectionObserver, keyboard users).
 */
export function CatalogueGrid({ filter, initialPage, categoryNames, leadCover }: CatalogueGridProps) {
  const client = useApiClient();
  const openStory = useOpenStory();
  const query = useInfiniteQuery({
    // Under the storyList key, so liking a story (which invalidates storyList) refreshes the counts.
    queryKey: [...queryKeyOf("storyList"), "pages", filter],
    queryFn: async ({ pageParam, signal }) => unwrap(await client.call("storyList", listInput(filter, pageParam), { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    initialData: { pages: [initialPage], pageParams: [null] },
    staleTime: 60_000,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const stories = query.data.pages.flatMap((p) => p.stories);
  return (
    <div>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5" data-testid="story-grid">
        {stories.map((story, i) => (
          // Cards past the first row render only near the screen (ui-below-fold): a long scrolled
          // list does not lay out and paint what is far away. The box grows by 4 px on each side
          // (-m-1 p-1, layout unchanged) so the cover's ring and the focus ring, drawn just outside
          // the card, are not clipped by the paint containment.
          <li key={story.id} className={i < FIRST_ROW ? undefined : "ui-below-fold -m-1 p-1 [--below-fold-size:333px] md:[--below-fold-size:388px]"}>
            <StoryCard story={story} categoryName={categoryNames[story.category_id]} priority={i === 0} eager={i < FIRST_ROW} inlineCover={i === 0 ? leadCover : undefined} onOpen={openStory} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
        <p role="status" aria-live="polite" className="sr-only">
          {isFetchingNextPage ? "Loading more stories" : `${stories.length} stories shown`}
        </p>
        {isFetchNextPageError ? (
          <ErrorState message="More stories could not be loaded." onRetry={() => void fetchNextPage()} />
        ) : hasNextPage ? (
          <Button variant="secondary" onClick={() => void fetchNextPage()} loading={isFetchingNextPage} loadingText="Loading…">
            Load more
          </Button>
        ) : stories.length > 0 ? (
          <p className="text-sm text-muted">You have reached the end of the catalogue.</p>
        ) : null}
      </div>
    </div>
  );
}
