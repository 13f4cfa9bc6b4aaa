"use client";
import { useState } from "react";
import { useStory, useToggleFavorite } from "@storyloom/api-client/react";
import { Button, useToast } from "@storyloom/ui";
import { compactCount } from "../catalogue/query";

/** What the button shows while a toggle is in flight: the wanted state, before the server agrees. */
interface Optimistic {
  liked: boolean;
  count: number;
}

/**
 * Like / unlike a story. The click shows the new state at once (optimistic) and reverts with a
 * toast when the server refuses; the liked flag itself comes from the caller's story.get.
 */
export function LikeButton({ storyId, initialCount }: { storyId: string; initialCount: number }) {
  const story = useStory(storyId);
  const toggle = useToggleFavorite();
  const toast = useToast();
  const [optimistic, setOptimistic] = useState<Optimistic | null>(null);
  const liked = optimistic?.liked ?? story.data?.story.liked ?? false;
  const count = optimistic?.count ?? story.data?.story.like_count ?? initialCount;

  const onClick = () => {
    const want = !liked;
    setOptimistic({ liked: want, count: Math.max(0, count + (want ? 1 : -1)) });
    toggle.mutate(
      { story_id: storyId, liked: want },
      {
        onSuccess: (data) => setOptimistic({ liked: data.liked, count: data.like_count }),
        onError: (err) => {
          setOptimistic(null);
          toast.error(err.message || "Could not update your favourites");
        },
      },
    );
  };

  return (
    <Button
      variant={liked ? "primary" : "secondary"}
      onClick={onClick}
      aria-pressed={liked}
      disabled={story.isPending}
      data-testid="like-button"
    >
      <span aria-hidden="true">{liked ? "♥" : "♡"}</span>
      {liked ? "Liked" : "Like"}
      <span className="text-sm font-normal opacity-80">{compactCount(count)}</span>
    </Button>
  );
}
