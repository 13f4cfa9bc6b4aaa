import { describe, expect, it } from "vitest";
import type { MapNode } from "@storyloom/story-script/map";
import { nodeLabel, nodeMarks } from "./map-marks";

const node = (over: Partial<MapNode>): MapNode => ({
  id: "cellar",
  kind: "knot",
  line: 12,
  ending: false,
  unreachable: false,
  deadEnd: false,
  ...over,
});

describe("nodeMarks / nodeLabel", () => {
  it("names a dead end with its line, and the preview's place over every other colour", () => {
    const dead = node({ deadEnd: true });
    const marks = nodeMarks(dead, { onPath: false, here: false, reached: undefined });
    expect(marks).toEqual({ tone: "dead", onPath: false, notCovered: false, badges: ["dead end"] });
    expect(nodeLabel(dead, marks)).toBe("cellar, dead end, knot, go to line 12");
    expect(nodeMarks(dead, { onPath: true, here: true, reached: true }).tone).toBe("here");
  });

  it("marks the start, an unreachable stitch and a knot coverage did not reach", () => {
    expect(
      nodeLabel(
        node({ id: "(top)", kind: "start", line: 1 }),
        nodeMarks(node({ id: "(top)", kind: "start", line: 1 }), {
          onPath: true,
          here: false,
          reached: undefined,
        }),
      ),
    ).toBe("Start, the start of the story, on the preview's path, go to line 1");
    const lost = node({ id: "lamp.loft", kind: "stitch", unreachable: true, line: 0 });
    expect(nodeLabel(lost, nodeMarks(lost, { onPath: false, here: false, reached: false }))).toBe(
      "lamp.loft, unreachable, stitch, no line found",
    );
    const missed = nodeMarks(node({}), { onPath: false, here: false, reached: false });
    expect(missed).toMatchObject({ tone: "plain", notCovered: true, badges: ["not covered"] });
  });
});
