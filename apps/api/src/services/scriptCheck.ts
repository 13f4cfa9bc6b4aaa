import { Story } from "inkjs/full";
import { compileScript, walkScript } from "@storyloom/story-script";
import type { ScriptProblem } from "@storyloom/contract";
import { InkRunaway, withInkDeadline } from "./inkGuard";

/** What the server learns from a script before it may be published. */
export interface ScriptReport {
  /** no reachable ending, dead ends, runtime errors and compile errors, each at its line where known */
  problems: ScriptProblem[];
  endings: number;
  /** the first lines a player reads */
  opening: string;
}

// A publish walks the script while holding its draft row: bounded well below the seed's build-time
// walk, still enough to find every ending of a story written in the editor.
const WALK = { maxTurns: 40, maxStates: 5000, plays: 40 };
/** Longest a check may play the script: a user's script must never hold the server. */
const CHECK_MS = 4_000;

/** The 1-based line declaring a knot (`== name ==`), so a dead end can be shown where it is. */
export function knotLine(source: string, knot: string): number | null {
  const name = knot.split(".")[0];
  if (!name) return null;
  const i = source.split("\n").findIndex((l) => /^\s*={2,}\s*(?:function\s+)?(\w+)/.exec(l)?.[1] === name);
  return i < 0 ? null : i + 1;
}

function walk(source: string, json: string): ScriptReport {
  const report = walkScript(json, WALK);
  const problems: ScriptProblem[] = [];
  if (report.endings.length === 0) problems.push({ line: null, message: "no ending can be reached: end a path with -> END" });
  for (const d of report.deadEnds) problems.push({ line: knotLine(source, d.knot), message: d.message });
  for (const e of report.errors) problems.push({ line: null, message: e.message });
  const opening = new Story(json).ContinueMaximally().trim().slice(0, 600);
  return { problems, endings: report.endings.length, opening };
}

/** Compiles and walks a script (within CHECK_MS): its problems with their lines, and the endings a player can reach. */
export function checkScript(source: string): ScriptReport {
  const compiled = compileScript(source);
  if (!compiled.ok) return { problems: compiled.errors.map((e) => ({ line: e.line || null, message: e.message })), endings: 0, opening: "" };
  try {
    return withInkDeadline(CHECK_MS, () => walk(source, compiled.json));
  } catch (e) {
    if (!(e instanceof InkRunaway)) throw e;
    return { problems: [{ line: null, message: e.message }], endings: 0, opening: "" };
  }
}
