// What the coverage worker computes, as a plain function so it is unit-tested in node: the
// story-script walk over every choice (which knots can be reached at all) and its random plays
// (how often each ending is reached), tied to the source's lines.
import { compileScript, knotLine, walkScript, withInkDeadline, InkRunaway } from "@storyloom/story-script";
import type { Coverage, CoverageRequest, CoverageResponse } from "./coverage-types";

/** Bounds of a coverage run: deeper than the editor's quick check, since it runs off the page's thread. */
export const COVERAGE_WALK = { maxTurns: 40, maxStates: 5000, plays: 200 } as const;
/** Longest one run may take: a script that loops forever is stopped and reported. */
export const COVERAGE_MS = 10_000;

/** The knots the source declares as functions: called for their value, never "reached" as a place. */
export function functionKnots(source: string): Set<string> {
  const out = new Set<string>();
  for (const m of source.matchAll(/^\s*={2,}\s*function\s+(\w+)/gm)) out.add(m[1]!);
  return out;
}

/** Compiles and walks a script and says, per knot, whether it was reached and, per ending, how many plays reached it. */
export function runCoverage(source: string): Coverage | { error: string } {
  const compiled = compileScript(source);
  if (!compiled.ok) return { error: "The script does not compile: fix its problems to see its coverage." };
  const report = withInkDeadline(COVERAGE_MS, () => walkScript(compiled.json, COVERAGE_WALK));
  const functions = functionKnots(source);
  const visited = new Set(report.knotsVisited);
  const knots = report.knots
    .filter((k) => !functions.has(k.split(".")[0]!))
    .map((knot) => ({ knot, line: knotLine(source, knot), reached: visited.has(knot) }));
  const endings = report.endings.map((e) => ({ knot: e.knot, line: e.knot ? knotLine(source, e.knot) : 0, plays: report.endingPlays[e.knot] ?? 0, depth: e.depth }));
  return { knots, endings, plays: COVERAGE_WALK.plays, playsEnded: report.playsEnded, deadEnds: report.deadEnds.length, truncated: report.truncated };
}

/** Reads a message to the worker; anything else is refused rather than guessed at. */
export function parseRequest(data: unknown): CoverageRequest | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, script } = data as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isInteger(id) || typeof script !== "string") return null;
  return { id, script };
}

/** The worker's answer to one message: the coverage, or why there is none. Never throws. */
export function handleCoverageMessage(data: unknown): CoverageResponse {
  const request = parseRequest(data);
  if (!request) return { id: -1, ok: false, error: "The coverage worker got a message it does not understand." };
  try {
    const result = runCoverage(request.script);
    return "error" in result ? { id: request.id, ok: false, error: result.error } : { id: request.id, ok: true, coverage: result };
  } catch (e) {
    const error = e instanceof InkRunaway ? "The story runs for too long without a choice (an endless loop?): coverage stopped." : `Coverage failed: ${e instanceof Error ? e.message : String(e)}`;
    return { id: request.id, ok: false, error };
  }
}
