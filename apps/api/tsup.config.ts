import { cpSync, existsSync, readFileSync, realpathSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "tsup";

// The production build of the API: `node dist/main.js` (and `node dist/reconcile.js`). The
// workspace packages (@storyloom/db, contract, payments, story-script) ship TypeScript source, which
// Node cannot load, so they are bundled in. Every npm package stays external and is loaded from
// node_modules at run time: sharp (native), @electric-sql/pglite (wasm and data files beside its own
// modules), inkjs, drizzle, fastify... Files the bundled code reads (the db package's migrations and
// seeded stories) are copied beside the bundle (dist/db/) and read from there
// (packages/db/src/files.ts), so dist/ plus the production node_modules is a whole deployable API
// (`pnpm deploy:bundle`, scripts/bundle.mjs).
const apiFile = fileURLToPath(new URL("./package.json", import.meta.url));
const pkg = JSON.parse(readFileSync(apiFile, "utf8")) as {
  dependencies: Record<string, string>;
};
const declared = new Set(Object.keys(pkg.dependencies));
/** The db package's folder, as the API resolves it. */
const dbPackage = dirname(createRequire(apiFile).resolve("@storyloom/db/package.json"));
/** What the bundled db code reads at run time, copied to dist/db/ with the package's layout. */
const dbFiles = ["drizzle", "src/seed/stories"];
const builtins = new Set(builtinModules);
const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const isBare = (specifier: string) =>
  /^[^./]/.test(specifier) && !specifier.startsWith("node:") && !builtins.has(packageName(specifier));
/** The installed folder of a package as Node finds it from a file (its node_modules walk), real path. */
function installed(name: string, fromFile: string): string | undefined {
  for (let dir = dirname(fromFile); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dir === dirname(dir)) return undefined;
  }
}

// `tsup --out-dir <folder>` (test/build.test.ts builds a copy elsewhere) moves the db files too.
export default defineConfig((cli) => ({
  // The ink pool's worker (src/services/inkPool.ts) is loaded from beside main.js: dist/inkWorker.js.
  entry: { main: "src/main.ts", reconcile: "src/reconcile.ts", inkWorker: "src/services/inkWorker.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: cli.outDir ?? "dist",
  clean: true,
  sourcemap: true,
  // tsup leaves this package's dependencies external already; the workspace ones are pulled in.
  noExternal: [/^@storyloom\//],
  // Where the bundled db code finds its files: dist/db/, relative to the bundle (packages/db/src/files.ts).
  define: { "process.env.STORYLOOM_DB_FILES": JSON.stringify("./db/") },
  async onSuccess() {
    for (const folder of dbFiles) cpSync(join(dbPackage, folder), join(cli.outDir ?? "dist", "db", folder), { recursive: true });
  },
  esbuildPlugins: [
    {
      // An npm package imported by bundled code must be a dependency of the API itself: external,
      // it is resolved from apps/api at run time, where pnpm links only the API's own dependencies.
      // Without this a dependency of @storyloom/db alone would be bundled (breaking PGlite's wasm)
      // or fail to load in production. tsup's external plugin runs first and has already marked
      // the declared ones external, so whatever bare specifier reaches here is undeclared.
      name: "declared-dependencies",
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) => {
          const name = packageName(args.path);
          if (!isBare(args.path) || name.startsWith("@storyloom/") || declared.has(name)) return undefined;
          return {
            errors: [
              {
                text: `${name} (imported by ${args.importer}) is bundled into the API but not a dependency of @storyloom/api: add it to apps/api/package.json "dependencies"`,
              },
            ],
          };
        });
        // And the copy the API loads must be the one the bundled package was written against: a
        // workspace package asking for pglite ^0.4 while the API declares ^0.3 would otherwise run
        // on the older engine without a word.
        build.onEnd((result) => {
          const drift = new Set<string>();
          for (const [file, input] of Object.entries(result.metafile?.inputs ?? {})) {
            for (const imp of input.imports) {
              if (!imp.external || !isBare(imp.path)) continue;
              const name = packageName(imp.path);
              const wanted = installed(name, resolve(file)); // metafile paths are relative to the working folder
              const loaded = installed(name, apiFile);
              if (wanted !== loaded)
                drift.add(
                  `${name}: ${file} uses ${wanted ?? "(not installed)"}, the API loads ${loaded ?? "(not installed)"}`,
                );
            }
          }
          if (drift.size)
            throw new Error(
              `bundled code would run on other copies of its dependencies; align the versions in apps/api/package.json:\n  ${[...drift].join("\n  ")}`,
            );
        });
      },
    },
  ],
}));
