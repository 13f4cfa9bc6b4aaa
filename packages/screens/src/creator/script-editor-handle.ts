// What other views of the editor page (the problem list, the walk report, coverage, the story
// map) can do with the script editor, whichever editor is mounted (the code editor, or the plain
// field shown while it loads). Types and pure helpers only: importing this loads no editor code.

/** Moves the script editor's caret. Take it with a ref: `handle={ref}` on ScriptEditor. */
export interface ScriptEditorHandle {
  /** Focuses the editor with the 1-based line selected and scrolled into view. */
  goToLine(line: number): void;
  /** The same as goToLine (its first name, kept for the views that use it). */
  goTo(line: number): void;
}

/** A knot or stitch header of the source, for "Go to knot". */
export interface KnotHeader {
  /** `knot` or `knot.stitch` */
  name: string;
  /** 1-based line of the header */
  line: number;
  function: boolean;
}

/** The knot and stitch headers of an ink source, in order (functions too, marked as such). */
export function knotHeaders(source: string): KnotHeader[] {
  const out: KnotHeader[] = [];
  let knot: string | null = null;
  source.split("\n").forEach((text, i) => {
    const k = /^\s*={2,}\s*(function\s+)?(\w+)/.exec(text);
    if (k) {
      knot = k[2]!;
      out.push({ name: knot, line: i + 1, function: Boolean(k[1]) });
      return;
    }
    const s = /^\s*=\s*(\w+)/.exec(text);
    if (s && knot) out.push({ name: `${knot}.${s[1]!}`, line: i + 1, function: false });
  });
  return out;
}
