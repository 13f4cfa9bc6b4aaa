import { z } from "zod";

// A chat's memory (the memory panel): the rolling summary the model keeps of the turns that no longer
// fit the prompt, and the facts the player pinned, which every later prompt carries and no summary
// drops. The player may rewrite the summary and add or remove pins; a change applies to the next
// reply. Nothing here is HTML: it is prompt text, shown as text.

/** Bounds of a chat's memory. */
export const MEMORY_LIMITS = {
  pins: 20,
  pinChars: 200,
  summaryChars: 2_000,
} as const;

// eslint-disable-next-line no-control-regex -- the point is to find control characters (line breaks are allowed in the summary)
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** One pinned fact: a line of the player's own words ("Juno owes me a favour"). */
export const MemoryPin = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MEMORY_LIMITS.pinChars, `at most ${MEMORY_LIMITS.pinChars} characters`)
  .refine((s) => !/[\r\n]/.test(s) && !CONTROL.test(s), "must be one line without control characters");

/** The summary as the player may write it. */
export const MemorySummary = z
  .string()
  .trim()
  .max(MEMORY_LIMITS.summaryChars, `at most ${MEMORY_LIMITS.summaryChars} characters`)
  .refine((s) => !CONTROL.test(s), "must not contain control characters");

export const MemoryPins = z
  .array(MemoryPin)
  .max(MEMORY_LIMITS.pins, `at most ${MEMORY_LIMITS.pins} pinned facts`)
  .refine((pins) => new Set(pins.map((p) => p.toLowerCase())).size === pins.length, "each fact once");

/** A chat's memory as the API answers it. */
export const ChatMemory = z.object({
  summary: z.string(),
  pins: z.array(z.string()),
  /** the newest message the summary reaches (older turns are folded into it); null: nothing folded yet */
  summarised_through: z.string().nullable(),
  /** when it last changed (a fold or the player's edit); null: never */
  updated_at: z.string().nullable(),
  /** whether the model writes the summary (no model: no summary is written, pins still count) */
  model: z.boolean(),
});
export type ChatMemory = z.infer<typeof ChatMemory>;
