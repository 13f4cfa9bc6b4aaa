"use client";
import { useCategories, useSession, useStory } from "@storyloom/api-client/react";
import { StoryArticle } from "../story/story-article";
import { GateFailure, GateLoading } from "./gate-parts";

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
