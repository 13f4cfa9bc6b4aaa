import { createHash } from "node:crypto";
import { Story } from "inkjs/full";
import { compileScript, InkRunaway, installInkGuard } from "@storyloom/story-script";
import { ApiError } from "../errors";

// A user's script must never hold the server: every turn's Continue runs within the guard's step budget.
installInkGuard(Story);

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

// Compiled scripts are the same for everyone: keep them per script hash, bounded.
const compiled = new Map<string, string>();
const MAX_COMPILED = 200;

/** Compiles an ink script to its JSON form (cached by content hash). Throws on a script with errors. */
export function compileInk(script: string): string {
  const key = createHash("sha256").update(script).digest("hex");
  const hit = compiled.get(key);
  if (hit) return hit;
  const result = compileScript(script);
  if (!result.ok) throw new Error(`ink script did not compile: line ${result.errors[0]!.line}: ${result.errors[0]!.message}`);
  const json = result.json;
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, json);
  return json;
}

// A turn tells at most this many lines: a user's script that diverts back into itself without a
// choice deeper than the publish check walks must end the turn, not hold the server.
const MAX_LINES_PER_TURN = 500;

function collect(story: Story): InkTurn {
  const lines: string[] = [];
  const tags: string[] = [];
  const speakers: (string | null)[] = [];
  try {
    for (let n = 0; story.canContinue && n < MAX_LINES_PER_TURN; n++) {
      const text = (story.Continue() ?? "").trim();
      const lineTags = (story.currentTags ?? []).map((t) => t.trim()).filter(Boolean);
      if (text) {
        lines.push(text);
        speakers.push(sceneTags(lineTags).speaker ?? null);
      }
      for (const t of lineTags) if (!tags.includes(t)) tags.push(t);
    }
  } catch (e) {
    if (e instanceof InkRunaway) throw new ApiError("CONFLICT", `This story cannot go on: ${e.message}`);
    throw e;
  }
  const choices = story.currentChoices.map((c) => ({ index: c.index, text: c.text }));
  return { lines, tags, speakers, choices, ended: choices.length === 0, state: story.state.ToJson() };
}

/** Starts a playthrough from the opening. */
export function startInk(script: string): InkTurn {
  return collect(new Story(compileInk(script)));
}

/** Resumes a saved playthrough and takes a choice; null when the choice is not on offer. */
export function chooseInk(script: string, state: string, choice: number): InkTurn | null {
  const story = new Story(compileInk(script));
  story.state.LoadJson(state);
  if (!story.currentChoices.some((c) => c.index === choice)) return null;
  story.ChooseChoiceIndex(choice);
  return collect(story);
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
