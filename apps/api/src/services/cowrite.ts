import { compileErrorsInk } from "./ink";
import { STORY_LIMITS as L, type CowriteSuggestion, type EndpointParsedInput, type StoryDraft } from "@storyloom/contract";
import type { Db } from "@storyloom/db";
import type { Config } from "../config";
import { ApiError } from "../errors";
import { ModelError, type ModelClient } from "../llm/client";
import { buildCowritePrompt, type CowriteAsk } from "../llm/cowritePrompt";
import { meteredStream } from "./modelBudget";
import { hitRateLimit } from "./rateLimit";
import { getDraft } from "./storyDrafts";

type Ask = EndpointParsedInput<"storyDraftCowrite">;

/** The answer when no model is configured (the editor hides the button then). */
export const COWRITE_NEEDS_MODEL = "Co-writing needs a language model, and none is configured";
/** Room a knot needs in the script before the model is asked for one. */
const MIN_KNOT_ROOM = 200;

// eslint-disable-next-line no-control-regex -- the point is to drop control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const HEADER = /^\s*={2,}\s*(\w+)\s*=*\s*$/;

/** The model's words as plain text: one kind of newline, no control characters, only what a code fence holds. */
export function plainText(raw: string): string {
  const t = raw.replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
  // Models like to wrap ink in a fence, often after a line of chat ("Here it is:"): keep the inside.
  const fenced = /```[\w-]*\n([\s\S]*?)(?:\n?```|$)/.exec(t);
  return (fenced ? fenced[1]! : t).trim();
}

/**
 * Cuts `text` to `max` characters at the last line (or sentence) end before it; flags the cut.
 * `cutShort`: the model's output cap already cut it, so its last piece is unfinished: drop it too.
 */
function cap(text: string, max: number, at: RegExp, cutShort = false): { text: string; cut: boolean } {
  if (text.length <= max && !cutShort) return { text, cut: false };
  const head = text.slice(0, max);
  let end = -1;
  for (const m of head.matchAll(at)) end = m.index + m[0].length;
  return { text: (end > head.length / 2 ? head.slice(0, end) : head).trimEnd(), cut: true };
}

/**
 * The first knot the script diverts to without writing it (`-> sand` with no `== sand ==`), or null.
 * The script is compiled on the ink pool, like every other use of a user's script.
 */
export async function missingKnot(script: string): Promise<string | null> {
  if (!script.trim()) return null;
  const errors = await compileErrorsInk(script);
  for (const e of errors ?? []) {
    const m = /Divert target not found: '-> ?(\w+)/.exec(e.message);
    if (m && m[1] !== "END" && m[1] !== "DONE") return m[1]!;
  }
  return null;
}

/** A model's knot as the script takes it: from its `=== name ===` line on (one is added when missing). */
export function asKnot(text: string, want: string | null, room: number, cutShort = false): { text: string; knot: string; cut: boolean } {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => HEADER.test(l));
  const body = at >= 0 ? lines.slice(at).join("\n") : `=== ${want ?? "next_scene"} ===\n${text}`;
  const knot = HEADER.exec(body.split("\n")[0]!)![1]!;
  const capped = cap(body, Math.min(L.cowriteKnotChars, room), /\n/g, cutShort);
  return { text: capped.text, knot, cut: capped.cut };
}

/** A model's persona as the field takes it: no label, no wrapping quotes, within the field's size. */
export function asPersona(text: string, cutShort = false): { text: string; cut: boolean } {
  const t = text
    .replace(/^\s*(?:\*\*)?persona(?:\*\*)?\s*:\s*/i, "")
    .replace(/^["“](.*)["”]$/s, "$1")
    .trim();
  return cap(t, L.personaChars, /[.!?…]["”’)]?(?=\s|$)/g, cutShort);
}

/**
 * The co-writer: asks the language model for a draft's next knot or a character's persona. Free for
 * the author (a suggestion is not content anyone reads until the author accepts and publishes it),
 * so nothing is charged; each call counts against the caller's per-minute model limit, the same
 * budget as chat replies, which bounds what one person can cost, and its tokens count in the site's
 * daily token budget (503 once it is spent).
 */
export class CoWriter {
  constructor(readonly deps: { db: Db; config: Config; model: ModelClient | null }) {}

  /** Whether a model is configured (the editor shows the co-write buttons). */
  get available(): boolean {
    return this.deps.model !== null;
  }

  /** One suggestion for the caller's own draft (anyone else's is NOT_FOUND); `signal` aborts the model. */
  async suggest(userId: number, input: Ask, signal: AbortSignal): Promise<CowriteSuggestion> {
    const { db, config, model } = this.deps;
    if (!model) throw new ApiError("UNAVAILABLE", COWRITE_NEEDS_MODEL);
    const draft = await getDraft(db, userId, input.id);
    const room = L.scriptChars - draft.script.length - 2;
    if (input.kind === "knot" && room < MIN_KNOT_ROOM) throw new ApiError("CONFLICT", `The script is within ${MIN_KNOT_ROOM} characters of its limit: there is no room for another knot`);
    // Counted before any work on the script: a refused attempt still counts, as in chat.
    await hitRateLimit(db, `llm:user:${userId}`, config.LLM_RATE_PER_MINUTE, 60, "Too many model calls in a minute; wait a moment");
    const ask = await this.ask(draft, input);
    const messages = buildCowritePrompt(draft, ask, config.LLM_CONTEXT_TOKENS - config.LLM_MAX_OUTPUT_TOKENS);
    let reply;
    try {
      reply = await meteredStream({ db, config, model }, { messages, signal }, { text: () => undefined, reasoning: () => undefined });
    } catch (err) {
      throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
    }
    const text = plainText(reply.text);
    if (reply.stopped) throw new ApiError("CONFLICT", "The request was stopped before the suggestion was written");
    if (!text) throw new ApiError("MODEL_ERROR", "The language model wrote an empty suggestion");
    if (ask.kind === "knot") {
      const knot = asKnot(text, ask.knot, room, reply.truncated);
      return { kind: "knot", text: knot.text, knot: knot.knot, character: null, truncated: reply.truncated || knot.cut };
    }
    const persona = asPersona(text, reply.truncated);
    if (!persona.text) throw new ApiError("MODEL_ERROR", "The language model wrote an empty suggestion");
    return { kind: "persona", text: persona.text, knot: null, character: ask.character, truncated: reply.truncated || persona.cut };
  }

  private async ask(draft: StoryDraft, input: Ask): Promise<CowriteAsk> {
    if (input.kind === "knot") return { kind: "knot", knot: await missingKnot(draft.script), note: input.note };
    if (!draft.characters[input.character]) {
      throw new ApiError("VALIDATION_ERROR", "Invalid body: character is not a character of this draft (save the draft first)", {
        fields: [{ path: "character", message: "is not a character of this draft" }],
      });
    }
    return { kind: "persona", character: input.character, note: input.note };
  }
}
