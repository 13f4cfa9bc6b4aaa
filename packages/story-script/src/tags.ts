// Tags an author writes on a line of a script (`# speaker: Wren`). Types and strings only: a page
// can read tags without loading the ink compiler.

/** The name in a line's `# speaker:` tag, or null when the line has none (narration). */
export function speakerOf(tags: readonly string[]): string | null {
  for (const t of tags) {
    const m = /^\s*speaker\s*:\s*(.+?)\s*$/i.exec(t);
    if (m) return m[1]!;
  }
  return null;
}
