// Where knots and stitches are declared in an ink source: compiled ink carries no line numbers,
// so the map (and the editor's "go to knot") read them from the headers.

const KNOT = /^\s*={2,}\s*(?:function\s+)?([A-Za-z_][\w]*)/;
const STITCH = /^\s*=(?!=)\s*([A-Za-z_][\w]*)/;

/**
 * The 1-based line of every knot (`== name ==`) and stitch (`= name`, as `knot.name`), in one pass.
 * Lines inside block comments are skipped; the first declaration of a name wins.
 */
export function headerLines(source: string): Map<string, number> {
  const out = new Map<string, number>();
  let knot: string | null = null;
  let comment = false;
  source.split("\n").forEach((raw, i) => {
    let line = raw;
    if (comment) {
      const close = line.indexOf("*/");
      if (close < 0) return;
      comment = false;
      line = line.slice(close + 2);
    }
    const open = line.indexOf("/*");
    if (open >= 0 && line.indexOf("*/", open + 2) < 0) {
      comment = true;
      line = line.slice(0, open);
    }
    const k = KNOT.exec(line);
    if (k) {
      knot = k[1]!;
      if (!out.has(knot)) out.set(knot, i + 1);
      return;
    }
    const s = STITCH.exec(line);
    if (s && knot && !out.has(`${knot}.${s[1]}`)) out.set(`${knot}.${s[1]}`, i + 1);
  });
  return out;
}
