// Lays the story map out top to bottom with dagre (a maintained layered-graph layout): the start
// at the top, each knot below the ones that lead to it. Pure: the worker, the test and the bench
// share it.
import { Graph, layout } from "@dagrejs/dagre";
import type { StoryMap } from "@storyloom/story-script/map";

export const NODE_WIDTH = 176;
export const NODE_HEIGHT = 52;

/** Above this many nodes the crossing-reduction passes are skipped: a quick layout beats a tidy one. */
export const TIDY_LIMIT = 120;

/** Each node's top-left corner, and the size of the whole drawing. */
export interface MapLayout {
  nodes: Map<string, { x: number; y: number }>;
  width: number;
  height: number;
}

/** The structure dagre needs: node ids, and edges as [from, to, weight]. */
export function graphOf(map: StoryMap): { nodes: string[]; edges: [string, string, number][] } {
  const seen = new Set<string>();
  const edges: [string, string, number][] = [];
  for (const e of map.edges) {
    const key = `${e.from}\u0000${e.to}`;
    // A loop back to the same node would only fold the ranks; parallel edges weigh once.
    if (e.from === e.to || seen.has(key)) continue;
    seen.add(key);
    edges.push([e.from, e.to, e.kind === "reference" ? 0 : 1]);
  }
  return { nodes: map.nodes.map((n) => n.id), edges };
}

/** Places every node; edges pull their ends into successive ranks. */
export function layoutGraph(nodes: string[], edges: [string, string, number][]): MapLayout {
  const g = new Graph();
  g.setGraph({ rankdir: "TB", nodesep: 28, ranksep: 64, edgesep: 12, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of nodes) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const [from, to, weight] of edges) g.setEdge(from, to, { weight, minlen: 1 });
  layout(g, { disableOptimalOrderHeuristic: nodes.length > TIDY_LIMIT, useDynamic: false });
  const out = new Map<string, { x: number; y: number }>();
  for (const id of g.nodes()) {
    const n = g.node(id);
    // dagre gives centres; the graph view places nodes by their top-left corner.
    out.set(id, { x: n.x - NODE_WIDTH / 2, y: n.y - NODE_HEIGHT / 2 });
  }
  const graph = g.graph();
  return { nodes: out, width: graph.width ?? 0, height: graph.height ?? 0 };
}

/** Lays out a story map (what the worker does with a map's structure). */
export function layoutMap(map: StoryMap): MapLayout {
  const { nodes, edges } = graphOf(map);
  return layoutGraph(nodes, edges);
}
