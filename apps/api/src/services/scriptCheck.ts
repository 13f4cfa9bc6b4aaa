import { Story } from "inkjs/full";
import { checkScript as reviewScript } from "@storyloom/story-script";
import type { ScriptProblem } from "@storyloom/contract";
import { InkRunaway, withInkDeadline } from "@storyloom/story-script";

/** What the server learns from a script before it may be published. */
export interface ScriptReport {
  /** compile errors, dead ends, runtime errors and a missing ending, each at its line where known */
  problems: ScriptProblem[];
  /** the first lines a player reads */
  opening: string;
}

// A publish walks the script while holding its draft row: bounded well below the seed's build-time
// walk, still enough to find every ending of a story written in the editor.
const WALK = { maxTurns: 40, maxStates: 5000, plays: 40 };
/** Longest a check may play the script: a user's script must never hold the server. */
const CHECK_MS = 4_000;

/** Compiles and walks a script (story-script's review, within CHECK_MS): its problems with their lines. */
export function checkScript(source: string): ScriptReport {
  try {
    return withInkDeadline(CHECK_MS, () => {
      const review = reviewScript(source, WALK);
      const problems = review.problems.map((p) => ({ line: p.line || null, message: p.message }));
      const opening = review.json && !problems.length ? new Story(review.json).ContinueMaximally().trim().slice(0, 600) : "";
      return { problems, opening };
    });
  } catch (e) {
    if (!(e instanceof InkRunaway)) throw e;
    return { problems: [{ line: null, message: e.message }], opening: "" };
  }
}
