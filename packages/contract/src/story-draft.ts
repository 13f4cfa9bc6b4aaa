import { z } from "zod";
import { SPEECH_LIMITS, STORY_LIMITS as L } from "./constants";
import { DailyTask, Rating, Slug, Timestamp } from "./entities";
import { Lorebook } from "./lorebook";
import { DraftReview } from "./safety";

// The story editor's wire shapes. Text fields refuse control characters (a tab or newline where
// one makes sense is allowed) so a title can never smuggle in invisible or layout-breaking text;
// nothing here is HTML: every client renders these fields as text.

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const noControl = (s: string) => !CONTROL.test(s);
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((s) => !/[\r\n]/.test(s), "must be one line")
    .refine(noControl, "must not contain control characters");
const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`).refine(noControl, "must not contain control characters");

/** A draft's id on the wire: its row number as a string. */
export const DraftId = z.string().regex(/^[1-9]\d{0,15}$/, "must be a draft id");
/** A story title: one line of text. */
export const StoryTitle = line(L.titleChars).pipe(z.string().min(1, "must not be empty"));
/** A character's name: letters (any script), digits, spaces and name punctuation, starting with a letter or digit. */
export const CharacterName = line(L.nameChars).pipe(
  z
    .string()
    .min(1, "must not be empty")
    .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N} .'’-]*$/u, "letters, digits, spaces, dots, apostrophes and dashes only"),
);
/** A tag: a short word or two. */
export const StoryTag = line(L.tagChars).pipe(
  z
    .string()
    .min(1, "must not be empty")
    .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N} '-]*$/u, "letters, digits, spaces and dashes only"),
);

/** A voice name of a speech server (`alloy`, `af_bella`, `en-US-1`): a bounded word, or empty for the default. */
export const CharacterVoice = z
  .string()
  .trim()
  .max(SPEECH_LIMITS.voiceChars, `at most ${SPEECH_LIMITS.voiceChars} characters`)
  .regex(/^[A-Za-z0-9._-]*$/, "letters, digits, dots, dashes and underscores only");

/** A character as the author writes it. */
export const DraftCharacter = z
  .object({
    name: CharacterName,
    persona: text(L.personaChars).default(""),
    greeting: text(L.greetingChars).default(""),
    /** the speech server's voice reading this character aloud; empty or absent = the server's default (TTS_VOICE) */
    voice: CharacterVoice.optional(),
  })
  .strict();
export type DraftCharacter = z.infer<typeof DraftCharacter>;

// Field checks without defaults: an update changes only the fields it sends.
const fieldShape = {
  title: StoryTitle,
  hook: text(L.hookChars),
  category_id: Slug.nullable(),
  tags: z.array(StoryTag).max(L.tags, `at most ${L.tags} tags`),
  characters: z
    .array(DraftCharacter)
    .max(L.characters, `at most ${L.characters} characters`)
    .refine((cs) => new Set(cs.map((c) => c.name.toLowerCase())).size === cs.length, "two characters have the same name"),
  script: z.string().max(L.scriptChars, `the script is longer than ${L.scriptChars} characters`),
  /** the author's rating: "mature" stories are shown only to signed-in players who confirmed their age */
  rating: Rating,
  /** world-info entries the prompt builder adds when the recent turns name them (see lorebook.ts) */
  lorebook: Lorebook,
};

/** Every editable field of a new draft: the title is required, the rest start empty. */
export const DraftFields = z
  .object({
    ...fieldShape,
    hook: fieldShape.hook.default(""),
    category_id: fieldShape.category_id.default(null),
    tags: fieldShape.tags.default([]),
    characters: fieldShape.characters.default([]),
    script: fieldShape.script.default(""),
    rating: fieldShape.rating.default("general"),
    lorebook: fieldShape.lorebook.default([]),
  })
  .strict();

/** The fields of an update: any of them, each checked as on create. */
export const DraftChanges = z.object(fieldShape).partial().strict();

/** Where a draft stands: never published, live in the catalogue, or taken down by its author. */
export const DraftStatus = z.enum(["draft", "published", "unpublished"]);

/** One of the author's drafts, in full. */
export const StoryDraft = z.object({
  id: DraftId,
  title: z.string(),
  hook: z.string(),
  category_id: Slug.nullable(),
  tags: z.array(z.string()),
  characters: z.array(z.object({ name: z.string(), persona: z.string(), greeting: z.string() })),
  script: z.string(),
  rating: Rating,
  lorebook: Lorebook,
  status: DraftStatus,
  /** how review of the newest submission stands; null until first submitted */
  review: DraftReview.nullable(),
  /** The catalogue id once published (kept through unpublish, so a republish keeps its links). */
  story_id: Slug.nullable(),
  /** True when the draft was edited after its last publish (the catalogue shows the older version). */
  unpublished_changes: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  published_at: Timestamp.nullable(),
});
export type StoryDraft = z.infer<typeof StoryDraft>;

/** A draft as listed: without the script, the characters and the lorebook. */
export const StoryDraftSummary = StoryDraft.omit({ script: true, characters: true, lorebook: true });
export type StoryDraftSummary = z.infer<typeof StoryDraftSummary>;

/** One problem of a script: its 1-based line (null when ink gives none) and what is wrong. */
export const ScriptProblem = z.object({ line: z.number().int().nullable(), message: z.string() });
export type ScriptProblem = z.infer<typeof ScriptProblem>;

/**
 * What publishing answers: the draft (its `review` says whether it is live or waits for review), its
 * catalogue id, and the create-story task's claim (paid when the story is approved: reward 0 while
 * it waits).
 */
export const PublishOutcome = z.object({
  draft: StoryDraft,
  story_id: Slug,
  task: DailyTask,
  reward: z.number().int(),
  coins: z.number().int(),
});

/**
 * What the co-writer (a language model) is asked for, from the saved draft: the script's next knot
 * (the first knot a divert names that is not written yet, else a new one), or a persona for one of
 * the characters (by index). `note` is the author's wish for it.
 */
export const CowriteRequest = z.discriminatedUnion("kind", [
  z.object({ id: DraftId, kind: z.literal("knot"), note: line(L.cowriteNoteChars).optional() }).strict(),
  z
    .object({
      id: DraftId,
      kind: z.literal("persona"),
      character: z.number().int().min(0).max(L.characters - 1),
      note: line(L.cowriteNoteChars).optional(),
    })
    .strict(),
]);

/** A co-written suggestion: plain text the author accepts or rejects (never HTML). */
export const CowriteSuggestion = z.object({
  kind: z.enum(["knot", "persona"]),
  /** ink for a knot (starting with its `=== name ===` line), prose for a persona */
  text: z.string(),
  /** the knot's name (kind knot), else null */
  knot: z.string().nullable(),
  /** the character's index (kind persona), else null */
  character: z.number().int().nullable(),
  /** true when the model's output cap cut it short (the end may be missing) */
  truncated: z.boolean(),
});
export type CowriteSuggestion = z.infer<typeof CowriteSuggestion>;
