import type { Story } from "inkjs/full";
import { InkRunaway } from "@storyloom/story-script/guard";
import { speakerOf } from "@storyloom/story-script/tags";

/** The part of inkjs the preview plays with (the module loads when a preview first shows). */
export type InkModule = { Story: typeof Story };

/** One line of the preview transcript: narration, a character's line, or the choice the reader took. */
export interface Entry {
  kind: "line" | "choice";
  speaker: string | null;
  text: string;
}

/** A choice the reader took: its index, its text, and how many choices were offered with it. */
export interface PathStep {
  index: number;
  text: string;
  of: number;
}

/** A value the author gave a variable, from the point where `at` choices had been taken. */
export interface VariableSet {
  at: number;
  name: string;
  value: boolean | number | string;
}

/** A global variable as the story holds it now; only numbers, booleans and strings can be set. */
export interface VariableView {
  name: string;
  kind: "number" | "boolean" | "string" | "other";
  value: boolean | number | string;
}

/** Where a replayed path stopped applying: the step (1-based) whose choice the script no longer offers. */
export interface PathBreak {
  step: number;
  /** the choice's text when it was taken (null for a path given as bare indices) */
  text: string | null;
}

/** A compiled story played from the start along a path of choices. */
export interface Played {
  entries: Entry[];
  choices: { index: number; text: string }[];
  ended: boolean;
  error: string | null;
  /** the part of the path that still applies to this version of the script */
  path: PathStep[];
  /** where the path broke, when an edit removed a choice on it */
  broke: PathBreak | null;
  /** the author's values that still apply (those at a step past the break are dropped) */
  sets: VariableSet[];
  variables: VariableView[];
  /** knots and stitches seen so far, with how many times */
  visits: { knot: string; count: number }[];
  /** the knot (or knot.stitch) the story stands in now, when it offers choices */
  here: string | null;
}

/** Lines one step of the preview may tell, as a chat turn on the server is bounded. */
export const MAX_LINES = 500;

// ink names its own containers (choices, gathers, branches); a knot's other named content are stitches.
const GENERATED = /^(c-\d+|g-\d+|s\d*|b|\$.*|\d+)$/;

/** The global variables a compiled script declares (its `global decl` container assigns each once). */
function declaredVariables(json: string): string[] {
  const root = (JSON.parse(json) as { root?: unknown[] }).root ?? [];
  const named = root.at(-1) as Record<string, unknown> | null;
  const decl = Array.isArray(named?.["global decl"]) ? (named["global decl"] as unknown[]) : [];
  return decl.flatMap((x) => {
    const name = x && typeof x === "object" ? (x as Record<string, unknown>)["VAR="] : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

function variableView(story: Story, name: string): VariableView {
  const v = story.variablesState.$(name);
  if (typeof v === "number") return { name, kind: "number", value: v };
  if (typeof v === "boolean") return { name, kind: "boolean", value: v };
  if (typeof v === "string") return { name, kind: "string", value: v };
  return { name, kind: "other", value: v === null ? "" : String(v) };
}

/** The knots and stitches a compiled story declares. */
function placesOf(story: Story): string[] {
  const out: string[] = [];
  for (const [name, content] of story.mainContentContainer.namedContent) {
    if (name === "global decl") continue;
    out.push(name);
    const inner = (content as unknown as { namedContent?: Map<string, unknown> }).namedContent;
    for (const sub of inner?.keys() ?? []) if (!GENERATED.test(sub)) out.push(`${name}.${sub}`);
  }
  return out;
}

/** The knot or stitch of an ink path (`knot.stitch.0.c-1`), among the known names. */
function knotOfPath(known: string[], path: string | null): string | null {
  if (!path) return null;
  const parts = path.split(".");
  const two = parts.slice(0, 2).join(".");
  return known.includes(two) ? two : known.includes(parts[0]!) ? parts[0]! : null;
}

/**
 * Plays a compiled script from the start along the choices taken so far. Replaying the same path on
 * every new version keeps an author where they were while they type: a step follows the choice with
 * the same text, or, when only its wording changed (as many choices offered as before), the one at
 * the same place. When an edit removes a choice on the way, the path is cut there and `broke` says
 * which step. The author's variable values apply before the content of the step they were set at.
 * The ink module must be guarded (installInkGuard) so a script that never stops ends in an error
 * instead of freezing the page.
 */
export function play(
  ink: InkModule,
  json: string,
  path: readonly (number | PathStep)[],
  sets: readonly VariableSet[] = [],
): Played {
  const story = new ink.Story(json);
  let error: string | null = null;
  story.onError = (message) => {
    error ??= message;
  };
  const names = declaredVariables(json);
  const applied: VariableSet[] = [];
  const apply = (at: number) => {
    for (const s of sets) {
      if (s.at !== at || !names.includes(s.name)) continue;
      story.variablesState.$(s.name, s.value);
      applied.push(s);
    }
  };
  const entries: Entry[] = [];
  // ink counts visits only where the script reads them; elsewhere a visit is the flow moving into
  // a knot or stitch from another one (noted per line told), and the larger of the two is shown.
  const places = placesOf(story);
  const seen = new Map<string, number>();
  let last: string | null = null;
  const note = () => {
    const knot = knotOfPath(
      places,
      story.state.previousPointer.path?.toString() ?? story.state.currentPathString,
    );
    if (!knot || knot === last) return;
    last = knot;
    seen.set(knot, (seen.get(knot) ?? 0) + 1);
    // Entering a stitch enters its knot too.
    const parent = knot.split(".")[0]!;
    if (parent !== knot && !seen.has(parent)) seen.set(parent, 1);
  };
  const tell = () => {
    for (let n = 0; story.canContinue && !error && n < MAX_LINES; n++) {
      try {
        const text = (story.Continue() ?? "").trim();
        note();
        if (text) entries.push({ kind: "line", speaker: speakerOf(story.currentTags ?? []), text });
      } catch (e) {
        if (!(e instanceof InkRunaway)) throw e;
        error = e.message;
      }
    }
  };
  const kept: PathStep[] = [];
  let broke: PathBreak | null = null;
  apply(0);
  tell();
  for (const [i, step] of path.entries()) {
    if (error) break;
    const offered = story.currentChoices;
    const choice =
      typeof step === "number"
        ? offered.find((c) => c.index === step)
        : (offered.find((c) => c.text === step.text) ??
          (offered.length === step.of ? offered.find((c) => c.index === step.index) : undefined));
    if (!choice) {
      broke = { step: i + 1, text: typeof step === "number" ? null : step.text };
      break;
    }
    entries.push({ kind: "choice", speaker: null, text: choice.text });
    kept.push({ index: choice.index, text: choice.text, of: offered.length });
    story.ChooseChoiceIndex(choice.index);
    apply(kept.length);
    tell();
  }
  const visits = places
    .map((knot) => ({
      knot,
      count: Math.max(seen.get(knot) ?? 0, story.state.VisitCountAtPathString(knot) ?? 0),
    }))
    .filter((v) => v.count > 0);
  const choices = error ? [] : story.currentChoices.map((c) => ({ index: c.index, text: c.text }));
  return {
    entries,
    choices,
    ended: !error && choices.length === 0,
    error,
    path: kept,
    broke,
    sets: applied,
    variables: names.map((n) => variableView(story, n)),
    visits,
    here: error ? null : knotOfPath(places, story.currentChoices[0]?.sourcePath ?? null),
  };
}
