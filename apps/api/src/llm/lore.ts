import { RE2JS } from "re2js";
import { isRegexKey, type LoreEntry } from "@storyloom/contract";

// Lorebook matching. Every key of every entry runs against the recent turns of every prompt, so
// every key is compiled once per story (cached with the loaded story) by RE2, whose matching is
// linear in the text: an author's pattern cannot make a prompt take exponential time. Plain-word keys
// match whole words in any case; `/pattern/` and `/pattern/i` keys are RE2 patterns. Entries that
// fired can name others: their content is matched in turn, down to a fixed depth.

/** How many of the newest thread lines the keys are matched against. */
export const LORE_SCAN_LINES = 4;
/** How many rounds of entries matched by other entries' content (0 = no recursion). */
export const LORE_MAX_DEPTH = 2;
/** The most (characters) of a match the inspector keeps. */
const MATCH_SHOWN = 80;
/** A pattern that keeps matching the empty string is given up on after this many tries. */
const EMPTY_MATCHES = 32;

/** One compiled key: the matched words, or null. */
interface CompiledKey {
  key: string;
  find(text: string): string | null;
}

/** An entry ready to match: its stored fields, its keys compiled and its place in the author's order. */
export interface CompiledLoreEntry {
  entry: LoreEntry;
  index: number;
  keys: CompiledKey[];
}

/** Why a key cannot be used: RE2's message for a pattern it cannot compile, else null. */
export function loreKeyProblem(key: string): string | null {
  try {
    compileKey(key);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message.replace(/^error parsing regexp: /, "") : "cannot be compiled";
  }
}

// Whole words: the key's own text, not inside a longer word (letters and digits of any script).
const EDGE_BEFORE = "(?:^|[^\\p{L}\\p{N}])";
const EDGE_AFTER = "(?:$|[^\\p{L}\\p{N}])";

/** Compiles one key (throws RE2's syntax error for a bad pattern). */
function compileKey(key: string): CompiledKey {
  if (isRegexKey(key)) {
    const insensitive = key.endsWith("/i");
    const source = key.slice(1, insensitive ? -2 : -1);
    const re = RE2JS.compile(source, insensitive ? RE2JS.CASE_INSENSITIVE : 0);
    return {
      key,
      find(text) {
        const m = re.matcher(text);
        for (let tries = 0; tries < EMPTY_MATCHES && m.find(); tries++) {
          const found = m.group(0);
          if (found) return found;
        }
        return null;
      },
    };
  }
  const words = key.trim().split(/\s+/).map((w) => RE2JS.quote(w)).join("\\s+");
  const re = RE2JS.compile(`${EDGE_BEFORE}(${words})${EDGE_AFTER}`, RE2JS.CASE_INSENSITIVE);
  return {
    key,
    find(text) {
      const m = re.matcher(text);
      return m.find() ? m.group(1) : null;
    },
  };
}

// Compiled lorebooks, by the stored array they came from (the loaded story's copy is cached, so a
// story's keys are compiled once per load of the story, not once per prompt).
const compiled = new WeakMap<readonly LoreEntry[], CompiledLoreEntry[]>();

/**
 * The entries of a stored lorebook, compiled. A key that no longer compiles (stored before a check
 * existed, or by hand) is skipped rather than breaking every reply of the story.
 */
export function compileLorebook(entries: readonly LoreEntry[]): CompiledLoreEntry[] {
  let out = compiled.get(entries);
  if (!out) {
    out = entries.map((entry, index) => ({
      entry,
      index,
      keys: entry.keys.flatMap((key) => {
        try {
          return [compileKey(key)];
        } catch {
          return [];
        }
      }),
    }));
    compiled.set(entries, out);
  }
  return out;
}

/** An entry that fired: at which depth, and which keys matched what. */
export interface LoreMatch {
  lore: CompiledLoreEntry;
  depth: number;
  matched: { key: string; text: string }[];
}

/** The keys of `lore` that match `text`, each with the words it matched. */
function matchesIn(lore: CompiledLoreEntry, text: string): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  for (const k of lore.keys) {
    const found = k.find(text);
    if (found !== null) out.push({ key: k.key, text: found.length > MATCH_SHOWN ? `${found.slice(0, MATCH_SHOWN)}…` : found });
  }
  return out;
}

/**
 * The entries that fire for `texts` (the recent turns): always-on entries and those a key of which
 * matches (depth 0), then, up to `maxDepth` rounds, those a key of which matches the content of an
 * entry fired in the round before. Each entry fires once, at its first depth. In the author's order.
 */
export function matchLore(lore: readonly CompiledLoreEntry[], texts: readonly string[], maxDepth = LORE_MAX_DEPTH): LoreMatch[] {
  const fired = new Map<number, LoreMatch>();
  const scan = texts.join("\n");
  for (const l of lore) {
    const matched = scan ? matchesIn(l, scan) : [];
    if (l.entry.always || matched.length) fired.set(l.index, { lore: l, depth: 0, matched });
  }
  let round = [...fired.values()];
  for (let depth = 1; depth <= maxDepth && round.length; depth++) {
    const text = round.map((m) => m.lore.entry.content).join("\n");
    const next: LoreMatch[] = [];
    for (const l of lore) {
      if (fired.has(l.index)) continue;
      const matched = matchesIn(l, text);
      if (!matched.length) continue;
      const m = { lore: l, depth, matched };
      fired.set(l.index, m);
      next.push(m);
    }
    round = next;
  }
  return [...fired.values()].sort((a, b) => a.lore.index - b.lore.index);
}

/** The order in which fired entries claim the budget: higher priority first, then the author's order. */
export const byPriority = (a: LoreMatch, b: LoreMatch) => b.lore.entry.priority - a.lore.entry.priority || a.lore.index - b.lore.index;
