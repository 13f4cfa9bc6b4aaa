// The ink worker: plays and checks user scripts on a worker thread of the ink pool (inkPool.ts), so
// a script that runs long holds this thread only, never the API's event loop. Loaded once per thread
// (inkjs with it), then answers one task at a time.
import { createHash } from "node:crypto";
import { threadId } from "node:worker_threads";
import { Story } from "inkjs/full";
import { checkScript as reviewScript, compileScript, InkRunaway, installInkGuard, withInkDeadline, type ScriptIssue } from "@storyloom/story-script";
import { inkTexts } from "../moderation/inkTexts";

installInkGuard(Story);

/** What one turn may tell: past either bound the script is treated as running on. */
export interface OutputCap {
  lines: number;
  chars: number;
}

/** A task of the ink pool: start a playthrough, take a choice from a saved state, or check a script. */
export type InkTask =
  | { kind: "start"; script: string; deadlineMs: number; cap: OutputCap }
  | { kind: "choose"; script: string; state: string; choice: number; deadlineMs: number; cap: OutputCap }
  | { kind: "check"; script: string; deadlineMs: number; walk: { maxTurns: number; maxStates: number; plays: number } }
  | { kind: "compile"; script: string; deadlineMs: number };

/** Where a playthrough stands after a turn: what was said, what can be chosen, and the saved state. */
export interface InkTurn {
  lines: string[];
  /** the tags ink gave with these lines (`# scene: Rooftop` → "scene: Rooftop"), in order */
  tags: string[];
  /** who speaks each line, its `# speaker:` tag as written (a character id or name), or null */
  speakers: (string | null)[];
  choices: { index: number; text: string }[];
  ended: boolean;
  /** ink's own JSON save state, to resume the next turn */
  state: string;
}

/** A script's check: its problems (line 0 when unknown) and the first lines a player reads. */
export interface InkCheck {
  problems: ScriptIssue[];
  opening: string;
  /** every text string of the compiled story (what moderation reads); empty when it did not compile */
  texts: string[];
}

/** The answer of a task: its result, or why the script was stopped; `thread` is the worker's thread id. */
export type InkAnswer =
  | { ok: true; turn: InkTurn | null; thread: number }
  | { ok: true; check: InkCheck; thread: number }
  | { ok: true; errors: ScriptIssue[]; thread: number }
  /** `timed`: stopped by the wall-clock deadline (a busy machine can do that too), not by steps or the output cap. */
  | { ok: false; runaway: string; timed: boolean; thread: number };

/** Thrown when a turn tells more than its output cap allows. */
class TooMuch extends Error {
  constructor(cap: OutputCap) {
    super(`the story tells more than ${cap.lines} lines or ${cap.chars} characters without a choice: look for a knot that diverts back into itself`);
  }
}

// Compiled scripts are the same for everyone: kept per script hash, bounded, in each thread.
const compiled = new Map<string, string>();
const MAX_COMPILED = 200;

function compileInk(script: string): string {
  const key = createHash("sha256").update(script).digest("hex");
  const hit = compiled.get(key);
  if (hit) return hit;
  const result = compileScript(script);
  if (!result.ok) throw new Error(`ink script did not compile: line ${result.errors[0]!.line}: ${result.errors[0]!.message}`);
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result.json);
  return result.json;
}

const speakerTag = (tags: readonly string[]): string | null => {
  let speaker: string | null = null;
  for (const t of tags) {
    const m = /^speaker\s*:\s*(.+)$/i.exec(t);
    if (m) speaker = m[1]!.trim();
  }
  return speaker;
};

function collect(story: Story, cap: OutputCap): InkTurn {
  const lines: string[] = [];
  const tags: string[] = [];
  const speakers: (string | null)[] = [];
  let chars = 0;
  while (story.canContinue) {
    const text = (story.Continue() ?? "").trim();
    const lineTags = (story.currentTags ?? []).map((t) => t.trim()).filter(Boolean);
    if (text) {
      chars += text.length;
      if (lines.length >= cap.lines || chars > cap.chars) throw new TooMuch(cap);
      lines.push(text);
      speakers.push(speakerTag(lineTags));
    }
    for (const t of lineTags) if (!tags.includes(t)) tags.push(t);
  }
  const choices = story.currentChoices.map((c) => ({ index: c.index, text: c.text }));
  return { lines, tags, speakers, choices, ended: choices.length === 0, state: story.state.ToJson() };
}

function play(task: Extract<InkTask, { kind: "start" | "choose" }>): InkTurn | null {
  const story = new Story(compileInk(task.script));
  if (task.kind === "choose") {
    story.state.LoadJson(task.state);
    if (!story.currentChoices.some((c) => c.index === task.choice)) return null;
    story.ChooseChoiceIndex(task.choice);
  }
  return withInkDeadline(task.deadlineMs, () => collect(story, task.cap));
}

function check(task: Extract<InkTask, { kind: "check" }>): InkCheck {
  return withInkDeadline(task.deadlineMs, () => {
    const review = reviewScript(task.script, task.walk);
    const opening = review.json && !review.problems.length ? new Story(review.json).ContinueMaximally().trim().slice(0, 600) : "";
    return { problems: review.problems, opening, texts: review.json ? inkTexts(review.json) : [] };
  });
}

/** Runs one task of the pool; a script that runs past its deadline or output cap answers `runaway`. */
export default function runInkTask(task: InkTask): InkAnswer {
  try {
    if (task.kind === "check") return { ok: true, check: check(task), thread: threadId };
    if (task.kind === "compile") {
      const result = compileScript(task.script);
      return { ok: true, errors: result.ok ? [] : result.errors, thread: threadId };
    }
    return { ok: true, turn: play(task), thread: threadId };
  } catch (e) {
    if (e instanceof InkRunaway || e instanceof TooMuch)
      return { ok: false, runaway: e.message, timed: e instanceof InkRunaway && e.byDeadline, thread: threadId };
    throw e;
  }
}
