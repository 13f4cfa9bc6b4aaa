import { Story } from "inkjs/full";

type StoryState = Story["state"];
import { median, mulberry32, stateKey } from "./walkUtil";

/** Bounds of a walk; every walk stops, whatever the script does. */
export interface WalkOptions {
  /** Longest choice sequence explored (default 40). */
  maxTurns?: number;
  /** Most distinct states explored (default 20000). */
  maxStates?: number;
  /** Random playthroughs that measure the typical depth (default 200). */
  plays?: number;
  /** Seed of those playthroughs, so a report is the same every run (default 1). */
  seed?: number;
}

/** An END/DONE the walk reached: where it is, how soon it can be reached, and its last line. */
export interface WalkEnding {
  /** Knot (or knot.stitch) whose content ends the story; endings are told apart by it. */
  knot: string;
  /** Fewest choices that reach it. */
  depth: number;
  lastLine: string;
  /** One choice sequence that reaches it. */
  choices: string[];
}

/** A place a player gets stuck: the flow ran out with no choices, or every way on loops forever. */
export interface WalkDeadEnd {
  kind: "no-choices" | "loop";
  knot: string;
  depth: number;
  lastLine: string;
  choices: string[];
  message: string;
}

/** A runtime error or warning the script raised, with one choice sequence that triggers it. */
export interface WalkIssue {
  message: string;
  choices: string[];
}

/** What the walker found out about a compiled script. */
export interface WalkReport {
  endings: WalkEnding[];
  deadEnds: WalkDeadEnd[];
  errors: WalkIssue[];
  warnings: WalkIssue[];
  /** Knots (and knot.stitch) the script declares, and those the walk saw content from. */
  knots: string[];
  knotsVisited: string[];
  /** Choice points on a path to an ending: fewest, median of random playthroughs, most seen. */
  depth: { min: number; typical: number; max: number };
  /** Playthroughs that reached an ending, of `plays`; the others hit maxTurns. */
  playsEnded: number;
  /** How many of the random playthroughs ended at each ending (by its knot); unlisted: none. */
  endingPlays: Record<string, number>;
  /** Choices needed when the player always takes the first one (null: no ending within maxTurns). */
  firstChoiceDepth: number | null;
  /** Values of `# speaker:` and `# scene:` tags met on the way. */
  speakers: string[];
  scenes: string[];
  states: number;
  /** True when maxTurns or maxStates cut the walk short somewhere. */
  truncated: boolean;
}

type Outcome =
  | { kind: "choices"; choices: string[] }
  | { kind: "end"; path: string }
  | { kind: "stuck"; message: string }
  | { kind: "error"; message: string };

interface Step {
  outcome: Outcome;
  lastLine: string;
  knots: string[];
}

// Reports stay readable: a broken script can have thousands of stuck states that share one cause.
const MAX_LISTED = 20;

/** The named knots and stitches of a compiled story, from its root container. */
function declaredKnots(story: Story): string[] {
  const out: string[] = [];
  for (const [name, content] of story.mainContentContainer.namedContent) {
    if (name.startsWith("global ")) continue;
    out.push(name);
    const inner = (content as unknown as { namedContent?: Map<string, unknown> }).namedContent;
    for (const sub of inner?.keys() ?? []) if (!/^(\d|[gcs]-)/.test(sub)) out.push(`${name}.${sub}`);
  }
  return out;
}

/**
 * Plays a compiled story (ink JSON) over every choice sequence up to `maxTurns`, with state
 * snapshots, de-duplicating states by their saved JSON so loops and re-joining branches stay
 * bounded. Reports endings, dead ends, depth, runtime errors and the tags it met.
 */
export function walkScript(compiled: string, options: WalkOptions = {}): WalkReport {
  const story = new Story(compiled);
  // END clears the pointers before anyone can read them. While the walk runs (synchronously, so
  // nothing else sees it), StoryState's ForceEnd notes where the END was; ink copies the state
  // during a Continue, so the prototype, not this one state, is what has to be wrapped.
  const ends: { at: string | null } = { at: null };
  const stateProto = Object.getPrototypeOf(story.state) as { ForceEnd: (this: StoryState) => void };
  const forceEnd = stateProto.ForceEnd;
  stateProto.ForceEnd = function (this: StoryState) {
    ends.at = (this.currentPointer.isNull ? this.previousPointer : this.currentPointer).path?.toString() ?? ends.at;
    forceEnd.call(this);
  };
  try {
    return walkStory(story, options, ends);
  } finally {
    stateProto.ForceEnd = forceEnd;
  }
}

