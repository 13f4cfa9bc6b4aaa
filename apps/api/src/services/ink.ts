import { createHash } from "node:crypto";
import type { Config } from "../config";
import { ApiError } from "../errors";
import { InkPool } from "./inkPool";
import type { InkAnswer, InkCheck, InkTask, InkTurn, OutputCap } from "./inkWorker";

export type { InkTurn } from "./inkWorker";

/** The settings of ink plays (see config.ts). */
export type InkSettings = Pick<Config, "INK_TURN_DEADLINE_MS" | "INK_CHECK_DEADLINE_MS" | "INK_TURN_MAX_LINES" | "INK_TURN_MAX_CHARS" | "INK_THREADS">;

// Every play and check of a user's script runs on the pool's worker threads: a script that runs on
// holds a worker until its deadline, never the API. One pool per process, shared by its APIs.
let settings: InkSettings = { INK_TURN_DEADLINE_MS: 250, INK_CHECK_DEADLINE_MS: 4000, INK_TURN_MAX_LINES: 500, INK_TURN_MAX_CHARS: 20_000, INK_THREADS: 2 };
let pool: InkPool | null = null;
// Past its deadline a turn gets this long before its worker is stopped from outside (compiling a
// script is not bounded by the ink guard).
const KILL_GRACE_MS = 2000;

/** Applies the API's ink settings and starts the pool (pre-warmed) when it is not running. */
export function configureInk(next: InkSettings): void {
  if (pool && pool.options.threads !== next.INK_THREADS) void closeInk();
  settings = { ...next };
  inkPool();
}

/** The process's ink pool (started on first use). */
export function inkPool(): InkPool {
  pool ??= new InkPool({ threads: settings.INK_THREADS, killGraceMs: KILL_GRACE_MS });
  return pool;
}

/** Stops the ink pool's workers (a later play starts a new pool). */
export async function closeInk(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}

/** A script's check on the ink pool, within INK_CHECK_DEADLINE_MS: its findings, or why it was stopped. */
export async function checkInk(script: string, walk: { maxTurns: number; maxStates: number; plays: number }): Promise<InkCheck | { runaway: string }> {
  const answer = await inkPool().run({ kind: "check", script, deadlineMs: settings.INK_CHECK_DEADLINE_MS, walk });
  if (!answer.ok) return { runaway: answer.runaway };
  return "check" in answer ? answer.check : { runaway: "the script could not be checked" };
}

/**
 * A script's compile errors (none when it compiles), compiled on the ink pool: the compiler is not
 * bounded by the ink guard, so a script that makes it work long holds a worker (stopped after the
 * check deadline and its grace), never the API. Null when the pool had to stop it.
 */
export async function compileErrorsInk(script: string): Promise<{ line: number; message: string }[] | null> {
  const answer = await inkPool().run({ kind: "compile", script, deadlineMs: settings.INK_CHECK_DEADLINE_MS });
  return answer.ok && "errors" in answer ? answer.errors : null;
}

const cap = (): OutputCap => ({ lines: settings.INK_TURN_MAX_LINES, chars: settings.INK_TURN_MAX_CHARS });

/** The story a turn plays: its title names it when its script cannot go on. */
export interface PlayedStory {
  title: string;
  script: string;
}

// Plays that ran away, by what they played (script, state, choice): ink is deterministic, so the same
// play would run away again. Sending it again answers at once instead of taking a worker for the
// whole deadline each time (a script of a player's that loops could otherwise keep the pool busy).
// The step budget and the output cap are the script's own verdict, remembered at the first strike.
// The wall-clock deadline is not: a machine busy for a moment (a load spike, a noisy neighbour) can
// stop a sound turn, and remembering that would refuse the story's opening to every player for the
// memo's whole life. A timed-out play is remembered at its second strike within the window.
const RUNAWAY_MEMO_MS = 10 * 60_000;
const RUNAWAY_MEMO_SIZE = 1000;
const runaways = new Map<string, { at: number; why: string; strikes: number }>();

/** Whether a remembered runaway refuses the play at once: always for steps or cap, from the second strike for the deadline. */
export function refusesAtOnce(known: { at: number; strikes: number } | undefined, now: number): boolean {
  return known !== undefined && now - known.at < RUNAWAY_MEMO_MS && known.strikes >= 2;
}

/** The memo entry after a runaway: steps or cap count as two strikes at once, a deadline as one more. */
export function strike(known: { at: number; strikes: number } | undefined, timed: boolean, now: number): number {
  const earlier = known && now - known.at < RUNAWAY_MEMO_MS ? known.strikes : 0;
  return timed ? earlier + 1 : 2;
}

const playKey = (task: InkTask) =>
  createHash("sha256")
    .update(JSON.stringify([task.kind, task.script, "state" in task ? task.state : null, "choice" in task ? task.choice : null]))
    .digest("base64url");

async function playTurn(story: PlayedStory, task: InkTask): Promise<InkTurn | null> {
  const refuse = (why: string) => new ApiError("CONFLICT", `"${story.title}" cannot go on: ${why}. Nothing was charged; try another story`);
  const key = playKey(task);
  const known = runaways.get(key);
  if (refusesAtOnce(known, Date.now())) throw refuse(known!.why);
  const answer: InkAnswer = await inkPool().run(task);
  if (!answer.ok) {
    const now = Date.now();
    const strikes = strike(known, answer.timed, now);
    runaways.delete(key);
    if (runaways.size >= RUNAWAY_MEMO_SIZE) runaways.delete(runaways.keys().next().value!);
    runaways.set(key, { at: now, why: answer.runaway, strikes });
    throw refuse(answer.runaway);
  }
  return "turn" in answer ? answer.turn : null;
}

/**
 * Starts a playthrough from the opening, on the ink pool: 409 CONFLICT naming the story when its
 * script runs past the turn's deadline or output cap. Call it before any transaction or lock.
 */
export async function startInk(story: PlayedStory): Promise<InkTurn> {
  return (await playTurn(story, { kind: "start", script: story.script, deadlineMs: settings.INK_TURN_DEADLINE_MS, cap: cap() }))!;
}

/** Resumes a saved playthrough and takes a choice (on the ink pool, like startInk); null when the choice is not on offer. */
export async function chooseInk(story: PlayedStory, state: string, choice: number): Promise<InkTurn | null> {
  return playTurn(story, { kind: "choose", script: story.script, state, choice, deadlineMs: settings.INK_TURN_DEADLINE_MS, cap: cap() });
}

/** The tags scripts use to steer the model: `# scene:`, `# speaker:`, `# goal:` (last one of each wins). */
export interface SceneTags {
  scene?: string;
  speaker?: string;
  goal?: string;
}

/** Reads `key: value` tags into scene, speaker and goal; other tags are ignored. */
export function sceneTags(tags: readonly string[]): SceneTags {
  const out: SceneTags = {};
  for (const t of tags) {
    const m = /^(scene|speaker|goal)\s*:\s*(.+)$/i.exec(t);
    if (m) out[m[1]!.toLowerCase() as keyof SceneTags] = m[2]!.trim();
  }
  return out;
}
