import { describe, expect, it } from "vitest";
import { compileScript } from "@storyloom/story-script";
import { storyMap } from "@storyloom/story-script/map";
import { layoutMap, NODE_HEIGHT, NODE_WIDTH } from "./layout";
import { syntheticStory } from "./synthetic-story";

function mapOf(source: string) {
  const c = compileScript(source);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return storyMap(c.json, source);
}

describe("layoutMap", () => {
  it("places the start above the knots it leads to, and no two nodes on top of each other", () => {
    const map = mapOf(syntheticStory(30));
    const { nodes } = layoutMap(map);
    expect(nodes.size).toBe(31);
    for (const e of map.edges) expect(nodes.get(e.from)!.y).toBeLessThan(nodes.get(e.to)!.y);
    const boxes = [...nodes.values()];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT;
        expect(apart).toBe(true);
      }
    }
  });

  it("lays out a 200-knot story with every node placed", () => {
    const map = mapOf(syntheticStory(200));
    expect(map.nodes.filter((n) => n.unreachable || n.deadEnd)).toEqual([]);
    const { nodes, width, height } = layoutMap(map);
    expect(nodes.size).toBe(201);
    expect(width).toBeGreaterThan(NODE_WIDTH);
    expect(height).toBeGreaterThan(NODE_HEIGHT * 10);
  });
});