function walkStory(story: Story, options: WalkOptions, ends: { at: string | null }): WalkReport {
  // A path names its knot first and its stitch second, then ink's own containers (indices,
  // gathers, choices); the knot of a path is the longest declared prefix.
  const knots = declaredKnots(story);
  const declared = new Set(knots);
  const knotOf = (path: string | null | undefined): string => {
    const parts = (path ?? "").split(".");
    const two = parts.slice(0, 2).join(".");
    if (declared.has(two)) return two;
    return declared.has(parts[0]!) ? parts[0]! : "(top)";
  };
  const maxTurns = options.maxTurns ?? 40;
  const maxStates = options.maxStates ?? 20000;
  const errors: WalkIssue[] = [];
  const warnings: WalkIssue[] = [];
  const seenErrors = new Set<string>();
  let raised: { message: string; warning: boolean }[] = [];
  story.onError = (message, type) => {
    raised.push({ message, warning: type === 1 });
  };
  const speakers = new Set<string>();
  const scenes = new Set<string>();
  const visited = new Set<string>();

  const lastOutputPath = (): string | null => {
    const out = story.state.outputStream;
    for (let i = out.length - 1; i >= 0; i--) {
      const path = out[i]!.parent ? out[i]!.path.toString() : null;
      if (path) return path;
    }
    return null;
  };

  // Continues to the next choice point or the end, noting lines, tags, knots and errors.
  const advance = (): Step => {
    raised = [];
    ends.at = null;
    let lastLine = "";
    const knots: string[] = [];
    let endPath = "";
    while (story.canContinue) {
      const before = story.state.currentPathString;
      const text = (story.Continue() ?? "").trim();
      if (text) lastLine = text;
      // Where the line came from. END clears the pointers, but the text it printed is still in the
      // output stream, and each piece of text knows the container it was written in.
      const path = story.state.previousPointer.path?.toString() ?? lastOutputPath() ?? before;
      if (path) endPath = path;
      // A line can be written in one knot and end in another (`A key. -> outside`): every
      // container that wrote to it was visited.
      for (const o of story.state.outputStream) if (o.parent) knots.push(knotOf(o.path.toString()));
      knots.push(knotOf(path));
      for (const tag of story.currentTags ?? []) {
        const m = /^\s*(speaker|scene)\s*:\s*(.+?)\s*$/i.exec(tag);
        if (m) (m[1]!.toLowerCase() === "speaker" ? speakers : scenes).add(m[2]!);
      }
    }
    const failed = raised.find((r) => !r.warning);
    for (const r of raised.filter((x) => x.warning)) {
      if (!seenErrors.has(r.message)) warnings.push({ message: r.message, choices: [] });
      seenErrors.add(r.message);
    }
    let outcome: Outcome;
    if (failed && /ran out of content|unexpectedly reached end of content/i.test(failed.message)) outcome = { kind: "stuck", message: failed.message };
    else if (failed) outcome = { kind: "error", message: failed.message };
    else if (story.currentChoices.length > 0) outcome = { kind: "choices", choices: story.currentChoices.map((c) => c.text) };
    else outcome = { kind: "end", path: knotOf(ends.at ?? endPath) };
    return { outcome, lastLine, knots };
  };

  interface Node {
    json: string;
    depth: number;
    parent: number;
    via: string;
    choices: number;
    knot: string;
    lastLine: string;
    expanded: boolean;
    good: boolean;
  }
  const nodes: Node[] = [];
  const parents: number[][] = [];
  const byKey = new Map<string, number>();
  const endings = new Map<string, WalkEnding>();
  const deadEnds: WalkDeadEnd[] = [];
  let truncated = false;
  // The choice texts that lead from the opening to a node (and then `last`).
  const pathTo = (id: number, last?: string): string[] => {
    const out: string[] = [];
    for (let n = id; n >= 0 && nodes[n]!.parent >= 0; n = nodes[n]!.parent) out.push(nodes[n]!.via);
    out.reverse();
    if (last !== undefined) out.push(last);
    return out;
  };

  // Records where a step led; returns the node id of a new choice point, if any.
  const land = (step: Step, depth: number, from: number, via: string): number | null => {
    for (const k of step.knots) visited.add(k);
    const o = step.outcome;
    const seq = () => (from < 0 ? [] : pathTo(from, via));
    if (o.kind === "end") {
      const prev = endings.get(o.path);
      if (!prev || prev.depth > depth) endings.set(o.path, { knot: o.path, depth, lastLine: step.lastLine, choices: seq() });
      if (from >= 0) markGood(from);
      return null;
    }
    if (o.kind === "stuck") {
      if (deadEnds.length < MAX_LISTED) deadEnds.push({ kind: "no-choices", knot: step.knots.at(-1) ?? "(top)", depth, lastLine: step.lastLine, choices: seq(), message: o.message });
      return null;
    }
    if (o.kind === "error") {
      if (!seenErrors.has(o.message) && errors.length < MAX_LISTED) errors.push({ message: o.message, choices: seq() });
      seenErrors.add(o.message);
      return null;
    }
    const json = story.state.ToJson();
    const key = stateKey(json);
    const known = byKey.get(key);
    if (known !== undefined) {
      if (from >= 0) {
        parents[known]!.push(from);
        if (nodes[known]!.good) markGood(from);
      }
      return null;
    }
    if (nodes.length >= maxStates) {
      truncated = true;
      if (from >= 0) markGood(from); // unknown beyond the bound: not proven stuck
      return null;
    }
    const id = nodes.length;
    nodes.push({ json, depth, parent: from, via, choices: o.choices.length, knot: knotOf(story.currentChoices[0]?.sourcePath), lastLine: step.lastLine, expanded: false, good: false });
    parents.push(from >= 0 ? [from] : []);
    byKey.set(key, id);
    return id;
  };
  // A state is good when some ending (or the unexplored edge of the walk) is reachable from it.
  const markGood = (id: number) => {
    const stack = [id];
    while (stack.length) {
      const n = stack.pop()!;
      if (nodes[n]!.good) continue;
      nodes[n]!.good = true;
      stack.push(...parents[n]!);
    }
  };

  const start = land(advance(), 0, -1, "");
  const queue: number[] = start === null ? [] : [start];
  for (let qi = 0; qi < queue.length; qi++) {
    const id = queue[qi]!;
    const node = nodes[id]!;
    if (node.depth >= maxTurns) {
      truncated = true;
      markGood(id);
      continue;
    }
    node.expanded = true;
    for (let c = 0; c < node.choices; c++) {
      story.ResetErrors();
      story.state.LoadJson(node.json);
      const text = story.currentChoices[c]?.text ?? "";
      story.ChooseChoiceIndex(c);
      const next = land(advance(), node.depth + 1, id, text);
      if (next !== null) queue.push(next);
    }
  }
  // Explored states from which nothing good is reachable trap the player in a loop; one report
  // per knot (the shallowest, since nodes are in breadth-first order).
  const loopKnots = new Set<string>();
  for (const [i, n] of nodes.entries()) {
    if (!n.expanded || n.good || loopKnots.has(n.knot) || deadEnds.length >= MAX_LISTED) continue;
    loopKnots.add(n.knot);
    deadEnds.push({ kind: "loop", knot: n.knot, depth: n.depth, lastLine: n.lastLine, choices: pathTo(i), message: "no ending can be reached from here" });
  }

  // Random playthroughs: what a player who picks at random meets, for the typical depth.
  const plays = options.plays ?? 200;
  const rand = mulberry32(options.seed ?? 1);
  const depths: number[] = [];
  const endingPlays: Record<string, number> = {};
  const play = (pick: (n: number) => number, count = false): number | null => {
    story.ResetState();
    story.ResetErrors();
    let step = advance();
    for (let turn = 0; turn < maxTurns; turn++) {
      if (step.outcome.kind === "end" && count) endingPlays[step.outcome.path] = (endingPlays[step.outcome.path] ?? 0) + 1;
      if (step.outcome.kind !== "choices") return step.outcome.kind === "end" ? turn : null;
      story.ChooseChoiceIndex(pick(step.outcome.choices.length));
      step = advance();
    }
    if (step.outcome.kind === "end" && count) endingPlays[step.outcome.path] = (endingPlays[step.outcome.path] ?? 0) + 1;
    return step.outcome.kind === "end" ? maxTurns : null;
  };
  for (let p = 0; p < plays; p++) {
    const d = play((n) => Math.floor(rand() * n), true);
    if (d !== null) depths.push(d);
  }
  const firstChoiceDepth = play(() => 0);
  const endList = [...endings.values()].sort((a, b) => a.knot.localeCompare(b.knot));
  const endDepths = endList.map((e) => e.depth);
  return {
    endings: endList,
    deadEnds,
    errors,
    warnings,
    knots,
    knotsVisited: knots.filter((k) => visited.has(k) || [...visited].some((v) => v.startsWith(`${k}.`))),
    depth: {
      min: endDepths.length ? Math.min(...endDepths) : 0,
      typical: median(depths),
      max: Math.max(0, ...endDepths, ...depths),
    },
    playsEnded: depths.length,
    endingPlays,
    firstChoiceDepth,
    speakers: [...speakers].sort(),
    scenes: [...scenes].sort(),
    states: nodes.length,
    truncated,
  };
}
