// Keeps the site's stylesheet out of the global-error boundary's slot of every page's flight data.
//
// With `experimental.inlineCss`, Next 16 (Turbopack) lists the root layout's stylesheet under the
// app's `global-error` entry too, and renders that boundary's styles with a fresh "already injected"
// set (app-render's getGlobalErrorStyles; vercel/next.js#98110): every page's HTML then carries the
// whole stylesheet one more time, as a text row of the flight data that no element ever shows
// (home page: 10 KB of its 50.6 KB gzip). Our global-error screen (packages/screens, error/global-
// error.tsx) is self-contained by design: it replaces the root layout, so it brings its own few
// styles and needs no stylesheet. So, after Next compiles and before it prerenders, the step empties
// that entry's stylesheet list in the client reference manifests (the files app-render reads it
// from). It runs through `compiler.runAfterProductionCompile`, Next's supported post-compile hook.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A client reference manifest as far as this step reads it. */
interface Manifest {
  entryCSSFiles?: Record<string, unknown[]>;
}

/** The key Next gives the app's own global-error entry: `[project]/<app path>/app/global-error`. */
const GLOBAL_ERROR_KEY = /(^|\/)app\/global-error$/;

/** What one run changed. */
export interface GlobalErrorCssResult {
  /** client reference manifests read */
  manifests: number;
  /** of those, the ones whose global-error entry listed a stylesheet (now emptied) */
  changed: number;
}

/** Every `*_client-reference-manifest.js` under `dir`. */
function manifestsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith("_client-reference-manifest.js"))
    .map((f) => join(dir, f));
}

/**
 * Rewrites one manifest's source (`globalThis.__RSC_MANIFEST["/page"] = {…};`) with the stylesheet
 * list of its global-error entry emptied; returns null when it lists none. Throws when the source is
 * not in that form: a Next upgrade that changes it must be looked at, not silently skipped.
 */
export function withoutGlobalErrorCss(source: string, file = "manifest"): string | null {
  const at = source.lastIndexOf("__RSC_MANIFEST[");
  const open = at < 0 ? -1 : source.indexOf("= {", at);
  const close = source.lastIndexOf("}");
  if (open < 0 || close < open) throw new Error(`${file}: not a client reference manifest Next 16 writes (globalThis.__RSC_MANIFEST[…] = {…})`);
  const manifest = JSON.parse(source.slice(open + 2, close + 1)) as Manifest;
  let changed = false;
  for (const [key, files] of Object.entries(manifest.entryCSSFiles ?? {})) {
    if (GLOBAL_ERROR_KEY.test(key) && files.length > 0) {
      manifest.entryCSSFiles![key] = [];
      changed = true;
    }
  }
  return changed ? `${source.slice(0, open + 2)}${JSON.stringify(manifest)}${source.slice(close + 1)}` : null;
}

/**
 * Empties the global-error entry's stylesheet list in every client reference manifest of the build
 * in `buildDir` (its `server/app`). Throws when the build has no manifest at all.
 */
export function dropGlobalErrorCss(buildDir: string): GlobalErrorCssResult {
  const files = manifestsUnder(join(buildDir, "server", "app"));
  if (files.length === 0) throw new Error(`${join(buildDir, "server", "app")} holds no client reference manifest; run it after Next compiles`);
  let changed = 0;
  for (const file of files) {
    const next = withoutGlobalErrorCss(readFileSync(file, "utf8"), file);
    if (next === null) continue;
    writeFileSync(file, next);
    changed++;
  }
  return { manifests: files.length, changed };
}
