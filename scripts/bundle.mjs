// `pnpm deploy:bundle`: the deployable folders, one per process, under .cache/bundle/ (or --out):
//   api/        dist/ (the tsup build, with the db package's migrations and seeded stories in dist/db/),
//               node_modules/ (production dependencies, from `pnpm deploy --prod`), package.json
//               → `node dist/main.js`
//   storyloom/  playshot/  admin/   Next's standalone output plus the static files it leaves out
//               → `node server.mjs` (which starts apps/<app>/server.js)
//   bundle.json what was built, for which API address, and how each folder starts
// Each folder runs with `node` alone, on a machine without the repository or pnpm.
//
// The sites inline NEXT_PUBLIC_API_URL (and their rewrites' API_INTERNAL_URL, PARENT_ORIGINS) at
// build time: one build per deployment. `--sites=build` (default) builds them now for the
// environment given, into their own folder (.next-bundle); `--sites=e2e` takes the e2e stack's
// builds (tests/e2e/support/stack.mjs, made by `turbo run build:e2e`, cached after `npm test`), so
// CI bundles without building the sites again.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ensureInstalled, pnpm, root } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    out: { type: "string", default: join(root, ".cache", "bundle") },
    sites: { type: "string", default: "build" },
    // A comma list of folders to make (the Dockerfiles make one each); all four by default.
    only: { type: "string", default: "api,storyloom,playshot,admin" },
  },
});
if (args.sites !== "build" && args.sites !== "e2e") fail(`--sites must be "build" or "e2e", not "${args.sites}"`);
const out = resolve(args.out);
const only = new Set(args.only.split(",").map((x) => x.trim()).filter(Boolean));

/** The sites: bundle folder name → workspace package and folder. */
const ALL_SITES = {
  storyloom: { pkg: "@storyloom/app-product", dir: "apps/product" },
  playshot: { pkg: "@storyloom/app-playshot", dir: "apps/playshot" },
  admin: { pkg: "@storyloom/app-admin", dir: "apps/admin" },
};
const unknown = [...only].filter((name) => name !== "api" && !(name in ALL_SITES));
if (unknown.length) fail(`--only takes api, storyloom, playshot, admin; not ${unknown.join(", ")}`);
const SITES = Object.fromEntries(Object.entries(ALL_SITES).filter(([name]) => only.has(name)));

function fail(message) {
  console.error(`✖ deploy:bundle: ${message}`);
  process.exit(1);
}

async function step(name, args, env) {
  console.log(`▶ ${name}`);
  const code = await pnpm(args, { env });
  if (code !== 0) fail(`${name} failed (exit ${code})`);
}

/** Bytes of the files under a folder (symlinks not followed), for the summary. */
function size(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) total += size(join(path, entry.name));
    else if (entry.isFile()) total += statSync(join(path, entry.name)).size;
  }
  return total;
}

await ensureInstalled();

// ── what the sites are built with ──
let siteEnv;
if (args.sites === "e2e") {
  const { siteBuildEnv } = await import("../tests/e2e/support/stack.mjs");
  siteEnv = { ...siteBuildEnv };
} else {
  // The build's other settings (API_INTERNAL_URL, PARENT_ORIGINS, NEXT_PUBLIC_*) come from the
  // environment as they are.
  siteEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v && (k.startsWith("NEXT_PUBLIC_") || k === "API_INTERNAL_URL" || k === "PARENT_ORIGINS"))),
    NEXT_PUBLIC_API_URL: process.env.NEXT_PUBLIC_API_URL ?? "http://localhost:4000",
    NEXT_DIST_DIR: ".next-bundle",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}
const distDir = siteEnv.NEXT_DIST_DIR;

// ── builds ──
// The API, and the config the brand sites load (a pruned workspace, as in the Dockerfiles, has only
// what its folder needs).
const prebuilt = [...(only.has("api") ? ["@storyloom/api"] : []), ...(SITES.storyloom || SITES.playshot ? ["@storyloom/next-config"] : [])];
if (prebuilt.length) await step(`building ${prebuilt.join(" and ")} (turbo, cached)`, ["exec", "turbo", "run", "build", ...prebuilt.map((p) => `--filter=${p}`), "--output-logs=errors-only"]);
if (Object.keys(SITES).length === 0) {
  // the API alone
} else if (args.sites === "e2e") {
  const filters = Object.values(SITES).map((s) => `--filter=${s.pkg}`);
  await step("the sites' e2e builds (turbo, cached after `npm test`)", ["exec", "turbo", "run", "build:e2e", ...filters, "--concurrency=1", "--output-logs=errors-only"]);
} else {
  console.log(`  sites built for NEXT_PUBLIC_API_URL=${siteEnv.NEXT_PUBLIC_API_URL} (inlined: one build per deployment)`);
  // Straight through pnpm, not turbo: the folder is this script's own and always built fresh.
  for (const [name, site] of Object.entries(SITES)) await step(`building ${name} (next build → ${site.dir}/${distDir}/standalone)`, ["--filter", site.pkg, "build"], siteEnv);
}

