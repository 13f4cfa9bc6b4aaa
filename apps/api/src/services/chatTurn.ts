import type { Config } from "../config";
import type { ModelClient } from "../llm/client";
import type { PromptCharacter, PromptLine } from "../llm/prompt";
import { sceneTags } from "./ink";
import { speakerOf, type ActorRow, type MessageRow, type SavedTurn } from "./chat";
import type { Db } from "@storyloom/db";
import type { ChatMessage } from "@storyloom/contract";

// The shapes and small rules of a chat turn, shared by the engine and its revisions (regenerate, edit, select).

/** Which chat route the player is on: one character, the story, the reasoning view, or the group scene. */
export type ChatMode = "character" | "story" | "reasoning" | "group";

/** Where a turn's pieces go as they are written (the SSE stream, or nowhere for a JSON answer). */
export interface TurnChannel {
  /** the player stopped or left: abort the model at once */
  signal: AbortSignal;
  /** the pre-checks passed: a stream may start now (errors after this are events, not envelopes) */
  open(): void;
  start(role: "actor" | "narrator", actorId: string | null): void;
  delta(text: string): void;
  reasoning(text: string): void;
  choices(choices: { index: number; text: string }[]): void;
}

/** A finished turn: what it wrote, the balance after it, whether the story ended. */
export interface TurnResult {
  messages: ChatMessage[];
  coins: number;
  ended: boolean;
  /** the id of the last message it wrote (the `done` event's message_id) */
  messageId: string | null;
}

/** What the engine needs. */
export interface EngineDeps {
  db: Db;
  config: Config;
  model: ModelClient | null;
  /** where background work (the chat memory's folds) reports what went wrong; the console when left out */
  log?: { warn(message: string): void };
}

/** The chat a call is about. */
export interface ChatTarget {
  storyId: string;
  actorId?: string;
  mode?: ChatMode;
  /** the caller's address bucket (addressBucket of the client address): its model calls count against the per-address limit */
  address?: string;
}

export const FREE_TEXT_NEEDS_MODEL = "This story is played by its choices: free replies need a language model";
/** The most characters that answer one message in a group scene. */
export const GROUP_SIZE = 3;
/** Replies kept per message (the wire's alternative index is 0..19). */
export const MAX_ALTERNATIVES = 20;

/** The chat mode a call is in (default: character with a character, else story). */
export const modeOf = (t: ChatTarget): ChatMode => t.mode ?? (t.actorId ? "character" : "story");
/** A character as the prompt needs it. */
export const persona = (a: ActorRow): PromptCharacter => ({ id: a.id, name: a.name, tagline: a.tagline, persona: a.persona, greeting: a.greeting });

/** The characters that answer a typed message, in order (null = the narrator). */
export function speakersFor(mode: ChatMode, cast: ActorRow[], actorId: string | undefined, said: string): (ActorRow | null)[] {
  if (mode === "group") {
    // Addressed by name ("Juno, …", "what do you think, Vex?"): that character answers alone.
    const low = said.toLowerCase();
    const named = cast.filter((a) => a.name.toLowerCase().split(/\s+/).some((part) => part.length > 1 && new RegExp(`\\b${part.replace(/[^\p{L}\p{N}]/gu, "")}\\b`, "iu").test(low)));
    if (named.length === 1) return named;
    const first = cast.find((a) => a.id === actorId);
    return [...(first ? [first] : []), ...cast.filter((a) => a !== first)].slice(0, GROUP_SIZE);
  }
  if (mode === "character") return [cast.find((a) => a.id === actorId) ?? cast[0] ?? null];
  // The reasoning view answers as the character it was opened with, else (like story mode) as the narrator.
  if (mode === "reasoning" && actorId) return [cast.find((a) => a.id === actorId) ?? null];
  return [null];
}

/** The scene the prompt shows: ink's text of the current turn and its tags. */
export function sceneOf(rows: MessageRow[], saved: MessageRow | undefined, cast: ActorRow[] = []): { lines: string[]; tags: ReturnType<typeof sceneTags> } {
  const state = saved?.state as SavedTurn | undefined;
  // The prompt shows speakers by name (threads saved before tags were resolved hold them as written).
  const nameOf = (tag: string) => speakerOf(cast, tag)?.name ?? tag;
  if (state?.scene) {
    const tags = sceneTags(state.tags ?? []);
    const lines = state.scene.map((l, i) => (state.speakers?.[i] ? `${nameOf(state.speakers[i])}: ${l}` : l));
    return { lines, tags: { ...tags, ...(tags.speaker ? { speaker: nameOf(tags.speaker) } : {}) } };
  }
  // Threads saved before scenes were kept: the script's lines up to the saved row.
  const end = saved ? rows.findIndex((r) => r.id === saved.id) : -1;
  const lines: string[] = [];
  for (let i = end; i >= 0 && rows[i]!.role === "narrator" && rows[i]!.source !== "model"; i--) lines.unshift(rows[i]!.content);
  return { lines, tags: {} };
}

/** A stored message as a prompt line. */
export const asLine = (r: MessageRow): PromptLine => ({ role: r.role === "user" ? "user" : r.role === "actor" ? "actor" : "narrator", actorId: r.actorId, content: r.content, id: r.id });

/** The choice index of a tool call's JSON arguments; null when they name none. */
export function parseChoice(args: string): number | null {
  try {
    const v = (JSON.parse(args || "{}") as { index?: unknown }).index;
    const n = typeof v === "string" ? Number(v) : v;
    return typeof n === "number" && Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}
