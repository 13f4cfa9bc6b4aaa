// The story editor's pure parts: the form's shape, what it sends, and reading ink's tags (the checks
// with the contract's schema are in field-errors.ts). No React here, so every rule is unit-tested.
import { STORY_LIMITS } from "@storyloom/contract/constants";
import type { EndpointInput, LoreEntry, LorePosition, Rating, ScriptProblem, StoryDraft } from "@storyloom/contract";

/** One character as the form holds it. */
export interface CharacterForm {
  name: string;
  persona: string;
  greeting: string;
  /** the speech server's voice for read aloud; empty or absent = the server's default */
  voice?: string;
}

/** One lorebook entry as the form holds it: its keys as the text the author types, one per line. */
export interface LoreForm {
  name: string;
  keysText: string;
  content: string;
  always: boolean;
  priority: number;
  position: LorePosition;
  share: number;
}

/** A new lorebook entry's form. */
export const newLoreEntry = (n: number): LoreForm => ({ name: `Entry ${n}`, keysText: "", content: "", always: false, priority: 50, position: "after_persona", share: 10 });

/** Keys typed one per line → the keys: trimmed, without empties or repeats. */
export function parseKeys(text: string): string[] {
  return [...new Set(text.split("\n").map((k) => k.trim()).filter(Boolean))];
}

const loreFormOf = (e: LoreEntry): LoreForm => ({ name: e.name, keysText: e.keys.join("\n"), content: e.content, always: e.always, priority: e.priority, position: e.position, share: e.share });
const loreOf = (f: LoreForm): LoreEntry => ({ name: f.name.trim(), keys: parseKeys(f.keysText), content: f.content.trim(), always: f.always, priority: f.priority, position: f.position, share: f.share });

/** The editor's form: the draft's fields, with tags as the text the author types. */
export interface DraftForm {
  title: string;
  hook: string;
  category_id: string;
  tagsText: string;
  characters: CharacterForm[];
  script: string;
  /** General, or Mature 18+ (shown only to signed-in players who confirmed their age) */
  rating: Rating;
  lorebook: LoreForm[];
}

/** Tags typed as "sea, short, Sea" → ["sea", "short"]: trimmed, no empties, no repeats. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** The form of a saved draft. */
export function formOf(d: StoryDraft): DraftForm {
  return {
    title: d.title,
    hook: d.hook,
    category_id: d.category_id ?? "",
    tagsText: d.tags.join(", "),
    characters: d.characters.map((c) => ({ ...c })),
    script: d.script,
    rating: d.rating,
    lorebook: d.lorebook.map(loreFormOf),
  };
}

/** The update call that saves the form. */
export function changesOf(id: string, f: DraftForm): EndpointInput<"storyDraftUpdate"> {
  return {
    id,
    title: f.title.trim(),
    hook: f.hook.trim(),
    category_id: f.category_id || null,
    tags: parseTags(f.tagsText),
    characters: f.characters.map((c) => ({ name: c.name.trim(), persona: c.persona.trim(), greeting: c.greeting.trim(), ...(c.voice?.trim() ? { voice: c.voice.trim() } : {}) })),
    script: f.script,
    rating: f.rating,
    lorebook: f.lorebook.map(loreOf),
  };
}

/** True when the form differs from what was last saved. */
export function isDirty(f: DraftForm, saved: DraftForm): boolean {
  return JSON.stringify(changesOf("0", f)) !== JSON.stringify(changesOf("0", saved));
}

/** What publishing still needs besides a working script (the server checks the same). */
export function publishGaps(f: DraftForm): string[] {
  const gaps: string[] = [];
  if (!f.hook.trim()) gaps.push("a hook");
  if (!f.category_id) gaps.push("a category");
  if (f.characters.length === 0) gaps.push("a character");
  if (f.characters.some((c) => !c.greeting.trim())) gaps.push("a greeting for every character");
  if (!f.script.trim()) gaps.push("a script");
  return gaps;
}

/** Problems grouped by their line (problems without a line are left out). */
export function problemsByLine(problems: readonly ScriptProblem[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const p of problems) {
    if (!p.line) continue;
    map.set(p.line, [...(map.get(p.line) ?? []), p.message]);
  }
  return map;
}

/** The 1-based numbers of a text's lines. */
export function lineNumbers(text: string): number[] {
  return Array.from({ length: text.split("\n").length }, (_, i) => i + 1);
}

/** Start and end offsets of a 1-based line, to select it in the textarea. */
export function lineRange(text: string, line: number): [number, number] {
  const lines = text.split("\n");
  const n = Math.min(Math.max(line, 1), lines.length);
  let start = 0;
  for (let i = 0; i < n - 1; i++) start += lines[i]!.length + 1;
  return [start, start + lines[n - 1]!.length];
}

/** The 1-based line declaring a knot (`== name ==`; "knot.stitch" finds the knot), or null. */
export function knotLine(script: string, knot: string): number | null {
  const name = knot.split(".")[0];
  if (!name) return null;
  const lines = script.split("\n");
  const i = lines.findIndex((l) => {
    const m = /^\s*={2,}\s*(?:function\s+)?([\w]+)/.exec(l);
    return m?.[1] === name;
  });
  return i < 0 ? null : i + 1;
}

/** The script with an accepted co-written knot added at its end; null when it would pass the size limit. */
export function withKnot(f: DraftForm, knot: string): Pick<DraftForm, "script"> | null {
  const base = f.script.trimEnd();
  const script = `${base}${base ? "\n\n" : ""}${knot.trim()}\n`;
  return script.length > STORY_LIMITS.scriptChars ? null : { script };
}

/** The characters with an accepted co-written persona for character `i`; null when it is gone. */
export function withPersona(f: DraftForm, i: number, persona: string): Pick<DraftForm, "characters"> | null {
  if (!f.characters[i]) return null;
  const text = persona.trim().slice(0, STORY_LIMITS.personaChars);
  return { characters: f.characters.map((c, j) => (j === i ? { ...c, persona: text } : c)) };
}

/** "1,204 / 60,000" for the script's size line. */
export function sizeText(script: string): string {
  return `${script.length.toLocaleString("en-US")} / ${STORY_LIMITS.scriptChars.toLocaleString("en-US")} characters`;
}

// The starter script has a module of its own (My stories reads it without the editor's code).
export { STARTER_SCRIPT } from "./starter-script";
