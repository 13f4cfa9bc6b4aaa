import { describe, expect, it } from "vitest";
import { functionKnots, handleCoverageMessage, parseRequest, runCoverage } from "./coverage-run";
import { knotReachOf } from "./coverage-types";

const STORY = `-> hall
=== hall ===
A cold hall.
* [Search the desk] -> desk
* [Leave] -> outside
=== desk ===
= drawer
A key. -> outside
=== outside ===
Night air.
* [Run] -> END
* [Walk] Slowly.
  -> END
=== attic ===
Nobody comes here.
-> END
=== function double(x) ===
~ return x * 2
`;

describe("runCoverage", () => {
  it("marks the knots a play can reach, and the one it cannot", () => {
    const c = runCoverage(STORY);
    if ("error" in c) throw new Error(c.error);
    expect(c.knots).toEqual([
      { knot: "hall", line: 2, reached: true },
      { knot: "desk", line: 6, reached: true },
      { knot: "desk.drawer", line: 7, reached: true },
      { knot: "outside", line: 9, reached: true },
      { knot: "attic", line: 14, reached: false },
    ]);
    expect(c.truncated).toBe(false);
    expect(c.deadEnds).toBe(0);
  });

  it("counts the random plays that reach each ending, which add up to the plays that ended", () => {
    const c = runCoverage(STORY);
    if ("error" in c) throw new Error(c.error);
    expect(c.endings.map((e) => [e.knot, e.line])).toEqual([["outside", 9]]);
    expect(c.playsEnded).toBe(c.plays);
    expect(c.endings.reduce((n, e) => n + e.plays, 0)).toBe(c.plays);
  });

  it("splits plays between two endings", () => {
    const c = runCoverage("* [Left] -> left\n* [Right] -> right\n=== left ===\nL.\n-> END\n=== right ===\nR.\n-> END\n");
    if ("error" in c) throw new Error(c.error);
    const plays = Object.fromEntries(c.endings.map((e) => [e.knot, e.plays]));
    expect(Object.keys(plays).sort()).toEqual(["left", "right"]);
    expect(plays.left! + plays.right!).toBe(c.plays);
    expect(plays.left).toBeGreaterThan(0);
    expect(plays.right).toBeGreaterThan(0);
  });

  it("says a script that does not compile has no coverage", () => {
    expect(runCoverage("-> nowhere\n")).toEqual({ error: expect.stringMatching(/does not compile/) });
  });

  it("knows function knots from the source", () => {
    expect([...functionKnots(STORY)]).toEqual(["double"]);
  });
});

describe("the worker's messages", () => {
  it("answers under the request's id", () => {
    const r = handleCoverageMessage({ id: 7, script: STORY });
    expect(r.id).toBe(7);
    expect(r.ok).toBe(true);
    if (r.ok) expect(knotReachOf({ state: "done", coverage: r.coverage }).get("attic")).toBe(false);
  });

  it("reports a compile failure as an error, not a throw", () => {
    expect(handleCoverageMessage({ id: 2, script: "{ unclosed\n" })).toEqual({ id: 2, ok: false, error: expect.stringMatching(/does not compile/) });
  });

  it("stops a script that loops forever and says so", () => {
    const r = handleCoverageMessage({ id: 3, script: "-> loop\n=== loop ===\n~ temp x = 1\n-> loop\n" });
    expect(r).toMatchObject({ id: 3, ok: false });
  });

  it("refuses malformed messages", () => {
    expect(parseRequest(null)).toBeNull();
    expect(parseRequest({ id: "1", script: "x" })).toBeNull();
    expect(parseRequest({ id: 1.5, script: "x" })).toBeNull();
    expect(parseRequest({ id: 1 })).toBeNull();
    expect(handleCoverageMessage("hello")).toEqual({ id: -1, ok: false, error: expect.any(String) });
  });
});

describe("knotReachOf", () => {
  it("is empty while coverage is off, and keeps the last result while a run goes on", () => {
    expect(knotReachOf({ state: "off" }).size).toBe(0);
    const last = { knots: [{ knot: "a", line: 1, reached: true }], endings: [], plays: 0, playsEnded: 0, deadEnds: 0, truncated: false };
    expect(knotReachOf({ state: "running", last }).get("a")).toBe(true);
  });
});
