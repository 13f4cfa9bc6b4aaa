import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The sites use two font weights, regular and semibold (tooling/tailwind/theme.css says why: every
// weight a page uses costs a font match on its first layout). The theme drops Tailwind's other
// weights, so `font-bold` would silently render regular: this test keeps them out of the sources.
const root = join(import.meta.dirname, "../../..");
const theme = readFileSync(join(root, "tooling/tailwind/theme.css"), "utf8");
const sourceDirs = ["packages/screens/src", "packages/ui/src", "apps/product/app", "apps/playshot/app"];
// The share image is drawn into a PNG by next/og (its own font, never laid out by a browser).
const exempt = new Set(["packages/screens/src/share-image.tsx"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sources(path);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every use of a weight other than regular or semibold, as "file:line: match". */
function strayWeights(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/\bfont-(thin|extralight|light|medium|bold|extrabold|black)\b/g)) found.push(`${file}:${i + 1}: ${m[0]}`);
    for (const m of line.matchAll(/font-weight\s*:\s*([^;,}"']+)/g)) {
      const value = m[1]!.trim();
      if (!/^(400|600|normal|inherit|var\(--font-weight-(normal|semibold)\))$/.test(value)) found.push(`${file}:${i + 1}: ${m[0]}`);
    }
    for (const m of line.matchAll(/fontWeight:\s*([^,}\s]+)/g)) {
      if (!/^(400|600|"normal"|"inherit")$/.test(m[1]!)) found.push(`${file}:${i + 1}: ${m[0]}`);
    }
  });
  return found;
}

describe("typography: two font weights", () => {
  it("the theme defines regular and semibold only", () => {
    expect(theme).toMatch(/--font-weight-\*:\s*initial;/);
    const weights = [...theme.matchAll(/--font-weight-([a-z]+):\s*(\d+);/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(weights).toEqual(["normal 400", "semibold 600"]);
  });

  it("no screen, component or app stylesheet asks for another weight", () => {
    const files = sourceDirs.flatMap((d) => sources(join(root, d))).filter((f) => !exempt.has(relative(root, f)));
    expect(files.length).toBeGreaterThan(50);
    const stray = files.flatMap((f) => strayWeights(relative(root, f), readFileSync(f, "utf8")));
    expect(stray).toEqual([]);
  });

  it("finds class names, CSS declarations and inline styles", () => {
    expect(strayWeights("a.tsx", `<p className="text-sm font-bold">`)).toEqual(["a.tsx:1: font-bold"]);
    expect(strayWeights("a.tsx", `<p className="sm:font-medium">`)).toEqual(["a.tsx:1: font-medium"]);
    expect(strayWeights("a.css", "a { font-weight: 700; }")).toEqual(["a.css:1: font-weight: 700"]);
    expect(strayWeights("a.tsx", "style={{ fontWeight: 800 }}")).toEqual(["a.tsx:1: fontWeight: 800"]);
    expect(strayWeights("a.tsx", `<p className="font-semibold">`)).toEqual([]);
    expect(strayWeights("a.css", "b { font-weight: var(--font-weight-semibold); } a{font-weight:600}")).toEqual([]);
  });
});
