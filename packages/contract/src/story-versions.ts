import { z } from "zod";
import { Rating, Slug, Timestamp } from "./entities";
import { Lorebook } from "./lorebook";
import { DraftId, StoryDraft } from "./story-draft";

// The author's view of their story's versions. Every publish freezes one story_versions row (the
// same row trust-and-safety review decides): the author lists them, reads one in full to compare it
// with another, and restores one into the draft (which then goes through review like any edit).

/** A version's id on the wire: its row number as a string. */
export const StoryVersionId = z.string().regex(/^[1-9]\d{0,15}$/, "must be a version id");

/** How review of one version went; "superseded": a newer publish replaced it before a decision. */
export const StoryVersionState = z.enum(["pending", "approved", "rejected", "superseded"]);
export type StoryVersionState = z.infer<typeof StoryVersionState>;

/** One version as listed: when it was published, and how review of it went. */
export const StoryVersionSummary = z.object({
  id: StoryVersionId,
  title: z.string(),
  state: StoryVersionState,
  /** why staff rejected it (the author sees it) */
  reason: z.string().nullable(),
  submitted_at: Timestamp,
  decided_at: Timestamp.nullable(),
});
export type StoryVersionSummary = z.infer<typeof StoryVersionSummary>;

/** One version in full: the script and every field it froze. */
export const StoryVersion = StoryVersionSummary.extend({
  hook: z.string(),
  category_id: Slug,
  tags: z.array(z.string()),
  characters: z.array(z.object({ name: z.string(), persona: z.string(), greeting: z.string() })),
  script: z.string(),
  rating: Rating,
  lorebook: Lorebook,
});
export type StoryVersion = z.infer<typeof StoryVersion>;

/** Versions a page of the list holds at most. */
export const VERSION_PAGE_MAX = 50;

export const storyVersionInputs = {
  /** newest first; `cursor` is the last listed version's id */
  storyVersionList: z
    .object({
      draft_id: DraftId,
      cursor: StoryVersionId.optional(),
      limit: z.coerce.number().int().min(1).max(VERSION_PAGE_MAX).default(20),
    })
    .strict(),
  storyVersionGet: z.object({ draft_id: DraftId, version_id: StoryVersionId }).strict(),
  storyVersionRestore: z.object({ draft_id: DraftId, version_id: StoryVersionId }).strict(),
};

export const storyVersionOutputs = {
  storyVersionList: z.object({ versions: z.array(StoryVersionSummary), next_cursor: z.string().nullable() }),
  storyVersionGet: z.object({ version: StoryVersion }),
  /** the draft as the restore left it (saved, not published) */
  storyVersionRestore: z.object({ draft: StoryDraft }),
};
