// The story map: a static graph of a compiled story (ink's JSON), knots and stitches joined by
// their diverts, choices, tunnels and threads. Read from the JSON rather than by playing, so it
// shows every branch, including the ones no play reaches; the compiled JSON carries no line numbers,
// so they come from the source's knot and stitch headers.
import { headerLines } from "./headers";

export { headerLines } from "./headers";

/** How one place leads to another. `reference`: a divert target kept in a variable (`-> knot` as a value). */
export type MapEdgeKind = "divert" | "choice" | "tunnel" | "thread" | "reference";

/** A knot, a stitch, or the top of the script (id `(top)`, where the story starts). */
export interface MapNode {
  /** `knot`, `knot.stitch`, or `(top)` */
  id: string;
  kind: "start" | "knot" | "stitch";
  /** 1-based line of its header in the source (1 for the top; 0 when no header was found). */
  line: number;
  /** An END (or a DONE outside a thread) can be reached in it. */
  ending: boolean;
  /** No divert from the start reaches it. */
  unreachable: boolean;
  /** Its content runs out: no divert, choice, ending or tunnel return leaves it. */
  deadEnd: boolean;
}

/** One way on from a node; `label` is the choice's text when a choice leads there. */
export interface MapEdge {
  from: string;
  to: string;
  kind: MapEdgeKind;
  label: string | null;
  /** Taken only under a condition (a conditional choice, `{ x: -> a }`, an if/else branch, a sequence). */
  conditional: boolean;
}

/** The graph of a compiled story. */
export interface StoryMap {
  nodes: MapNode[];
  edges: MapEdge[];
}

export const MAP_START = "(top)";

type Json = unknown;

/** A container of the compiled story, with enough structure to resolve ink's relative paths. */
interface Box {
  content: Json[];
  /** Named sub-containers: the trailing dictionary's entries and content containers with `#n`. */
  named: Map<string, Box>;
  /** Sub-containers found in `content`, by index. */
  at: Map<number, Box>;
  parent: Box | null;
  name: string | null;
  /** The map node this container's content belongs to (set once the tree is read). */
  owner: string;
}

const isDict = (v: Json): v is Record<string, Json> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function readBox(raw: Json[], parent: Box | null, name: string | null): Box {
  const box: Box = {
    content: [],
    named: new Map(),
    at: new Map(),
    parent,
    name,
    owner: parent?.owner ?? MAP_START,
  };
  const last = raw.at(-1);
  const body = isDict(last) || last === null ? raw.slice(0, -1) : raw;
  body.forEach((item, i) => {
    box.content.push(item);
    if (Array.isArray(item)) {
      const tail = item.at(-1);
      const inner = isDict(tail) && typeof tail["#n"] === "string" ? tail["#n"] : null;
      const child = readBox(item, box, inner);
      box.at.set(i, child);
      if (inner) box.named.set(inner, child);
    }
  });
  if (isDict(last)) {
    for (const [key, value] of Object.entries(last)) {
      if (key === "#f" || key === "#n" || !Array.isArray(value)) continue;
      box.named.set(key, readBox(value, box, key));
    }
  }
  return box;
}

/** Where a path lands: a container, and the index in it when the path names a position. */
interface Target {
  box: Box;
  index: number | null;
}

/** Resolves an ink path; relative paths (`.^.s`) start from the container holding the object. */
function resolve(root: Box, from: Box, path: string): Target | null {
  const relative = path.startsWith(".");
  const parts = (relative ? path.slice(1) : path).split(".");
  let box: Box = relative ? from : root;
  // A relative path starts at the object itself: its first `^` is the object's own container.
  if (relative && parts[0] === "^") parts.shift();
  for (const [i, part] of parts.entries()) {
    if (part === "^") {
      if (!box.parent) return null;
      box = box.parent;
      continue;
    }
    const next = /^\d+$/.test(part) ? box.at.get(Number(part)) : box.named.get(part);
    if (next) {
      box = next;
      continue;
    }
    // A position in the content (or a temporary like `$r1`): the path stops in this container.
    if (/^\d+$/.test(part) && i === parts.length - 1) return { box, index: Number(part) };
    if (part.startsWith("$")) return { box, index: null };
    return null;
  }
  return { box, index: null };
}

