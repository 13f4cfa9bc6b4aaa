import { describe, expect, it } from "vitest";
import { compileScript, walkScript } from "./index";

const compiled = (source: string): string => {
  const r = compileScript(source);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.json;
};

describe("compileScript", () => {
  it("compiles a good script to JSON", () => {
    const r = compileScript("Hello.\n-> END\n");
    expect(r.ok).toBe(true);
    if (r.ok) expect(JSON.parse(r.json)).toHaveProperty("root");
  });

  it("reports a broken divert at its line, and never throws", () => {
    const r = compileScript("Start.\n* [Go on] -> onward\n* [Go back]\n  -> nowhere_at_all\n=== onward ===\nDone.\n-> END\n");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([{ line: 4, message: expect.stringContaining("nowhere_at_all") }]);
  });

  it("reports a syntax error at its line", () => {
    const r = compileScript("One.\nTwo.\n{ unclosed\n-> END\n");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.line).toBe(3);
  });
});

describe("walkScript", () => {
  it("finds every ending, the depth and the tags", () => {
    const report = walkScript(
      compiled(`VAR key = false
-> hall
=== hall ===
# scene: hall
A cold hall. # speaker: ada
* [Search the desk] -> desk
* [Leave] -> outside
=== desk ===
{ key: Nothing more. | You find a key. }
~ key = true
* [Back to the hall] -> hall
=== outside ===
{ key:
  + [Unlock the gate] -> free
}
+ [Wait] -> caught
=== free ===
Free.
-> END
=== caught ===
Caught.
-> END
`),
    );
    expect(report.endings.map((e) => e.knot).sort()).toEqual(["caught", "free"]);
    expect(report.endings.find((e) => e.knot === "free")).toMatchObject({ depth: 4, choices: ["Search the desk", "Back to the hall", "Leave", "Unlock the gate"] });
    expect(report.deadEnds).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.depth.min).toBe(2);
    expect(report.depth.max).toBe(4);
    expect(report.speakers).toEqual(["ada"]);
    expect(report.scenes).toEqual(["hall"]);
    expect(report.knots.sort()).toEqual(["caught", "desk", "free", "hall", "outside"]);
    expect(report.knotsVisited.sort()).toEqual(report.knots.sort());
    expect(report.firstChoiceDepth).toBe(4);
    expect(report.truncated).toBe(false);
  });

  it("catches a branch that runs out of content without an ending", () => {
    const report = walkScript(
      compiled(`Start.
* [Safe] -> safe
* [Broken] -> broken
=== safe ===
Fine.
-> END
=== broken ===
Nothing follows this line.
-> tunnel_ish
=== tunnel_ish ===
And then nothing.
`),
    );
    expect(report.endings).toHaveLength(1);
    expect(report.deadEnds).toEqual([expect.objectContaining({ kind: "no-choices", choices: ["Broken"], lastLine: "And then nothing." })]);
  });

  it("catches a loop no ending can be reached from", () => {
    const report = walkScript(
      compiled(`-> square
=== square ===
The square.
+ [Go north] -> north
+ [Leave town] -> gone
=== north ===
A maze of streets.
+ [Turn left] -> maze
+ [Turn right] -> maze
=== maze ===
More streets.
+ [Keep walking] -> north
=== gone ===
-> END
`),
    );
    expect(report.endings).toHaveLength(1);
    expect(report.deadEnds).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "loop", knot: "north", choices: ["Go north"] })]));
    expect(report.truncated).toBe(false);
  });

  it("stays bounded on a script that grows state forever, and says it was cut short", () => {
    const report = walkScript(
      compiled(`VAR n = 0
-> loop
=== loop ===
~ n = n + 1
Step {n}.
+ [Again] -> loop
+ [Stop] -> END
`),
      { maxTurns: 15 },
    );
    expect(report.truncated).toBe(true);
    expect(report.states).toBeLessThanOrEqual(16);
    expect(report.deadEnds).toEqual([]);
    expect(report.endings.length).toBeGreaterThanOrEqual(1);
  });

  it("reports a runtime error with the choices that trigger it", () => {
    const report = walkScript(
      compiled(`VAR x = 0
* [Divide] -> divide
* [Leave] -> END
=== divide ===
{RANDOM(5, 1)}
-> END
`),
    );
    expect(report.errors).toEqual([expect.objectContaining({ choices: ["Divide"] })]);
  });
});
