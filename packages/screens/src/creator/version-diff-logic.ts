// What changed between two versions of a story: a line diff of the script (jsdiff's `diffLines`)
// folded into rows with their line numbers, and a field-by-field list of the rest. No React here,
// so every case is unit-tested; version-diff.tsx draws it.
import { diffLines } from "diff";
import type { StoryVersion } from "@storyloom/contract";

/** One row of a script diff: a line kept, added or removed, or a run of kept lines folded away. */
export type DiffRow =
  | { kind: "same" | "added" | "removed"; text: string; oldLine: number | null; newLine: number | null }
  | { kind: "fold"; count: number };

/** A script diff: its rows, and how many lines were added and removed. */
export interface ScriptDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

/**
 * Edits past which the diff gives up: two unrelated 60,000-character scripts would take the
 * browser seconds to compare line by line, and the answer ("everything changed") helps nobody.
 */
export const MAX_EDIT_LENGTH = 1_500;

/** Kept lines shown around each change; longer kept runs fold into one "n unchanged lines" row. */
export const CONTEXT_LINES = 3;

const linesOf = (value: string): string[] => {
  const lines = value.split("\n");
  // A value ending in a newline ends its last line; the empty string after it is no line.
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
};

/**
 * The line diff of two scripts, with every added or removed line and CONTEXT_LINES kept lines
 * around each change; null when they differ in more than MAX_EDIT_LENGTH lines.
 */
export function scriptDiff(before: string, after: string, context = CONTEXT_LINES): ScriptDiff | null {
  const changes = diffLines(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return null;
  const all: Extract<DiffRow, { kind: "same" | "added" | "removed" }>[] = [];
  let oldLine = 1;
  let newLine = 1;
  let added = 0;
  let removed = 0;
  for (const c of changes) {
    for (const text of linesOf(c.value)) {
      if (c.added) {
        all.push({ kind: "added", text, oldLine: null, newLine: newLine++ });
        added++;
      } else if (c.removed) {
        all.push({ kind: "removed", text, oldLine: oldLine++, newLine: null });
        removed++;
      } else all.push({ kind: "same", text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  // Keep a kept line when a change is within `context` lines of it.
  const near = all.map(() => false);
  all.forEach((r, i) => {
    if (r.kind === "same") return;
    for (let j = Math.max(0, i - context); j <= Math.min(all.length - 1, i + context); j++) near[j] = true;
  });
  const rows: DiffRow[] = [];
  let folded = 0;
  all.forEach((r, i) => {
    if (near[i]) {
      if (folded) rows.push({ kind: "fold", count: folded });
      folded = 0;
      rows.push(r);
    } else folded++;
  });
  if (folded) rows.push({ kind: "fold", count: folded });
  return { rows, added, removed };
}

/** One field that differs between two versions: its name, and its value in each (null: absent from one). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const RATING_WORDS: Record<StoryVersion["rating"], string> = { general: "General", mature: "Mature 18+" };

/** The fields of two versions (everything but the script) that differ, in the editor's order. */
export function fieldChanges(before: StoryVersion, after: StoryVersion): FieldChange[] {
  const out: FieldChange[] = [];
  const compare = (field: string, a: string | null, b: string | null) => {
    if (a !== b) out.push({ field, before: a, after: b });
  };
  compare("Title", before.title, after.title);
  compare("Hook", before.hook, after.hook);
  compare("Category", before.category_id, after.category_id);
  compare("Tags", before.tags.join(", "), after.tags.join(", "));
  compare("Rating", RATING_WORDS[before.rating], RATING_WORDS[after.rating]);
  // Characters and lore entries are matched by name, so a reordering alone is no change.
  const byName = <T extends { name: string }>(xs: readonly T[]) => new Map(xs.map((x) => [x.name.toLowerCase(), x]));
  const pairs = <T extends { name: string }>(a: readonly T[], b: readonly T[]) => {
    const was = byName(a);
    const now = byName(b);
    const names = [...new Set([...was.keys(), ...now.keys()])];
    return names.map((n) => [was.get(n), now.get(n)] as const);
  };
  for (const [a, b] of pairs(before.characters, after.characters)) {
    const name = (a ?? b)!.name;
    if (!a || !b) compare(`Character ${name}`, a ? "present" : null, b ? "present" : null);
    else {
      compare(`${name}'s persona`, a.persona, b.persona);
      compare(`${name}'s greeting`, a.greeting, b.greeting);
    }
  }
  for (const [a, b] of pairs(before.lorebook, after.lorebook)) {
    const name = (a ?? b)!.name;
    const text = (e: typeof a) => (e ? `${e.always ? "always on" : `keys: ${e.keys.join(", ")}`} · priority ${e.priority} · ${e.position.replace(/_/g, " ")} · ${e.share}% — ${e.content}` : null);
    compare(`Lorebook entry ${name}`, text(a), text(b));
  }
  return out;
}
