import type { ChatMessage, ChatScene } from "@storyloom/contract";
import type { CastMember } from "./message-list";

// What the panel beside the chat shows of the character and the scene (issue 45), kept apart from
// the components so that the choices (which lines, in which order, when to read the scene again)
// are tested without a browser.

/** One line of the scene: a term and what the script says. */
export interface SceneLine {
  term: string;
  value: string;
}

/**
 * The scene as the panel lists it: where, who speaks, the goal, in the order the prompt gives them,
 * leaving out what the script does not name (an empty list: the scene names nothing).
 */
export function sceneLines(scene: ChatScene): SceneLine[] {
  const lines: [string, string | null][] = [
    ["Where", scene.scene],
    ["Speaking now", scene.speaker],
    ["Goal", scene.goal],
  ];
  return lines.flatMap(([term, value]) => (value ? [{ term, value }] : []));
}

/** The character the panel shows: the one spoken to, or null when the chat plays the story as a whole. */
export function characterOf(cast: Readonly<Record<string, CastMember>>, actorId: string | null): CastMember | null {
  return actorId ? (cast[actorId] ?? null) : null;
}

/**
 * What changes the scene: a turn the thread shows (a choice, a reply, a switch of branch). The
 * newest message's id and the count, so a branch of the same length showing other messages counts too.
 */
export function sceneTurnOf(messages: readonly ChatMessage[]): string {
  return `${messages.length}:${messages.at(-1)?.id ?? ""}`;
}
