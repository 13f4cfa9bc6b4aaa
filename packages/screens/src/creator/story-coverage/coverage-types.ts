// The coverage result's shape, shared by the worker, the Coverage panel and the story map (which
// colours knots by it). Types only: importing this file loads no ink code.

/** One knot (or knot.stitch) the script declares, and whether any play reached it. */
export interface KnotCoverage {
  knot: string;
  /** Its header's 1-based line in the source; 0 when not found. */
  line: number;
  reached: boolean;
}

/** One ending the walk found, and how many of the random plays ended there. */
export interface EndingCoverage {
  /** The knot (or knot.stitch) whose content ends the story; "" for the top of the script. */
  knot: string;
  line: number;
  plays: number;
  /** Fewest choices that reach it. */
  depth: number;
}

/** A finished coverage run. */
export interface Coverage {
  knots: KnotCoverage[];
  endings: EndingCoverage[];
  /** Random plays made, and how many of them reached an ending. */
  plays: number;
  playsEnded: number;
  deadEnds: number;
  /** The walk hit its bounds: "not reached" then means "not reached within the bounds". */
  truncated: boolean;
}

/** What the page sends the worker. */
export interface CoverageRequest {
  id: number;
  script: string;
}

/** What the worker sends back, under the request's id. */
export type CoverageResponse = { id: number; ok: true; coverage: Coverage } | { id: number; ok: false; error: string };

/** The state of coverage for the script as typed. */
export type CoverageState =
  | { state: "off" }
  | { state: "running"; last: Coverage | null }
  | { state: "done"; coverage: Coverage }
  | { state: "error"; error: string; last: Coverage | null };

/** Per knot: reached or not (undefined: unknown, or coverage is off). What the story map colours by. */
export type KnotReach = ReadonlyMap<string, boolean>;

/** The latest known per-knot result of a coverage state. */
export function knotReachOf(state: CoverageState): KnotReach {
  const c = state.state === "done" ? state.coverage : state.state === "off" ? null : state.last;
  return new Map((c?.knots ?? []).map((k) => [k.knot, k.reached]));
}
