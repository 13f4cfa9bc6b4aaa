// What the chat room needs to draw a thread, in its first load: the variants, who speaks, which
// messages show and what can be done to them. The thread's own logic (picks, sends, failures, the
// opening) is in chat-logic.ts, which loads with the thread's code after the first load; it
// re-exports all of this, so either module can be imported for these.
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

/** The API's chat mode of each variant: who answers and how (the chat wire's `mode`). */
export type ChatMode = "character" | "story" | "reasoning" | "group";

/** /chat talks to one character, /chat2 plays the story with narration, /chat3 shows reasoning, /chat4 a group scene. */
export const VARIANT_MODE: Record<ChatVariant, ChatMode> = {
  classic: "character",
  immersive: "story",
  reasoning: "reasoning",
  novel: "group",
};

/** Who a message is from, for labels and screen readers. */
export function speakerName(message: ChatMessage, actorNames: Readonly<Record<string, string>>): string {
  if (message.role === "user") return "You";
  if (message.role === "narrator") return "Narrator";
  return (message.actor_id && actorNames[message.actor_id]) || "Character";
}

/** Index of the player's last message, or -1. */
export function lastPlayerIndex(messages: readonly ChatMessage[]): number {
  return messages.findLastIndex((m) => m.role === "user");
}

/**
 * The messages to show: the thread once it has any, else (while it is read, or while the story is
 * being started) the public opening the page was rendered with. An error shows no placeholder.
 */
export function shownMessages(status: "loading" | "error" | "ready", thread: ChatMessage[], opening: ChatMessage[]): { messages: ChatMessage[]; placeholder: boolean } {
  if (status === "error" || thread.length > 0 || opening.length === 0) return { messages: thread, placeholder: false };
  return { messages: opening, placeholder: true };
}

/** Whether a message is a model reply that pages alternatives and may continue on a branch (issue 45). */
export function isForkable(m: ChatMessage): boolean {
  return m.source === "model" && !m.removed && m.alternatives !== undefined && /^[1-9][0-9]{0,17}$/.test(m.id);
}

/**
 * True for a stored character or narrator line that can be reported: not the player's own, not the
 * opening every thread shares or a line still being written (they have no stored id), not removed.
 */
export function isReportable(m: ChatMessage): boolean {
  return m.role !== "user" && !m.removed && /^[1-9][0-9]{0,17}$/.test(m.id);
}
