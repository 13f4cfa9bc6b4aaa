import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The package's own files (migrations, the seeded stories' ink) are found through the package, not
// beside the module that reads them: the API's production build bundles this code into
// apps/api/dist, where import.meta.url names the bundle. That build copies the files beside the
// bundle (dist/db/, see apps/api/tsup.config.ts) and writes their folder, relative to the bundle,
// into STORYLOOM_DB_FILES at build time, so a deployed API reads its own copy and needs no
// workspace. Run from source, "@storyloom/db" is resolved instead (a self-reference), which finds
// this folder. createRequire, not import.meta.resolve: vitest's module runner does not support the
// latter.

/** The folder of the files copied beside the API's bundle, as its build names it (unset from source). */
// eslint-disable-next-line turbo/no-undeclared-env-vars -- not read from the environment: the API's build writes its value in
const bundledFiles = process.env.STORYLOOM_DB_FILES;

/** Root folder of the @storyloom/db package, or of its files' copy beside the API's bundle. */
export const packageRoot = bundledFiles
  ? fileURLToPath(new URL(bundledFiles, import.meta.url))
  : dirname(createRequire(import.meta.url).resolve("@storyloom/db/package.json"));

/** Resolves a dependency of @storyloom/db as the package itself sees it (its own node_modules). */
export const resolveFromPackage = (specifier: string) =>
  createRequire(join(packageRoot, "package.json")).resolve(specifier);
