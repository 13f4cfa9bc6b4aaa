import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT, entryChunks, markAppBuild } from "./compile-hints";

describe("addCompileHints", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("marks each script once, shifts its source map by one line and leaves other files alone", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
    writeFileSync(join(dir, "a.js"), "(globalThis.TURBOPACK||=[]).push([1,(e)=>{}]);");
    writeFileSync(join(dir, "a.js.map"), JSON.stringify({ version: 3, mappings: "AAAA,CAAC", sources: ["a.ts"] }));
    writeFileSync(join(dir, "b.js"), "console.log(1)");
    writeFileSync(join(dir, "c.js.map"), JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, mappings: "AAAA" } }] }));
    writeFileSync(join(dir, "c.js"), "x()");
    writeFileSync(join(dir, "style.css"), "a{}");

    expect(addCompileHints(dir)).toBe(3);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||=[]).push([1,(e)=>{}]);`);
    expect(JSON.parse(readFileSync(join(dir, "a.js.map"), "utf8")).mappings).toBe(";AAAA,CAAC");
    expect(JSON.parse(readFileSync(join(dir, "c.js.map"), "utf8")).sections[0].offset.line).toBe(1);
    expect(readFileSync(join(dir, "style.css"), "utf8")).toBe("a{}");

    // A second run (turbo replaying a cached build, or a rebuild of an unchanged chunk) changes nothing.
    expect(addCompileHints(dir)).toBe(0);
    expect(readFileSync(join(dir, "b.js"), "utf8")).toBe(`${COMPILE_HINT}console.log(1)`);
    expect(JSON.parse(readFileSync(join(dir, "a.js.map"), "utf8")).mappings).toBe(";AAAA,CAAC");
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("marks only the named scripts when given a list", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-only-"));
    writeFileSync(join(dir, "entry.js"), "a()");
    writeFileSync(join(dir, "lazy.js"), "b()");
    expect(addCompileHints(dir, new Set(["entry.js"]))).toBe(1);
    expect(readFileSync(join(dir, "entry.js"), "utf8")).toBe(`${COMPILE_HINT}a()`);
    expect(readFileSync(join(dir, "lazy.js"), "utf8")).toBe("b()");
  });
});

/** A build folder as `next build` leaves it: two root scripts, one page with its entry scripts, one lazy chunk. */
function fakeBuild(buildDir: string) {
  const chunks = join(buildDir, "static", "chunks");
  mkdirSync(chunks, { recursive: true });
  for (const name of ["root.js", "react.js", "layout.js", "page.js", "dialog.js"]) writeFileSync(join(chunks, name), `${name}()`);
  writeFileSync(join(buildDir, "build-manifest.json"), JSON.stringify({ polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/root.js", "static/chunks/react.js"] }));
  const pageDir = join(buildDir, "server", "app", "(home)");
  mkdirSync(pageDir, { recursive: true });
  const rsc = {
    moduleLoading: { prefix: "" },
    clientModules: { "[project]/x.tsx": { id: 1, name: "*", chunks: ["/_next/static/chunks/dialog.js"], async: true } },
    entryJSFiles: { "[project]/app/layout": ["static/chunks/layout.js"], "[project]/app/(home)/page": ["static/chunks/layout.js", "static/chunks/page.js"] },
    entryCSSFiles: { "[project]/app/layout": [{ path: "static/chunks/a.css", inlined: true }] },
  };
  writeFileSync(
    join(pageDir, "page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(home)/page"] = ${JSON.stringify(rsc)};\n`,
  );
}

describe("entryChunks", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names the root scripts and every segment's entry scripts, not lazily loaded chunks", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-entries-"));
    fakeBuild(dir);
    expect([...entryChunks(dir)].sort()).toEqual(["layout.js", "page.js", "react.js", "root.js"]);
  });

  it("refuses a folder without a build", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-none-"));
    expect(() => entryChunks(dir)).toThrow("build-manifest.json does not exist");
  });
});

describe("markAppBuild", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("marks the entry scripts of the app's build folder (NEXT_DIST_DIR, else .next) and refuses an unbuilt app", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-app-"));
    expect(() => markAppBuild(dir)).toThrow(`${join(dir, ".next", "static", "chunks")} does not exist`);
    fakeBuild(join(dir, ".next-e2e"));
    const chunks = join(dir, ".next-e2e", "static", "chunks");
    const before = process.env.NEXT_DIST_DIR;
    process.env.NEXT_DIST_DIR = ".next-e2e";
    try {
      expect(markAppBuild(dir)).toBe(`storyloom-compile-hints: marked 4 of 5 scripts (those pages load up front) in ${chunks}`);
    } finally {
      if (before === undefined) delete process.env.NEXT_DIST_DIR;
      else process.env.NEXT_DIST_DIR = before;
    }
    expect(readFileSync(join(chunks, "page.js"), "utf8")).toBe(`${COMPILE_HINT}page.js()`);
    expect(readFileSync(join(chunks, "dialog.js"), "utf8")).toBe("dialog.js()");
  });
});
