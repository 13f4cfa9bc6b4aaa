import type { ChatMessage } from "@storyloom/contract";
import { lastPlayerIndex } from "./room-logic";

// The thread's logic. What the room draws with (variants, speakers, shown messages) is in
// room-logic.ts, part of the first load; re-exported here.
export { isForkable, isReportable, lastPlayerIndex, shownMessages, speakerName, VARIANT_MODE, VARIANT_PATH, type ChatMode, type ChatVariant } from "./room-logic";

/** Longest typed message (the contract's limit). */
export const MAX_MESSAGE_LENGTH = 2000;

/** What a chat URL names: the story, and the character unless the variant plays the story alone. */
export interface ChatTarget {
  storyId: string;
  actorId: string | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** Reads the catch-all `storyId[/actorId]`; anything else (empty, extra parts, bad slugs) is null. */
export function parseChatParams(params: readonly string[] | undefined): ChatTarget | null {
  if (!params || params.length < 1 || params.length > 2) return null;
  let parts: string[];
  try {
    parts = params.map((p) => decodeURIComponent(p));
  } catch {
    return null; // a malformed %-escape names nothing
  }
  const [storyId, actorId] = parts;
  if (!storyId || !SLUG.test(storyId)) return null;
  if (actorId !== undefined && !SLUG.test(actorId)) return null;
  return { storyId, actorId: actorId ?? null };
}

/** One open choice of the current scene. */
export type Choice = NonNullable<ChatMessage["choices"]>[number];

/**
 * The choices the player can pick now, unless the story has ended: the API puts the open choices
 * on the message where the script last stopped, which free replies may have followed since.
 */
export function openChoices(messages: readonly ChatMessage[], ended: boolean): Choice[] {
  if (ended) return [];
  return messages.findLast((m) => m.choices !== undefined)?.choices ?? [];
}

/** The stored message that offers the open choices (sent with a pick, so a repeated pick is refused). */
export function choicesOfferedBy(messages: readonly ChatMessage[]): string | undefined {
  const id = messages.findLast((m) => m.choices !== undefined)?.id;
  return id && /^[1-9][0-9]*$/.test(id) ? id : undefined;
}

/** Appends answer messages to a thread, skipping ones it already has (a refetch may race the answer). */
export function mergeMessages(thread: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(thread.map((m) => m.id));
  return [...thread, ...incoming.filter((m) => !seen.has(m.id))];
}

/** The player's pick, shown at once while the answer is on its way (replaced by the server's copy). */
export function pendingPlayerMessage(choice: Choice, now = new Date()): ChatMessage {
  return { id: `pending-${choice.index}-${now.getTime()}`, role: "user", actor_id: null, content: choice.text, created_at: now.toISOString() };
}

/**
 * Why a send failed, in the chat's words: out of coins, the thread moved on (the story ended or
 * another tab played), a reply still being written, too many messages, the model failed, or else.
 */
export type SendProblem = "coins" | "ended" | "busy" | "rate" | "model" | "other";

/** Sorts an API failure into what the chat does about it. */
export function sendProblem(error: { code?: string; status?: number; message?: string }): SendProblem {
  if (error.code === "INSUFFICIENT_COINS" || error.status === 402) return "coins";
  if (error.code === "RATE_LIMITED" || error.status === 429) return "rate";
  if (error.code === "CONFLICT") return /still being written/i.test(error.message ?? "") ? "busy" : "ended";
  if (error.code === "MODEL_ERROR") return "model";
  return "other";
}

/** What the player is told about a failed send (the server's own words where they are clear). */
export function problemMessage(kind: SendProblem, serverMessage: string, cost: number): string {
  switch (kind) {
    case "coins":
      return `Out of coins: each reply costs ${cost}. Top up to keep playing.`;
    case "busy":
      return "A reply is still being written. Wait for it to finish, then send again.";
    case "rate":
      return "You are sending messages too quickly. Wait a moment and try again.";
    case "model":
      return `The character could not answer${serverMessage ? ` (${serverMessage})` : ""}. You were not charged for an empty reply; try again.`;
    default:
      return serverMessage || "The story could not answer. Please try again.";
  }
}

/** The player's typed line, shown at once while the reply is on its way. */
export function pendingTextMessage(content: string, now = new Date()): ChatMessage {
  return { id: `pending-text-${now.getTime()}`, role: "user", actor_id: null, content, created_at: now.toISOString() };
}

/**
 * The model's replies of the last turn (what Regenerate writes anew): the model-written messages
 * after the player's last message. Script lines of the same turn are not regenerated.
 */
export function lastModelReplies(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.slice(lastPlayerIndex(messages) + 1).filter((m) => m.source === "model");
}

/** The thread without the given messages (by id). */
export function withoutMessages(thread: readonly ChatMessage[], drop: readonly ChatMessage[]): ChatMessage[] {
  const ids = new Set(drop.map((m) => m.id));
  return thread.filter((m) => !ids.has(m.id));
}

/** The thread up to (not including) the message with this id; the whole thread if it is absent. */
export function threadBefore(thread: readonly ChatMessage[], id: string): ChatMessage[] {
  const at = thread.findIndex((m) => m.id === id);
  return at < 0 ? [...thread] : thread.slice(0, at);
}

/** Replaces a message by id (an alternative chosen with the pager takes the shown one's place). */
export function replaceMessage(thread: readonly ChatMessage[], id: string, next: ChatMessage): ChatMessage[] {
  return thread.map((m) => (m.id === id ? next : m));
}

/**
 * The thread's public beginning, as the server can render it before anyone is signed in: the
 * character's greeting and the story's opening lines, the way the API starts every thread (the
 * lead greets, then ink's first lines are told one narrator message each). The page paints these
 * with its first frame; the client's thread takes their place once it is read.
 */
export function openingMessages(
  lead: { id: string; greeting: string } | undefined,
  opening: string,
  at: string,
): ChatMessage[] {
  const lines = opening
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return [
    ...(lead ? [{ id: "opening-greeting", role: "actor" as const, actor_id: lead.id, content: lead.greeting, source: "script" as const, created_at: at }] : []),
    ...lines.map((content, i) => ({ id: `opening-${i}`, role: "narrator" as const, actor_id: null, content, source: "script" as const, created_at: at })),
  ];
}

