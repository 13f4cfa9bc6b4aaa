"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { DailyTask } from "@storyloom/contract";
import { ApiError } from "@storyloom/api-client";
import { useApiMutation, useInviteCode, useStoryList } from "@storyloom/api-client/react";
import { Button, useToast } from "@storyloom/ui";
import { copyText, shareLink } from "./share";
import { CreateStoryForm } from "./create-story-form";
import { IntentLink as Link } from "../shell/intent-link";
import { errorText, rewardText } from "./messages";

/** What every task action reports back to its row: a result line for the live region. */
export type Announce = (message: string) => void;


/** The story the play and share tasks act on: the most popular one (cached with the catalogue). */
function useFeaturedStory() {
  const list = useStoryList({ sort: "popular", limit: 1 });
  return list.data?.stories[0] ?? null;
}

/** play-game: the call records a play of a story and claims; then the story opens. */
export function PlayAction({ task, announce }: { task: DailyTask; announce: Announce }) {
  const router = useRouter();
  const story = useFeaturedStory();
  const play = useApiMutation("taskPlayGame");
  if (task.claimed) return null;
  return (
    <Button
      size="sm"
      disabled={!story}
      loading={play.isPending}
      onClick={async () => {
        if (!story) return;
        // mutateAsync, not mutate callbacks: the claim's refetch unmounts this button before they'd run.
        try {
          const r = await play.mutateAsync({ story_id: story.id });
          announce(`${rewardText(r.reward)}. Opening “${story.title}”…`);
          router.push(`/story/${story.id}`);
        } catch (err) {
          announce(errorText(err));
        }
      }}
    >
      Play now
    </Button>
  );
}

/** share-game: the share sheet (or a copied link) counts as the share, then the reward is claimed. */
export function ShareAction({ task, announce }: { task: DailyTask; announce: Announce }) {
  const story = useFeaturedStory();
  const share = useApiMutation("taskShareGame");
  const [sharing, setSharing] = useState(false);
  if (task.claimed) return null;

  async function onShare() {
    if (!story) return;
    setSharing(true);
    const outcome = await shareLink({ title: story.title, text: story.hook, url: `${window.location.origin}/story/${story.id}` });
    setSharing(false);
    if (!outcome.shared) {
      announce(outcome.reason === "cancelled" ? "Sharing cancelled." : "Couldn't share or copy the link on this device.");
      return;
    }
    if (outcome.channel === "link") announce("Link copied. Paste it to a friend!");
    try {
      const r = await share.mutateAsync({ story_id: story.id, channel: outcome.channel });
      announce(`Shared: ${rewardText(r.reward)}`);
    } catch (err) {
      announce(errorText(err));
    }
  }

  return (
    <Button size="sm" disabled={!story} loading={sharing || share.isPending} onClick={() => void onShare()}>
      Share
    </Button>
  );
}

/** create-story: a small title + premise form; submitting saves the idea and claims. */
export function CreateStoryAction({ task, announce }: { task: DailyTask; announce: Announce }) {
  const [open, setOpen] = useState(false);
  if (task.claimed) return null;
  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => setOpen(true)}>
          Pitch a story
        </Button>
        <Link href="/user/stories" className="text-sm font-semibold text-muted underline underline-offset-4 hover:text-fg">
          Write one in the editor
        </Link>
      </div>
    );
  }
  return (
    <CreateStoryForm
      onCancel={() => setOpen(false)}
      onDone={(reward) => {
        setOpen(false);
        announce(`Story idea saved: ${rewardText(reward)}`);
      }}
    />
  );
}

/** invite-friend: the invite code to copy; the reward can be claimed once a friend joined today. */
export function InviteAction({ task, announce }: { task: DailyTask; announce: Announce }) {
  const toast = useToast();
  const invite = useInviteCode();
  const claim = useApiMutation("taskInviteFriend");
  const code = invite.data?.invite_code;

  async function onCopy() {
    if (!code) return;
    const link = `${window.location.origin}/?invite=${encodeURIComponent(code)}`;
    if (await copyText(link)) toast.success("Invite link copied");
    else announce(`Copy this invite link: ${link}`);
  }

  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted">Your code</span>
        <code className="rounded-lg bg-surface px-2 py-1 font-mono text-sm font-semibold" aria-live="polite">
          {invite.isPending ? "…" : invite.isError ? "unavailable" : code}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void onCopy()} disabled={!code}>
          Copy link
        </Button>
      </div>
      {invite.data && <p className="text-xs text-muted">Friends who joined with your code: {invite.data.invited_count}</p>}
      {!task.claimed && (
        <Button
          size="sm"
          className="self-start"
          disabled={!task.completed}
          loading={claim.isPending}
          onClick={async () => {
            try {
              const r = await claim.mutateAsync(undefined);
              announce(`Invite reward: ${rewardText(r.reward)}`);
            } catch (err) {
              announce(err instanceof ApiError && err.status === 409 ? "No friend has joined with your code today yet." : errorText(err));
            }
          }}
        >
          {task.completed ? "Claim reward" : "Waiting for a friend to join"}
        </Button>
      )}
    </div>
  );
}
