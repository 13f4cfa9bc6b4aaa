import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dropGlobalErrorCss, withoutGlobalErrorCss } from "./global-error-css";
import { brandNextConfig } from "./next-config";

const css = [{ path: "static/chunks/site.css", inlined: true, content: "a{color:red}" }];

/** A client reference manifest as Next 16 writes it next to a page. */
function manifestSource(page: string, entryCSSFiles: Record<string, unknown[]>): string {
  const rsc = { moduleLoading: { prefix: "" }, clientModules: {}, entryCSSFiles, entryJSFiles: { "[project]/apps/product/app/layout": ["static/chunks/a.js"] } };
  return `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${JSON.stringify(rsc)};\n`;
}

/** Reads the manifest object back out of a manifest's source, the way Next's loader runs it. */
function evaluate(source: string): { entryCSSFiles: Record<string, unknown[]>; entryJSFiles: Record<string, string[]> } {
  const scope = { __RSC_MANIFEST: undefined as Record<string, unknown> | undefined };
  new Function("globalThis", source)(scope);
  return Object.values(scope.__RSC_MANIFEST!)[0] as never;
}

describe("withoutGlobalErrorCss", () => {
  it("empties the global-error entry's stylesheets and leaves every other entry as it was", () => {
    const source = manifestSource("/(home)/page", {
      "[project]/apps/product/app/layout": css,
      "[project]/apps/product/app/global-error": css,
      "[project]/apps/product/app/(home)/page": css,
    });
    const out = evaluate(withoutGlobalErrorCss(source)!);
    expect(out.entryCSSFiles["[project]/apps/product/app/global-error"]).toEqual([]);
    expect(out.entryCSSFiles["[project]/apps/product/app/layout"]).toEqual(css);
    expect(out.entryCSSFiles["[project]/apps/product/app/(home)/page"]).toEqual(css);
    expect(out.entryJSFiles).toEqual({ "[project]/apps/product/app/layout": ["static/chunks/a.js"] });
  });

  it("answers null when there is nothing to empty, and does not take a look-alike entry for global-error", () => {
    expect(withoutGlobalErrorCss(manifestSource("/p", { "[project]/apps/product/app/global-error": [] }))).toBeNull();
    expect(withoutGlobalErrorCss(manifestSource("/p", { "[project]/apps/product/app/layout": css }))).toBeNull();
    expect(withoutGlobalErrorCss(manifestSource("/p", { "[project]/apps/product/app/(x)/my-global-error": css }))).toBeNull();
  });

  it("refuses a file that is not a manifest in the form Next 16 writes", () => {
    expect(() => withoutGlobalErrorCss("module.exports = {}", "x.js")).toThrow(/x\.js: not a client reference manifest/);
    expect(() => withoutGlobalErrorCss('globalThis.__RSC_MANIFEST["/p"] = {broken', "y.js")).toThrow();
  });
});

describe("dropGlobalErrorCss", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("rewrites every page's manifest in the build, once, and runs as the brand config's post-compile step", async () => {
    dir = mkdtempSync(join(tmpdir(), "global-error-css-"));
    const pages = { "(home)/page": "/(home)/page", "(mobile)/chat/[...params]/page": "/(mobile)/chat/[...params]/page" };
    for (const [path, page] of Object.entries(pages)) {
      mkdirSync(join(dir, "server", "app", path, ".."), { recursive: true });
      writeFileSync(join(dir, "server", "app", `${path}_client-reference-manifest.js`), manifestSource(page, { "[project]/apps/product/app/layout": css, "[project]/apps/product/app/global-error": css }));
    }
    const read = (path: string) => evaluate(readFileSync(join(dir, "server", "app", `${path}_client-reference-manifest.js`), "utf8"));

    const hook = brandNextConfig("storyloom").compiler?.runAfterProductionCompile;
    expect(hook).toBeTypeOf("function");
    await hook!({ distDir: dir, projectDir: dir });
    for (const path of Object.keys(pages)) {
      expect(read(path).entryCSSFiles["[project]/apps/product/app/global-error"]).toEqual([]);
      expect(read(path).entryCSSFiles["[project]/apps/product/app/layout"]).toEqual(css);
    }
    // A second run (a replayed build) finds nothing left to change.
    expect(dropGlobalErrorCss(dir)).toEqual({ manifests: 2, changed: 0 });
  });

  it("fails loudly on a folder that holds no build", () => {
    dir = mkdtempSync(join(tmpdir(), "global-error-css-empty-"));
    expect(() => dropGlobalErrorCss(dir)).toThrow(/holds no client reference manifest/);
  });
});
