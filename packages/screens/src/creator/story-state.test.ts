import { describe, expect, it } from "vitest";
import type { DraftReview } from "@storyloom/contract";
import { publishedText, storyState } from "./story-state";

const review = (patch: Partial<DraftReview>): DraftReview => ({
  version_id: "3",
  state: "pending",
  reason: null,
  submitted_at: "2026-11-28T10:00:00.000Z",
  decided_at: null,
  live_version_approved: false,
  hidden: false,
  ...patch,
});

describe("a story's state in My stories", () => {
  it("names each state the author can be in", () => {
    expect(storyState({ status: "draft", review: null })).toMatchObject({ label: "Draft", live: false, resubmit: false });
    expect(storyState({ status: "published", review: review({}) })).toMatchObject({ label: "In review", live: false });
    expect(storyState({ status: "published", review: review({ state: "approved" }) })).toMatchObject({ label: "Live", live: true });
    expect(storyState({ status: "published", review: review({ live_version_approved: true }) })).toMatchObject({ label: "Live; a new version is in review", live: true });
    expect(storyState({ status: "unpublished", review: review({ state: "approved" }) })).toMatchObject({ label: "Unpublished", live: false });
  });
  it("shows a rejection's reason and offers to resubmit", () => {
    const s = storyState({ status: "published", review: review({ state: "rejected", reason: "The script is copied." }) });
    expect(s).toMatchObject({ label: "Rejected", detail: "Reason: The script is copied.", live: false, resubmit: true });
    expect(storyState({ status: "published", review: review({ state: "rejected", live_version_approved: true }) })).toMatchObject({ live: true, resubmit: true, detail: "No reason was given." });
  });
  it("puts staff hiding above every other state", () => {
    for (const state of ["pending", "approved", "rejected"] as const) {
      expect(storyState({ status: "published", review: review({ state, hidden: true, live_version_approved: true }) })).toMatchObject({ label: "Hidden by staff", live: false });
    }
  });
  it("reads a published story from before review as live", () => {
    expect(storyState({ status: "published", review: null })).toMatchObject({ label: "Live", live: true });
  });
});

describe("what Publish says", () => {
  it("says Submitted for review while pending, Live when approved at once", () => {
    expect(publishedText({ status: "published", review: review({}) }, 0)).toMatch(/^Submitted for review\./);
    expect(publishedText({ status: "published", review: review({ live_version_approved: true }) }, 0)).toMatch(/keep playing the approved version/);
    expect(publishedText({ status: "published", review: review({ state: "approved" }) }, 20)).toBe("Live: it is in the catalogue now · +20 coins for today's story task.");
    expect(publishedText({ status: "published", review: null }, 0)).toBe("Live: it is in the catalogue now.");
  });
});
