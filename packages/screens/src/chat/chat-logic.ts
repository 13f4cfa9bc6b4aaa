import type { ChatMessage } from "@storyloom/contract";

/** The four chat routes of spec section 2, each a presentation of the same conversation. */
export type ChatVariant = "classic" | "immersive" | "reasoning" | "novel";

/** Route prefix of each variant (/chat, /chat2, /chat3, /chat4). */
export const VARIANT_PATH: Record<ChatVariant, string> = {
  classic: "/chat",
  immersive: "/chat2",
  reasoning: "/chat3",
  novel: "/chat4",
};

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

/** The choices the player can pick now: the last message's, unless the story has ended. */
export function openChoices(messages: readonly ChatMessage[], ended: boolean): Choice[] {
  if (ended) return [];
  return messages.at(-1)?.choices ?? [];
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

/** Who a message is from, for labels and screen readers. */
export function speakerName(message: ChatMessage, actorNames: Readonly<Record<string, string>>): string {
  if (message.role === "user") return "You";
  if (message.role === "narrator") return "Narrator";
  return (message.actor_id && actorNames[message.actor_id]) || "Character";
}

/** Why a send failed, in the chat's words: broke, ended, or anything else. */
export type SendProblem = "coins" | "ended" | "other";

/** Sorts an API failure into what the chat does about it. */
export function sendProblem(error: { code?: string; status?: number }): SendProblem {
  if (error.code === "INSUFFICIENT_COINS" || error.status === 402) return "coins";
  if (error.code === "CONFLICT") return "ended";
  return "other";
}
