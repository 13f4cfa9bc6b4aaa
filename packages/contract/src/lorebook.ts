import { z } from "zod";

// A story's lorebook (world info): entries the prompt builder adds when the recent turns name them
// (or always). Keys are plain words or a regular expression written `/pattern/` (or `/pattern/i`);
// the API compiles every pattern with a linear-time engine (RE2), because an author's pattern runs on
// every prompt of every player, so a pattern RE2 cannot compile is refused when the draft is saved.
// Nothing here is HTML: entries are prompt text, shown as text.

/** Bounds of a lorebook. */
export const LORE_LIMITS = {
  entries: 100,
  keysPerEntry: 20,
  keyChars: 100,
  regexChars: 200,
  contentChars: 2_000,
  nameChars: 80,
  /** the most (percent of the prompt's token budget) one entry may take */
  maxShare: 50,
} as const;

/** Where an entry goes in the prompt: around the persona, or last, just before the recent turns. */
export const LorePosition = z.enum(["before_persona", "after_persona", "before_turns"]);
export type LorePosition = z.infer<typeof LorePosition>;

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** Whether a key is a regular expression (`/…/` or `/…/i`) rather than plain words. */
export const isRegexKey = (key: string) => /^\/.+\/i?$/s.test(key);

/** One key: plain words (matched whole, any case) or `/pattern/` / `/pattern/i` (RE2 syntax). */
export const LoreKey = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(LORE_LIMITS.regexChars + 3, `at most ${LORE_LIMITS.regexChars} characters`)
  .refine((s) => !/[\r\n]/.test(s) && !CONTROL.test(s), "must be one line without control characters")
  .superRefine((s, ctx) => {
    // A pattern's own length (without its slashes and flag) is bounded, plain words more tightly.
    if (isRegexKey(s)) {
      if (s.replace(/^\/|\/i?$/g, "").length > LORE_LIMITS.regexChars) ctx.addIssue({ code: "custom", message: `a pattern is at most ${LORE_LIMITS.regexChars} characters` });
    } else if (s.length > LORE_LIMITS.keyChars) ctx.addIssue({ code: "custom", message: `at most ${LORE_LIMITS.keyChars} characters` });
  });

/** One entry of a lorebook as the author writes it. */
export const LoreEntry = z
  .object({
    /** the author's label for it (shown in the editor and the prompt inspector, never sent to the model) */
    name: z.string().trim().min(1, "must not be empty").max(LORE_LIMITS.nameChars, `at most ${LORE_LIMITS.nameChars} characters`).refine((s) => !/[\r\n]/.test(s) && !CONTROL.test(s), "must be one line without control characters"),
    keys: z.array(LoreKey).max(LORE_LIMITS.keysPerEntry, `at most ${LORE_LIMITS.keysPerEntry} keys`).default([]),
    content: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(LORE_LIMITS.contentChars, `at most ${LORE_LIMITS.contentChars} characters`)
      .refine((s) => !CONTROL.test(s), "must not contain control characters"),
    /** always in the prompt (budget permitting), keys or not */
    always: z.boolean().default(false),
    /** higher first when the budget cannot hold every entry that fired */
    priority: z.number().int().min(0).max(100).default(50),
    position: LorePosition.default("after_persona"),
    /** the most of the prompt's token budget (percent) this entry may take; a longer entry is left out */
    share: z.number().int().min(1).max(LORE_LIMITS.maxShare).default(10),
  })
  .strict()
  .refine((e) => e.always || e.keys.length > 0, { message: "give at least one key, or make it always on", path: ["keys"] });
export type LoreEntry = z.infer<typeof LoreEntry>;

/** A story's lorebook: its entries, in the author's order. */
export const Lorebook = z.array(LoreEntry).max(LORE_LIMITS.entries, `at most ${LORE_LIMITS.entries} entries`);
export type Lorebook = z.infer<typeof Lorebook>;

/** What the prompt was built from, part by part (the prompt inspector's view of one reply). */
export const PromptPartKind = z.enum(["instructions", "persona", "scene", "choices", "lore", "summary", "pins", "after_choice", "continue", "turn"]);
export type PromptPartKind = z.infer<typeof PromptPartKind>;

export const PromptPart = z.object({
  kind: PromptPartKind,
  /** what the inspector calls it ("Persona", "Lore: The Moon Gate", "Player", …) */
  label: z.string(),
  /** where it went: the system message, or a message of its own (a recent turn) */
  message: z.enum(["system", "user", "assistant"]),
  text: z.string(),
  /** its tokens as the prompt builder counted them (with the tokenizer used for the budget) */
  tokens: z.number().int(),
});
export type PromptPart = z.infer<typeof PromptPart>;

/** A lore entry that fired (or would have, but did not fit), and why. */
export const LoreFiring = z.object({
  name: z.string(),
  /** the keys that matched, as the author wrote them, with the words they matched */
  matched: z.array(z.object({ key: z.string(), text: z.string() })),
  always: z.boolean(),
  /** 0: matched the recent turns; 1+: matched another entry's content (recursion) */
  depth: z.number().int(),
  tokens: z.number().int(),
  included: z.boolean(),
  /** why it was left out, when it was */
  reason: z.enum(["over_share", "over_budget"]).nullable(),
});
export type LoreFiring = z.infer<typeof LoreFiring>;

/** What one reply's prompt was built from, stored with the reply when it was generated. */
export const PromptRecord = z.object({
  parts: z.array(PromptPart),
  lore: z.array(LoreFiring),
  /** what was left out to fit the budget */
  trimmed: z.object({
    scene_lines: z.number().int(),
    turns: z.number().int(),
    summary_lines: z.number().int(),
    lore_entries: z.number().int(),
  }),
  /** tokens of the choice tool's definition (sent beside the messages), 0 without it */
  tool_tokens: z.number().int(),
  budget: z.number().int(),
  /** the parts' tokens and the tool's: what the prompt took as counted */
  tokens: z.number().int(),
});
export type PromptRecord = z.infer<typeof PromptRecord>;
