import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { ModerationVerdict } from "@storyloom/contract";
import type { Config } from "../config";
import { modelFetch } from "../llm/transport";

/** Settings of the moderation client. */
export interface ModerationSettings {
  baseURL: string;
  apiKey: string;
  model: string;
  /** how long one whole check (every call it makes) may take before it counts as failed */
  timeoutMs: number;
  /** most inputs in one call (OpenAI's endpoint takes 32 text inputs per request) */
  maxInputs?: number;
  /** most characters of one input (well within the endpoint's per-input token limit) */
  maxChars?: number;
}

/** Inputs per call and characters per input, within OpenAI's limits for /v1/moderations. */
export const MODERATION_CHUNK = { maxInputs: 32, maxChars: 2_000 } as const;
/** The most calls one check makes: every story the editor allows fits in far fewer. */
const MAX_CALLS = 8;

/** The moderation settings of the configuration, or null when no endpoint is configured. */
export function moderationSettings(config: Config): ModerationSettings | null {
  if (!config.MODERATION_BASE_URL) return null;
  return {
    baseURL: config.MODERATION_BASE_URL,
    // A local endpoint takes any key; the SDK insists on one.
    apiKey: config.MODERATION_API_KEY ?? "not-needed",
    model: config.MODERATION_MODEL,
    timeoutMs: config.MODERATION_TIMEOUT_MS,
  };
}

/** Splits one text into pieces of at most `max` characters, at a space when there is one near the end. */
function split(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const at = space > max / 2 ? space : max;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * The inputs a check sends: `fields` each on its own (long ones split), then `pieces` (short texts such
 * as a script's lines) packed together, one per line, up to `maxChars` an input.
 */
export function moderationInputs(fields: string[], pieces: string[], maxChars: number = MODERATION_CHUNK.maxChars): string[] {
  const inputs = fields.map((f) => f.trim()).filter(Boolean).flatMap((f) => split(f, maxChars));
  let packed = "";
  for (const piece of pieces.map((p) => p.trim()).filter(Boolean).flatMap((p) => split(p, maxChars))) {
    if (packed && packed.length + 1 + piece.length > maxChars) {
      inputs.push(packed);
      packed = "";
    }
    packed = packed ? `${packed}\n${piece}` : piece;
  }
  if (packed) inputs.push(packed);
  return inputs;
}

/** The inputs split into calls of at most `maxInputs` each. */
export function moderationCalls(inputs: string[], maxInputs: number = MODERATION_CHUNK.maxInputs): string[][] {
  const calls: string[][] = [];
  for (let i = 0; i < inputs.length; i += maxInputs) calls.push(inputs.slice(i, i + maxInputs));
  return calls;
}

/** One result of the endpoint, as far as the verdict reads it. */
interface WireResult {
  flagged: boolean;
  categories: Record<string, boolean | null>;
}

/** The categories of a call's results, after checking the answer has one well-formed result per input. */
function flaggedCategories(results: unknown, inputs: number): string[] {
  if (!Array.isArray(results) || results.length !== inputs) throw new BadAnswer(`answered ${Array.isArray(results) ? results.length : "no"} results for ${inputs} inputs`);
  const out: string[] = [];
  for (const r of results as Partial<WireResult>[]) {
    if (typeof r?.flagged !== "boolean" || !r.categories || typeof r.categories !== "object") throw new BadAnswer("answered a result without flagged and categories");
    const named = Object.entries(r.categories)
      .filter(([, on]) => on === true)
      .map(([name]) => name);
    out.push(...named);
    // Flagged with no category named: still flagged.
    if (r.flagged && named.length === 0) out.push("flagged");
  }
  return out;
}

class BadAnswer extends Error {}

/** Why a call failed, in words a reviewer reads beside the story. */
function failure(err: unknown, timeoutMs: number): string {
  if (err instanceof APIUserAbortError || err instanceof APIConnectionTimeoutError) return `the moderation endpoint did not answer within ${timeoutMs} ms`;
  if (err instanceof APIError && err.status) return `the moderation endpoint answered ${err.status}`;
  if (err instanceof BadAnswer) return `the moderation endpoint's answer was not understood: it ${err.message}`;
  return `the moderation endpoint could not be reached: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * A kept client of an OpenAI-compatible moderation endpoint (`POST /moderations`). A check never
 * throws: it answers a verdict, "error" when the endpoint failed, timed out or answered something it
 * could not read (the story then stays pending).
 */
export class ModerationClient {
  private readonly client: OpenAI;

  constructor(readonly settings: ModerationSettings) {
    // No SDK retries: a check is bounded by its timeout, and a failure just leaves the story pending.
    this.client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, maxRetries: 0, timeout: settings.timeoutMs, fetch: modelFetch() });
  }

  /** Checks a story's texts: `fields` (title, hook, personas, greetings) and `pieces` (the script's text strings). */
  checkStory(fields: string[], pieces: string[]): Promise<ModerationVerdict> {
    return this.check(moderationInputs(fields, pieces, this.settings.maxChars));
  }

  /** Checks texts, in as many calls as the endpoint's limits need (run together, under one deadline). */
  async check(inputs: string[]): Promise<ModerationVerdict> {
    const { model, timeoutMs } = this.settings;
    const calls = moderationCalls(inputs, this.settings.maxInputs);
    const verdict = (status: ModerationVerdict["status"], categories: string[], error: string | null, answered: string | null = model): ModerationVerdict => ({
      status,
      categories: [...new Set(categories)].sort(),
      model: answered,
      error,
      checked_at: new Date().toISOString(),
    });
    if (calls.length === 0) return verdict("clean", [], null);
    if (calls.length > MAX_CALLS) return verdict("error", [], `too much text to check (${inputs.length} inputs)`);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      const answers = await Promise.all(calls.map((input) => this.client.moderations.create({ model, input }, { signal: deadline.signal })));
      const categories = answers.flatMap((a, i) => flaggedCategories(a.results, calls[i]!.length));
      const flagged = categories.length > 0;
      return verdict(flagged ? "flagged" : "clean", categories, null, answers[0]?.model || model);
    } catch (err) {
      deadline.abort();
      return verdict("error", [], failure(err, timeoutMs));
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The verdict stored when no endpoint is configured (review is then by staff alone). */
export function skippedVerdict(): ModerationVerdict {
  return { status: "skipped", categories: [], model: null, error: null, checked_at: null };
}