// ── the API: its build and its production dependencies ──
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (only.has("api")) {
  const staging = join(out, ".api-deploy");
  // --legacy: the workspace does not inject its packages (inject-workspace-packages), which pnpm
  // 10's default deploy needs; the lockfile still pins every version.
  await step("the API's production dependencies (pnpm deploy --prod)", ["--filter", "@storyloom/api", "deploy", "--prod", "--legacy", staging]);
  const api = join(out, "api");
  mkdirSync(api);
  renameSync(join(staging, "node_modules"), join(api, "node_modules"));
  cpSync(join(root, "apps", "api", "dist"), join(api, "dist"), { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  const apiPkg = JSON.parse(readFileSync(join(root, "apps", "api", "package.json"), "utf8"));
  writeFileSync(
    join(api, "package.json"),
    `${JSON.stringify({ name: apiPkg.name, version: apiPkg.version, private: true, type: "module", scripts: { start: "node dist/main.js", "payments:reconcile": "node dist/reconcile.js" } }, null, 2)}\n`,
  );
  if (!existsSync(join(api, "dist", "db", "drizzle", "meta", "_journal.json"))) fail("apps/api/dist/db/drizzle is missing: the API's tsup build copies the migrations there (apps/api/tsup.config.ts)");
}

// ── the sites: standalone output + .next/static + public ──
const manifest = {
  builtAt: new Date().toISOString(),
  sites: args.sites,
  siteEnv: Object.fromEntries(Object.entries(siteEnv).filter(([k]) => k.startsWith("NEXT_PUBLIC_") || k === "API_INTERNAL_URL" || k === "PARENT_ORIGINS")),
  apps: only.has("api") ? { api: { start: "node dist/main.js" } } : {},
};
for (const [name, site] of Object.entries(SITES)) {
  const build = join(root, site.dir, distDir);
  const standalone = join(build, "standalone");
  if (!existsSync(join(standalone, site.dir, "server.js")))
    fail(`${relative(root, standalone)}/${site.dir}/server.js is missing: the app must build with output: "standalone" (tooling/next/src/next-config.ts, apps/admin/next.config.ts)`);
  const target = join(out, name);
  cpSync(standalone, target, { recursive: true, verbatimSymlinks: true });
  // Next leaves these out of the standalone folder: the browser's files and public/.
  cpSync(join(build, "static"), join(target, site.dir, distDir, "static"), { recursive: true });
  if (existsSync(join(root, site.dir, "public"))) cpSync(join(root, site.dir, "public"), join(target, site.dir, "public"), { recursive: true });
  // The server reads its config from the build, never the repo's next.config: the cache handler
  // must be named relative to the build folder, and be there.
  const config = JSON.parse(readFileSync(join(target, site.dir, distDir, "required-server-files.json"), "utf8")).config;
  if (config.cacheHandler) {
    if (config.cacheHandler.startsWith("/")) fail(`${name}: the cache handler is named by an absolute path (${config.cacheHandler})`);
    if (!existsSync(join(target, site.dir, distDir, config.cacheHandler))) fail(`${name}: the cache handler ${config.cacheHandler} was not traced into the standalone output`);
  }
  // One entry point for every site's folder (the Dockerfile's CMD): Next's server.js sits at the
  // app's path inside the traced tree, and changes to its own folder itself.
  writeFileSync(join(target, "server.mjs"), `// Starts ${site.pkg}: Next's standalone server (scripts/bundle.mjs).\nimport "./${site.dir}/server.js";\n`);
  manifest.apps[name] = { start: "node server.mjs", server: "server.mjs" };
}
writeFileSync(join(out, "bundle.json"), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(`\n✔ bundles in ${relative(process.cwd(), out) || "."}/ (each runs with node alone):`);
for (const [name, app] of Object.entries(manifest.apps)) console.log(`  ${name.padEnd(10)} ${(size(join(out, name)) / 1e6).toFixed(0).padStart(4)} MB   cd ${name} && ${app.start}`);
