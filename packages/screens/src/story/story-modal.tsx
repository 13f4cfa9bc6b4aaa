"use client";
import { IntentLink as Link } from "../shell/intent-link";
import type { StorySummary } from "@storyloom/contract";
import { useStory } from "@storyloom/api-client/react";
import { ErrorState, ResponsiveDialog, Skeleton } from "@storyloom/ui";
import { CoverImage } from "../catalogue/cover-image";
import { MatureBadge } from "../safety/mature-badge";
import { LikeButton } from "./like-button";
import { playHref, StoryAuthor, StoryCharacters, StoryCounts, StoryTags } from "./story-facts";

/** Props of {@link StoryModal}. */
export interface StoryModalProps {
  /** The card's data: shown at once while the full story loads. */
  story: StorySummary;
  open: boolean;
  onClose: () => void;
}

const linkButton =
  "inline-flex h-11 items-center justify-center rounded-xl px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * The spec's story detail modal, opened from a catalogue card: what the card knew right away, the
 * description and characters once story.get answers, Play, Like and a link to the full page.
 * A drawer on phones and a 600px dialog from 768px, like every dialog of the product.
 */
export function StoryModal({ story, open, onClose }: StoryModalProps) {
  const detail = useStory(story.id, { enabled: open });
  const full = detail.data?.story;
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={story.title}
      description={story.hook}
      footer={
        <div className="flex flex-wrap gap-2">
          <Link href={playHref(story)} className={`${linkButton} flex-1 bg-brand text-white hover:brightness-110`}>Play</Link>
          <LikeButton storyId={story.id} initialCount={story.like_count} />
          <Link href={`/story/${story.id}`} className={`${linkButton} border border-line text-fg hover:border-brand`}>
            Open full page
          </Link>
        </div>
      }
    >
      <div className="flex flex-col gap-4" data-testid="story-modal">
        <div className="flex gap-4">
          <div className="relative aspect-[3/4] w-28 shrink-0 overflow-hidden rounded-xl bg-surface-2">
            <CoverImage src={story.cover_url} fixedWidth={112} />
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <StoryCounts playCount={story.play_count} likeCount={full?.like_count ?? story.like_count} />
            {story.rating === "mature" ? <MatureBadge className="self-start" /> : null}
            <StoryTags tags={story.tags} />
            <StoryAuthor name={story.author_name} />
          </div>
        </div>
        {detail.isError ? (
          <ErrorState message="The story details could not be loaded." onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        ) : !full ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading story details</span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <>
            <p className="whitespace-pre-line text-fg/90">{full.description}</p>
            <StoryCharacters story={full} />
          </>
        )}
      </div>
    </ResponsiveDialog>
  );
}
