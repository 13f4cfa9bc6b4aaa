import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// The package's own files (migrations, the seeded stories' ink) are found through the package, not
// beside the module that reads them: the API's production build bundles this code into
// apps/api/dist, where import.meta.url names the bundle while the files stay here. Resolving
// "@storyloom/db" finds this folder from either place (a self-reference from the source, the API's
// dependency link from the bundle). createRequire, not import.meta.resolve: vitest's module runner
// does not support the latter.

/** Root folder of the @storyloom/db package. */
export const packageRoot = dirname(createRequire(import.meta.url).resolve("@storyloom/db/package.json"));

/** Resolves a dependency of @storyloom/db as the package itself sees it (its own node_modules). */
export const resolveFromPackage = (specifier: string) =>
  createRequire(join(packageRoot, "package.json")).resolve(specifier);
