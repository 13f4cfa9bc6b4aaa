import { compileScript, type ScriptIssue } from "./compile";
import { walkScript, type WalkOptions, type WalkReport } from "./walk";

/** A script reviewed end to end: compile errors and walker findings, each tied to a line. */
export interface ScriptCheck {
  /** Empty when the script compiles, has an ending, and no dead end or runtime error was found. */
  problems: ScriptIssue[];
  /** The compiled JSON, when it compiled. */
  json: string | null;
  /** The walk, when it compiled. */
  report: WalkReport | null;
}

/** The 1-based line a knot (or knot.stitch) is declared on; 0 when it is not found. */
export function knotLine(source: string, knot: string): number {
  const [name, stitch] = knot.split(".");
  const lines = source.split("\n");
  const knotAt = lines.findIndex((l) => new RegExp(`^\\s*={2,}\\s*(function\\s+)?${name}\\b`).test(l));
  if (knotAt < 0) return 0;
  if (stitch) {
    const rest = lines.slice(knotAt + 1).findIndex((l) => new RegExp(`^\\s*=\\s*${stitch}\\b`).test(l));
    if (rest >= 0) return knotAt + 2 + rest;
  }
  return knotAt + 1;
}

const after = (choices: string[]) => (choices.length ? ` (after: ${choices.join(" > ")})` : " (at the start)");

/**
 * Compiles and walks a script: what an editor shows beside the text and what publishing (or the
 * seed) refuses on. Walker findings point at the line of the knot they happen in.
 */
export function checkScript(source: string, walk: WalkOptions = {}): ScriptCheck {
  const compiled = compileScript(source);
  if (!compiled.ok) return { problems: compiled.errors, json: null, report: null };
  const report = walkScript(compiled.json, walk);
  const problems: ScriptIssue[] = [
    ...report.deadEnds.map((d) => ({ line: knotLine(source, d.knot), message: `dead end in ${d.knot}: ${d.message}${after(d.choices)}` })),
    ...report.errors.map((e) => ({ line: 0, message: `runtime error: ${e.message}${after(e.choices)}` })),
  ];
  if (report.endings.length === 0) problems.push({ line: 0, message: `no ending is reachable within ${walk.maxTurns ?? 40} choices` });
  return { problems, json: compiled.json, report };
}
