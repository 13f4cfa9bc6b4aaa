import type { Story } from "inkjs/full";
import { InkRunaway } from "@storyloom/story-script/guard";
import { speakerOf } from "@storyloom/story-script/tags";

/** The part of inkjs the preview plays with (the module loads when a preview first shows). */
export type InkModule = { Story: typeof Story };

/** One line of the preview transcript: narration, a character's line, or the choice the reader took. */
export interface Entry {
  kind: "line" | "choice";
  speaker: string | null;
  text: string;
}

/** A compiled story played from the start along a path of choices. */
export interface Played {
  entries: Entry[];
  choices: { index: number; text: string }[];
  ended: boolean;
  error: string | null;
  /** the part of the path that still applies to this version of the script */
  path: number[];
}

/** Lines one step of the preview may tell, as a chat turn on the server is bounded. */
export const MAX_LINES = 500;

/**
 * Plays a compiled script from the start along the choices taken so far. Replaying the same path on
 * every new version keeps an author where they were while they type, until an edit removes a
 * choice on the way (the path is cut there). The ink module must be guarded (installInkGuard) so a
 * script that never stops ends in an error instead of freezing the page.
 */
export function play(ink: InkModule, json: string, path: readonly number[]): Played {
  const story = new ink.Story(json);
  let error: string | null = null;
  story.onError = (message) => {
    error ??= message;
  };
  const entries: Entry[] = [];
  const tell = () => {
    for (let n = 0; story.canContinue && !error && n < MAX_LINES; n++) {
      try {
        const text = (story.Continue() ?? "").trim();
        if (text) entries.push({ kind: "line", speaker: speakerOf(story.currentTags ?? []), text });
      } catch (e) {
        if (!(e instanceof InkRunaway)) throw e;
        error = e.message;
      }
    }
  };
  const kept: number[] = [];
  tell();
  for (const index of path) {
    const choice = story.currentChoices.find((c) => c.index === index);
    if (!choice || error) break;
    entries.push({ kind: "choice", speaker: null, text: choice.text });
    story.ChooseChoiceIndex(index);
    kept.push(index);
    tell();
  }
  const choices = error ? [] : story.currentChoices.map((c) => ({ index: c.index, text: c.text }));
  return { entries, choices, ended: !error && choices.length === 0, error, path: kept };
}
