import type { ScriptProblem } from "@storyloom/contract";
import { checkInk } from "./ink";

/** What the server learns from a script before it may be published. */
export interface ScriptReport {
  /** compile errors, dead ends, runtime errors and a missing ending, each at its line where known */
  problems: ScriptProblem[];
  /** the first lines a player reads */
  opening: string;
  /** every text string of the compiled script (what moderation reads) */
  texts: string[];
}

// A publish walks the script: bounded well below the seed's build-time walk, still enough to find
// every ending of a story written in the editor.
const WALK = { maxTurns: 40, maxStates: 5000, plays: 40 };

/**
 * Compiles and walks a script (story-script's review) on the ink pool, within INK_CHECK_DEADLINE_MS:
 * its problems with their lines; a script that runs past the deadline reports that as its problem.
 * Call it before any transaction or lock.
 */
export async function checkScript(source: string): Promise<ScriptReport> {
  const review = await checkInk(source, WALK);
  if ("runaway" in review) return { problems: [{ line: null, message: review.runaway }], opening: "", texts: [] };
  return { problems: review.problems.map((p) => ({ line: p.line || null, message: p.message })), opening: review.opening, texts: review.texts };
}
