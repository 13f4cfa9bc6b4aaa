import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// No server code in a browser bundle: everything the `client` and `frame` entries import, followed
// through relative imports, stays out of src/server and imports no Node-only module.

const root = dirname(fileURLToPath(import.meta.url));
const NODE_ONLY = /^(node:|stripe$|drizzle-orm|fastify|@storyloom\/db)/;

function reach(entry: string): { files: Set<string>; modules: Set<string> } {
  const files = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    // Static imports and re-exports; `import type` is erased, dynamic import() is a separate chunk and listed too.
    for (const m of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/gm)) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith(".")) {
        const base = resolve(dirname(file), spec);
        visit(statSync(base, { throwIfNoEntry: false })?.isDirectory() ? join(base, "index.ts") : `${base}.ts`);
      } else modules.add(spec);
    }
  };
  visit(join(root, entry));
  return { files, modules };
}

describe("entry points", () => {
  it.each(["client/index.ts", "frame/index.ts"])("%s reaches no server code", (entry) => {
    const { files, modules } = reach(entry);
    expect([...files].map((f) => relative(root, f)).filter((f) => f.startsWith("server"))).toEqual([]);
    expect([...modules].filter((m) => NODE_ONLY.test(m))).toEqual([]);
  });
  it("the server entry is where the Node SDK lives", () => {
    expect([...reach("server/index.ts").modules]).toEqual(expect.arrayContaining(["stripe", "drizzle-orm", "@storyloom/db"]));
  });
  it("every source file belongs to one entry (nothing stray)", () => {
    const all = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "entry-points.test.ts");
    const reached = new Set([...reach("client/index.ts").files, ...reach("frame/index.ts").files, ...reach("server/index.ts").files].map((f) => relative(root, f)));
    expect(all.filter((f) => !reached.has(f))).toEqual([]);
  });
});
