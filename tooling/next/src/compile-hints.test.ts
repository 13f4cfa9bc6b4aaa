import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT, markAppBuild } from "./compile-hints";

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

  it("marks the chunks of the app's build folder (NEXT_DIST_DIR, else .next) and refuses an unbuilt app", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-app-"));
    expect(() => markAppBuild(dir)).toThrow(`${join(dir, ".next", "static", "chunks")} does not exist`);
    mkdirSync(join(dir, ".next-e2e", "static", "chunks"), { recursive: true });
    writeFileSync(join(dir, ".next-e2e", "static", "chunks", "main.js"), "main()");
    const before = process.env.NEXT_DIST_DIR;
    process.env.NEXT_DIST_DIR = ".next-e2e";
    try {
      expect(markAppBuild(dir)).toBe(`storyloom-compile-hints: marked 1 scripts in ${join(dir, ".next-e2e", "static", "chunks")}`);
    } finally {
      if (before === undefined) delete process.env.NEXT_DIST_DIR;
      else process.env.NEXT_DIST_DIR = before;
    }
    expect(readFileSync(join(dir, ".next-e2e", "static", "chunks", "main.js"), "utf8")).toBe(`${COMPILE_HINT}main()`);
  });
});
