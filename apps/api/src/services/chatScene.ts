import { SCENE_TAG_CHARS, type ChatScene } from "@storyloom/contract";
import type { Db } from "@storyloom/db";
import { latestSaved, loadStory, type SavedTurn } from "./chat";
import { sceneOf } from "./chatTurn";

// The scene and goal of the panel beside the chat (issue 45): what the prompt builder shows the model
// under "The current scene" (sceneOf: the tags of the turn the script stands at, the speaker by name),
// read from the same saved turn, so the player sees what the character is steered by.

/** A tag as sent: one line, cut to its bound; null when the script names none. */
const clip = (v: string | undefined): string | null => {
  const line = v?.replace(/\s+/g, " ").trim();
  if (!line) return null;
  return line.length > SCENE_TAG_CHARS ? `${line.slice(0, SCENE_TAG_CHARS - 1)}…` : line;
};

/** The current scene of one player's chat of a story (404 / refusal as loadStory decides for the player). */
export async function chatSceneOf(db: Db, userId: number, storyId: string): Promise<ChatScene> {
  const { cast } = await loadStory(db, storyId, undefined, userId);
  const saved = await latestSaved(db, userId, storyId);
  // Only the saved turn's own tags: an older thread without them has no scene to show.
  const tags = saved && (saved.state as SavedTurn | null)?.scene ? sceneOf([], saved, cast).tags : {};
  return { scene: clip(tags.scene), speaker: clip(tags.speaker), goal: clip(tags.goal) };
}
