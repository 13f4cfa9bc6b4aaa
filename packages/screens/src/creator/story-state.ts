// Where one of the author's stories stands, in words: the draft's status and its review together.
// No React here, so every case is unit-tested.
import type { StoryDraftSummary } from "@storyloom/contract";
import type { BadgeTone } from "@storyloom/ui";

/** What "My stories" and the editor show for a story's state. */
export interface StoryState {
  label: string;
  tone: BadgeTone;
  /** a sentence under the title: the rejection's reason or what happens next; null when the label says it all */
  detail: string | null;
  /** the story can be played in the catalogue now */
  live: boolean;
  /** rejected: the author may edit and send it again */
  resubmit: boolean;
}

const state = (label: string, tone: BadgeTone, detail: string | null, live = false, resubmit = false): StoryState => ({ label, tone, detail, live, resubmit });

/**
 * Draft / In review / Live / Rejected (with the reason) / Hidden by staff / "Live; a new version is
 * in review", from the draft's status and `review`. A published draft without a review (stories
 * published before review existed) is live.
 */
export function storyState(d: Pick<StoryDraftSummary, "status" | "review">): StoryState {
  const r = d.review;
  if (d.status === "draft" && !r) return state("Draft", "neutral", null);
  if (d.status === "unpublished") return state("Unpublished", "warning", "You took it out of the catalogue. Publish again whenever you like.");
  if (!r) return d.status === "published" ? state("Live", "success", null, true) : state("Draft", "neutral", null);
  if (r.hidden) return state("Hidden by staff", "danger", "Staff took this story out of the catalogue after a report or a review. Write to support if you think this is a mistake.");
  if (r.state === "pending") {
    return r.live_version_approved
      ? state("Live; a new version is in review", "success", "Players keep playing the approved version until the new one is approved.", true)
      : state("In review", "warning", "Staff check every story before it appears in the catalogue.");
  }
  if (r.state === "rejected") {
    const reason = r.reason ? `Reason: ${r.reason}` : "No reason was given.";
    return r.live_version_approved
      ? state("Live; the new version was rejected", "warning", reason, true, true)
      : state("Rejected", "danger", reason, false, true);
  }
  return state("Live", "success", null, true);
}

/** What the editor says after Publish: "Submitted for review" or "Live", by the answer's review. */
export function publishedText(d: Pick<StoryDraftSummary, "status" | "review">, reward: number): string {
  const coins = reward > 0 ? ` · +${reward} coins for today's story task` : "";
  if (d.review?.state === "pending") {
    return d.review.live_version_approved
      ? "Submitted for review. Players keep playing the approved version until staff approve this one."
      : "Submitted for review. It appears in the catalogue once staff approve it; My stories shows how it stands.";
  }
  return `Live: it is in the catalogue now${coins}.`;
}