// Names ink gives its own containers (choices, gathers, choice start content, branches, temporaries).
const GENERATED = /^(c-\d+|g-\d+|s\d*|b|\$.*|\d+)$/;

function choiceLabel(root: Box, box: Box, index: number): string {
  const parts: string[] = [];
  let inString = false;
  for (let i = index - 1; i >= 0; i--) {
    const item = box.content[i];
    if (isDict(item) && "*" in item) break;
    if (item === "/str") inString = true;
    else if (item === "str") inString = false;
    else if (inString && typeof item === "string" && item.startsWith("^")) parts.push(item.slice(1));
    else if (inString && isDict(item) && typeof item["->"] === "string" && !item.var) {
      // The start content of `* Wait[.] on the quay`: a divert into the choice's `s` container.
      const start = resolve(root, box, item["->"]);
      if (start)
        parts.push(
          start.box.content
            .filter((x): x is string => typeof x === "string" && x.startsWith("^"))
            .map((x) => x.slice(1))
            .join(""),
        );
    }
  }
  return parts.reverse().join("").replace(/\s+/g, " ").trim();
}

/**
 * Builds the map of a compiled story. `source` (the ink text it was compiled from) gives each
 * knot and stitch its line; without it, lines are 0.
 */
export function storyMap(compiled: string, source = ""): StoryMap {
  const json = JSON.parse(compiled) as { root: Json[] };
  const root = readBox(json.root, null, null);
  const functions = new Set<string>();
  const ids: { id: string; kind: MapNode["kind"]; box: Box; skip: Set<Box> }[] = [];
  const knots = [...root.named].filter(([name]) => name !== "global decl");

  // Owners first: every container belongs to the top, a knot, or a stitch.
  const own = (box: Box, owner: string) => {
    box.owner = owner;
    for (const child of [...box.at.values(), ...box.named.values()])
      if (child.parent === box) own(child, owner);
  };
  own(root, MAP_START);
  const globals = root.named.get("global decl");
  ids.push({
    id: MAP_START,
    kind: "start",
    box: root,
    skip: new Set([...knots.map(([, b]) => b), ...(globals ? [globals] : [])]),
  });
  for (const [name, knot] of knots) {
    own(knot, name);
    const stitches = [...knot.named].filter(([sub]) => !GENERATED.test(sub));
    ids.push({ id: name, kind: "knot", box: knot, skip: new Set(stitches.map(([, b]) => b)) });
    for (const [sub, stitch] of stitches) {
      own(stitch, `${name}.${sub}`);
      ids.push({ id: `${name}.${sub}`, kind: "stitch", box: stitch, skip: new Set() });
    }
  }

  // Inside a node: containers reached only under a condition, containers that are a choice's
  // body (with its label), and positions some divert jumps to (content after them runs again).
  const conditional = new Set<Box>();
  const labels = new Map<Box, string>();
  const jumpedTo = new Map<Box, Set<number>>();
  const entered = new Set<Box>();
  const boxesOf = (box: Box, skip: Set<Box>): Box[] => {
    const out: Box[] = [box];
    for (const child of [...box.at.values(), ...box.named.values()])
      if (child.parent === box && !skip.has(child)) out.push(...boxesOf(child, skip));
    return out;
  };
  const nodeBoxes = new Map(ids.map((n) => [n.id, boxesOf(n.box, n.skip)]));
  if (globals) nodeBoxes.get(MAP_START)!.push(...boxesOf(globals, new Set()));
  for (const boxes of nodeBoxes.values()) {
    for (const box of boxes) {
      box.content.forEach((item, i) => {
        if (!isDict(item)) return;
        if (typeof item["f()"] === "string") {
          const t = resolve(root, box, item["f()"]);
          if (t) functions.add(t.box.owner);
        }
        if (typeof item["*"] === "string") {
          const t = resolve(root, box, item["*"]);
          if (t) {
            labels.set(t.box, choiceLabel(root, box, i));
            if (typeof item.flg === "number" && item.flg & 1) conditional.add(t.box);
          }
        }
        const any = [item["->"], item["->t->"], item["^->"]].find((p): p is string => typeof p === "string");
        if (any && !item.var) {
          const t = resolve(root, box, any);
          if (t && t.index === null) entered.add(t.box);
        }
        if (typeof item["->"] === "string" && !item.var) {
          const t = resolve(root, box, item["->"]);
          if (!t || t.box.owner !== box.owner) return;
          if (item.c === true || t.box.name === "b") conditional.add(t.box);
          if (t.index !== null) jumpedTo.set(t.box, (jumpedTo.get(t.box) ?? new Set()).add(t.index));
        }
      });
    }
  }

  interface Facts {
    ending: boolean;
    done: boolean;
    returns: boolean;
  }
  const facts = new Map<string, Facts>();
  const edges = new Map<string, MapEdge>();
  const addEdge = (e: MapEdge) => {
    const key = `${e.from}\u0000${e.to}\u0000${e.kind}\u0000${e.label ?? ""}`;
    const prev = edges.get(key);
    if (!prev) edges.set(key, e);
    else prev.conditional &&= e.conditional;
  };

  for (const node of ids) {
    const f: Facts = { ending: false, done: false, returns: false };
    facts.set(node.id, f);
    // Returns whether the end of the container's content can be reached (flow runs on after it).
    const visit = (box: Box, label: string | null, cond: boolean, live: boolean): boolean => {
      label = labels.get(box) ?? label;
      cond ||= conditional.has(box);
      // A container something diverts to runs even after an unconditional divert.
      if (box === node.box || entered.has(box) || labels.has(box)) live = true;
      let thread = false;
      box.content.forEach((item, i) => {
        if (jumpedTo.get(box)?.has(i)) live = true;
        const child = box.at.get(i);
        if (child) {
          if (!node.skip.has(child)) live = visit(child, label, cond, live);
          return;
        }
        if (item === "thread") {
          thread = true;
          return;
        }
        if (live && item === "end") f.ending = true;
        if (live && item === "done") f.done = true;
        if (live && (item === "->->" || item === "~ret")) f.returns = true;
        if (!isDict(item)) return;
        const divert = typeof item["->"] === "string" && !item.var ? item["->"] : null;
        const tunnel = typeof item["->t->"] === "string" && !item.var ? item["->t->"] : null;
        const value = typeof item["^->"] === "string" ? item["^->"] : null;
        const path = divert ?? tunnel ?? value;
        if (path && live) {
          const t = resolve(root, box, path);
          if (t && t.box.owner !== node.id) {
            const kind: MapEdgeKind = value
              ? "reference"
              : tunnel
                ? "tunnel"
                : thread
                  ? "thread"
                  : label !== null
                    ? "choice"
                    : "divert";
            addEdge({
              from: node.id,
              to: t.box.owner,
              kind,
              label: kind === "reference" ? null : label,
              conditional: cond || item.c === true,
            });
          }
        }
        if (divert && !thread && item.c !== true) live = false;
        thread = false;
      });
      const ran = live;
      for (const [, child] of box.named)
        if (child.parent === box && ![...box.at.values()].includes(child) && !node.skip.has(child))
          visit(child, label, cond, false);
      return ran;
    };
    visit(node.box, null, false, true);
    // Global declarations end with their own END; only the divert targets they store matter.
    if (node.id === MAP_START && globals) {
      const kept = { ...f };
      visit(globals, null, false, true);
      Object.assign(f, kept);
    }
  }

  const list = [...edges.values()].filter((e) => !functions.has(e.to) && !functions.has(e.from));
  const reached = new Set<string>([MAP_START]);
  const queue = [MAP_START];
  for (let i = 0; i < queue.length; i++) {
    for (const e of list) {
      if (e.from === queue[i] && !reached.has(e.to)) {
        reached.add(e.to);
        queue.push(e.to);
      }
    }
  }
  const lines = headerLines(source);
  const nodes: MapNode[] = ids
    .filter((n) => !functions.has(n.id))
    .map((n) => {
      const f = facts.get(n.id)!;
      const incoming = list.filter((e) => e.to === n.id);
      const threadOnly = incoming.length > 0 && incoming.every((e) => e.kind === "thread");
      const ending = f.ending || (f.done && !threadOnly);
      const leaves = list.some((e) => e.from === n.id && e.kind !== "reference");
      return {
        id: n.id,
        kind: n.kind,
        line: n.id === MAP_START ? 1 : (lines.get(n.id) ?? 0),
        ending,
        unreachable: !reached.has(n.id),
        deadEnd: !ending && !f.done && !f.returns && !leaves,
      };
    });
  return { nodes, edges: list };
}
