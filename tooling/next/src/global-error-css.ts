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
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { clientReferenceManifests, parseClientManifest } from "./client-manifests.js";

/** The key Next gives the app's own global-error entry: `[project]/<app path>/app/global-error`. */
const GLOBAL_ERROR_KEY = /(^|\/)app\/global-error$/;

/** What one run changed. */
export interface GlobalErrorCssResult {
  /** client reference manifests read */
  manifests: number;
  /** of those, the ones whose global-error entry listed a stylesheet (now emptied) */
  changed: number;
}

/**
 * Rewrites one manifest's source (`globalThis.__RSC_MANIFEST["/page"] = {…};`) with the stylesheet
 * list of its global-error entry emptied; returns null when it lists none. Throws when the source is
 * not in that form: a Next upgrade that changes it must be looked at, not silently skipped.
 */
export function withoutGlobalErrorCss(source: string, file = "manifest"): string | null {
  const { manifest, write } = parseClientManifest(source, file);
  let changed = false;
  for (const [key, files] of Object.entries(manifest.entryCSSFiles ?? {})) {
    if (GLOBAL_ERROR_KEY.test(key) && files.length > 0) {
      manifest.entryCSSFiles![key] = [];
      changed = true;
    }
  }
  return changed ? write(manifest) : null;
}

/**
 * Empties the global-error entry's stylesheet list in every client reference manifest of the build
 * in `buildDir` (its `server/app`). Throws when the build has no manifest at all.
 */
export function dropGlobalErrorCss(buildDir: string): GlobalErrorCssResult {
  const files = clientReferenceManifests(buildDir);
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
