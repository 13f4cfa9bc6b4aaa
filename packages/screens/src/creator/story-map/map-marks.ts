// What a node of the story map shows and says: its colour, its badges and the name a screen
// reader announces. Pure, so the rules are tested without drawing the map.
import { MAP_START, type MapNode } from "@storyloom/story-script/map";

/** How a node is drawn and described. */
export interface MapMarks {
  /** The strongest state wins the colour: where the preview is, its path, a dead end, unreachable. */
  tone: "here" | "path" | "dead" | "unreachable" | "plain";
  onPath: boolean;
  /** Coverage ran and no play reached it. */
  notCovered: boolean;
  badges: string[];
}

/** The marks of a node, from the map's findings, the preview's place and the coverage (if run). */
export function nodeMarks(
  node: MapNode,
  at: { onPath: boolean; here: boolean; reached: boolean | undefined },
): MapMarks {
  const badges: string[] = [];
  if (node.ending) badges.push("ending");
  if (node.deadEnd) badges.push("dead end");
  if (node.unreachable) badges.push("unreachable");
  if (at.reached === false && !node.unreachable) badges.push("not covered");
  const tone = at.here
    ? "here"
    : at.onPath
      ? "path"
      : node.deadEnd
        ? "dead"
        : node.unreachable
          ? "unreachable"
          : "plain";
  return { tone, onPath: at.onPath || at.here, notCovered: at.reached === false, badges };
}

/** What a node's button shows as its name: the knot (or knot.stitch), or "Start". */
export function nodeTitle(node: MapNode): string {
  return node.id === MAP_START ? "Start" : node.id;
}

/** The second line of a node's button: what the map found, else what the node is. */
export function nodeSubtitle(node: MapNode, marks: MapMarks): string {
  if (node.id === MAP_START) return "the start of the story";
  return marks.badges.join(", ") || node.kind;
}

/**
 * The accessible name of a node's button: its two visible lines first (what is seen is what is
 * said), then what it is, where the preview is, and where the button leads.
 */
export function nodeLabel(node: MapNode, marks: MapMarks): string {
  const subtitle = nodeSubtitle(node, marks);
  const kind = node.id === MAP_START || subtitle === node.kind ? [] : [node.kind];
  const state =
    marks.tone === "here" ? ["the preview is here"] : marks.onPath ? ["on the preview's path"] : [];
  const where = node.line ? `go to line ${node.line}` : "no line found";
  return [nodeTitle(node), subtitle, ...kind, ...state, where].join(", ");
}
