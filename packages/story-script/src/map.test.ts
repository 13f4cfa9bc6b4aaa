import { describe, expect, it } from "vitest";
import { compileScript, headerLines, storyMap, type MapEdge } from "./index";
import { LIGHTHOUSE } from "./fixtures/lighthouse";

const compiled = (source: string): string => {
  const r = compileScript(source);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.json;
};

const edge = (
  from: string,
  to: string,
  kind: MapEdge["kind"],
  label: string | null = null,
  conditional = false,
): MapEdge => ({ from, to, kind, label, conditional });

describe("storyMap", () => {
  const map = storyMap(compiled(LIGHTHOUSE), LIGHTHOUSE);

  it("lists the start, every knot and stitch at its header line, with endings, dead ends and unreachable knots marked", () => {
    expect(map.nodes).toEqual([
      { id: "(top)", kind: "start", line: 1, ending: false, unreachable: false, deadEnd: false },
      { id: "harbour", kind: "knot", line: 6, ending: false, unreachable: false, deadEnd: false },
      { id: "lamp", kind: "knot", line: 19, ending: false, unreachable: false, deadEnd: false },
      { id: "lamp.stair", kind: "stitch", line: 20, ending: false, unreachable: false, deadEnd: false },
      { id: "lamp.gallery", kind: "stitch", line: 23, ending: true, unreachable: false, deadEnd: false },
      { id: "keeper", kind: "knot", line: 27, ending: false, unreachable: false, deadEnd: false },
      // A thread's DONE ends the thread, not the story.
      { id: "gulls", kind: "knot", line: 32, ending: false, unreachable: false, deadEnd: false },
      { id: "cellar", kind: "knot", line: 36, ending: false, unreachable: false, deadEnd: true },
      { id: "home", kind: "knot", line: 39, ending: true, unreachable: false, deadEnd: false },
      { id: "wreck", kind: "knot", line: 43, ending: false, unreachable: true, deadEnd: false },
    ]);
  });

  it("joins them by diverts, labelled choices, the tunnel and the thread, marking conditional ways", () => {
    expect(map.edges).toEqual([
      edge("(top)", "harbour", "divert"),
      edge("harbour", "lamp", "choice", "Climb to the lamp"),
      edge("harbour", "lamp.gallery", "choice", "Dive for the key", true),
      edge("harbour", "keeper", "tunnel"),
      edge("harbour", "gulls", "thread"),
      edge("harbour", "home", "choice", "Go home"),
      edge("harbour", "cellar", "choice", "Open the cellar", true),
      edge("lamp", "lamp.stair", "divert"),
      edge("lamp.stair", "lamp.gallery", "divert", null, true),
      edge("lamp.stair", "cellar", "divert", null, true),
      edge("gulls", "home", "choice", "Feed the gulls"),
      edge("wreck", "home", "divert"),
    ]);
  });

  it("labels a choice with its start content and its choice-only text", () => {
    const src = "-> a\n== a ==\n* Wait[.] on the quay.\n  -> b\n* [Leave] -> b\n== b ==\nDone.\n-> END\n";
    expect(
      storyMap(compiled(src), src)
        .edges.filter((e) => e.kind === "choice")
        .map((e) => e.label),
    ).toEqual(["Wait.", "Leave"]);
  });

  it("ends at a top-level DONE, leaves functions off the map and counts a stored divert target as a way in", () => {
    const src =
      "VAR next = -> later\nHello.\n~ shout()\n-> DONE\n== function shout ==\n~ return 1\n== later ==\nLater.\n-> END\n";
    const m = storyMap(compiled(src), src);
    expect(m.nodes.map((n) => [n.id, n.ending, n.unreachable])).toEqual([
      ["(top)", true, false],
      ["later", true, false],
    ]);
    expect(m.edges).toEqual([edge("(top)", "later", "reference")]);
  });

  it("keeps lines at 0 without the source, and finds headers past block comments", () => {
    expect(storyMap(compiled(LIGHTHOUSE)).nodes.every((n) => n.line === (n.id === "(top)" ? 1 : 0))).toBe(
      true,
    );
    expect([...headerLines("/*\n== not_a_knot ==\n*/\n=== real ===\n= part\n").entries()]).toEqual([
      ["real", 4],
      ["real.part", 5],
    ]);
  });
});
