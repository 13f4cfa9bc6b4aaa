// Reading the client reference manifests Next 16 writes next to each page of a build
// (`server/app/**/page_client-reference-manifest.js`): the compile-hints step and the global-error
// stylesheet step both read them, one writes them back.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** A client reference manifest as far as these steps read it. */
export interface ClientManifest {
  entryJSFiles?: Record<string, string[]>;
  entryCSSFiles?: Record<string, unknown[]>;
}

/** Every `*_client-reference-manifest.js` of the build in `buildDir` (under its `server/app`). */
export function clientReferenceManifests(buildDir: string): string[] {
  const dir = join(buildDir, "server", "app");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith("_client-reference-manifest.js"))
    .map((f) => join(dir, f));
}

/**
 * A manifest's source (`globalThis.__RSC_MANIFEST["/page"] = {…};`) split around its object: the
 * object is JSON after the last assignment's " = ", up to the file's last "}". Throws when the source
 * is not in that form (a Next upgrade that changes it must be looked at, not skipped).
 */
export function parseClientManifest(source: string, file = "manifest"): { manifest: ClientManifest; write: (manifest: ClientManifest) => string } {
  const at = source.lastIndexOf("__RSC_MANIFEST[");
  const open = at < 0 ? -1 : source.indexOf("= {", at);
  const close = source.lastIndexOf("}");
  if (open < 0 || close < open) throw new Error(`${file}: not a client reference manifest Next 16 writes (globalThis.__RSC_MANIFEST[…] = {…})`);
  return {
    manifest: JSON.parse(source.slice(open + 2, close + 1)) as ClientManifest,
    write: (manifest) => `${source.slice(0, open + 2)}${JSON.stringify(manifest)}${source.slice(close + 1)}`,
  };
}
