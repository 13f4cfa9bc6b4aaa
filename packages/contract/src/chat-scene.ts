import { z } from "zod";

// What a chat knows of where its story stands (issue 45, the panel beside the chat): the tags the
// script gives the current turn (`# scene:`, `# speaker:`, `# goal:`), the same the prompt builder
// puts under "The current scene". Each is cut to a bound: an author's tag is one line, not a page.

/** The longest a scene, speaker or goal is sent to the client. */
export const SCENE_TAG_CHARS = 200;

const tag = z.string().max(SCENE_TAG_CHARS).nullable();

/** The current scene of the caller's chat of a story; null where the script names none. */
export const ChatScene = z.object({
  /** where the scene plays (`# scene: Rooftop`) */
  scene: tag,
  /** who speaks now, by name (`# speaker: juno` → "Juno") */
  speaker: tag,
  /** what the scene is after (`# goal: Win Juno's trust`) */
  goal: tag,
});
export type ChatScene = z.infer<typeof ChatScene>;
