// The production bundles' smoke test (CI's last stage): copies `pnpm deploy:bundle`'s folders to a
// temporary folder outside the repository and runs them there with `node` alone — the API (on a
// fresh PostgreSQL database when DATABASE_URL is set, else its embedded PGlite, with its payment
// sandbox and a local model peer as its language model), both brand sites and the console — then
// checks what a first visit needs: both sites answer with their pages and browser files, the
// console answers, a guest signs up, and a chat starts (the reply's first token arrives over SSE).
// Run as root where `unshare` works (CI here), each bundle process also runs with the repository
// hidden (an empty tmpfs mounted over it in its own mount namespace), so a path into the build
// machine's tree fails the test rather than passing by luck.
//
//   node scripts/bundle-smoke.mjs [--sites=e2e|build] [--no-build] [--bundle=.cache/bundle]
//
// --sites is passed to scripts/bundle.mjs (CI: e2e, the e2e stack's cached site builds); --no-build
// tests the folders already there. The API listens on the port the sites were built for (their
// NEXT_PUBLIC_API_URL); the sites on that port − 1000, − 999, − 998 (4700 → 3700, 3701, 3702).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    bundle: { type: "string", default: join(root, ".cache", "bundle") },
    sites: { type: "string", default: "build" },
    "no-build": { type: "boolean", default: false },
  },
});
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const bundle = resolve(args.bundle);

// ── state torn down at the end, whatever happened ──
const children = [];
let work = "";
let stopping = false;
let dropDatabase = async () => {};

async function teardown() {
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once("exit", r)) : null)));
  await dropDatabase().catch(() => undefined);
  if (work) rmSync(work, { recursive: true, force: true });
}

/** Stops everything, prints what each process logged last, and fails with the reason. */
async function fail(message) {
  console.error(`\n✖ bundle smoke test failed after ${seconds()}: ${message}`);
  for (const child of children) {
    const log = child.logFile && existsSync(child.logFile) ? readFileSync(child.logFile, "utf8").trim().split("\n").slice(-15) : [];
    if (log.length) console.error(`\n── ${child.name} (last lines) ──\n${log.join("\n")}`);
  }
  await teardown();
  process.exit(1);
}
process.on("SIGINT", () => void fail("interrupted"));
process.on("SIGTERM", () => void fail("terminated (a timeout? .ci/run gives this stage 4 minutes)"));

// ── the bundles ──
if (!args["no-build"]) {
  console.log(`▶ pnpm deploy:bundle --sites=${args.sites}`);
  const built = spawnSync(process.execPath, [join(root, "scripts", "bundle.mjs"), `--sites=${args.sites}`, `--out=${bundle}`], { stdio: "inherit" });
  if (built.status !== 0) await fail("scripts/bundle.mjs did not make the bundles (its output above says why)");
}
if (!existsSync(join(bundle, "bundle.json"))) await fail(`${bundle}/bundle.json is missing: run \`pnpm deploy:bundle\` first`);
const manifest = JSON.parse(readFileSync(join(bundle, "bundle.json"), "utf8"));
const apiUrl = new URL(manifest.siteEnv.NEXT_PUBLIC_API_URL);
if (!["127.0.0.1", "localhost"].includes(apiUrl.hostname) || !apiUrl.port)
  await fail(`the sites were built for ${apiUrl.origin}; the smoke test serves the API on this machine, so build them for http://127.0.0.1:<port>`);
const apiPort = Number(apiUrl.port);
const api = `http://127.0.0.1:${apiPort}`;
const sitePorts = { storyloom: apiPort - 1000, playshot: apiPort - 999, admin: apiPort - 998 };
const site = (name) => `http://127.0.0.1:${sitePorts[name]}`;
const modelPort = apiPort + 8;

work = mkdtempSync(join(tmpdir(), "storyloom-bundle-smoke-"));
if (!relative(root, work).startsWith("..")) await fail(`the temporary folder ${work} is inside the repository`);
console.log(`▶ copying the bundles to ${work}`);
cpSync(bundle, work, { recursive: true, verbatimSymlinks: true });
mkdirSync(join(work, "logs"));

// ── hiding the repository from the bundle processes ──
const hideCheck = spawnSync("unshare", ["--mount", "--propagation", "private", "sh", "-c", 'mount -t tmpfs tmpfs "$0" && test ! -e "$0/package.json"', root], { stdio: "ignore" });
const hidden = hideCheck.status === 0;
console.log(hidden ? `  the repository (${root}) is hidden from each bundle process` : "  unshare is not available here: the repository stays visible to the bundle processes (the copies still run from outside it)");

/** Starts a bundle process from its folder with a clean environment: node and the given settings only. */
function startBundle(name, folder, script, env) {
  const cwd = join(work, folder);
  const node = process.execPath;
  const [cmd, argv] = hidden
    ? ["unshare", ["--mount", "--propagation", "private", "sh", "-c", 'mount -t tmpfs tmpfs "$0" && exec "$@"', root, node, script]]
    : [node, [script]];
  const child = spawn(cmd, argv, { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: cwd, ...env } });
  return track(name, child);
}

function track(name, child) {
  child.name = name;
  child.logFile = join(work, "logs", `${name}.log`);
  const log = createWriteStream(child.logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on("exit", (code, signal) => {
    if (!stopping) void fail(`${name} exited (${signal ?? code}) before the test ended`);
  });
  children.push(child);
  return child;
}

/** Waits until a URL answers 2xx/3xx/4xx (the API's /readyz: 503 until ready), or fails naming it and its last answer. */
async function ready(name, url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
      if (r.status < 500) return;
      last = `${r.status} ${(await r.text()).slice(0, 300)}`;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await fail(`${name} did not answer at ${url} within ${timeoutMs / 1000} s (last: ${last})`);
}

async function check(what, fn) {
  const t0 = Date.now();
  try {
    const detail = await fn();
    console.log(`  ✓ ${what}${detail ? ` (${detail})` : ""} [${Date.now() - t0} ms]`);
  } catch (err) {
    await fail(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// ── the database ──
const apiEnv = {
  HOST: "127.0.0.1",
  PORT: String(apiPort),
  PUBLIC_API_URL: api,
  LOG_LEVEL: "warn",
  TOKEN_SECRET: randomBytes(24).toString("hex"),
  CORS_ORIGINS: Object.keys(sitePorts).map(site).join(","),
  BRAND_ORIGINS: `storyloom=${site("storyloom")};playshot=${site("playshot")}`,
  PAYMENTS_SANDBOX: "true",
  SANDBOX_SECRET: randomBytes(24).toString("hex"),
  LLM_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
  LLM_API_KEY: "smoke",
  LLM_MODEL: "smoke-model",
};
if (process.env.DATABASE_URL) {
  // A fresh database on that server, made and dropped with the bundle's own pg driver.
  const pg = createRequire(join(work, "api", "package.json"))("pg");
  const admin = new URL(process.env.DATABASE_URL);
  const name = `storyloom_bundle_smoke_${process.pid}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`drop database if exists ${name}`);
    await run(`create database ${name}`);
  } catch (err) {
    await fail(`could not create a database on ${admin.host} (${err.message})`);
  }
  dropDatabase = () => run(`drop database if exists ${name} with (force)`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  // As deployed: production settings, which the API checks at start (config.ts productionProblems).
  Object.assign(apiEnv, { NODE_ENV: "production", DATABASE_URL: url.href, SMTP_URL: `smtp://127.0.0.1:${apiPort + 9}` });
  console.log(`  database: PostgreSQL ${admin.host}/${name} (NODE_ENV=production)`);
} else {
  apiEnv.PGLITE_DIR = join(work, "api-data");
  console.log("  database: the API's embedded PGlite (set DATABASE_URL for PostgreSQL)");
}

// ── start: the model peer (an outside service, from the repo), the API, the sites ──
console.log("▶ starting the bundles");
const peerDir = join(root, "tooling", "model-peer");
track("model peer", spawn(join(peerDir, "node_modules", ".bin", "tsx"), ["src/cli.ts", "--port", String(modelPort), "--token-delay", "10", "--reasoning", "none"], { cwd: peerDir, detached: true, stdio: ["ignore", "pipe", "pipe"] }));
startBundle("api", "api", "dist/main.js", apiEnv);
await ready("the model peer", `http://127.0.0.1:${modelPort}/v1/models`, 30_000);
// Ready, not only alive: /readyz answers 200 once the database answers and holds the bundle's migrations.
await ready("the API", `${api}/readyz`);
console.log(`  API ready (${seconds()})`);
const revalidate = randomBytes(24).toString("hex");
for (const name of Object.keys(sitePorts)) {
  startBundle(name, name, manifest.apps[name].server, { PORT: String(sitePorts[name]), HOSTNAME: "127.0.0.1", REVALIDATE_SECRET: revalidate, NEXT_TELEMETRY_DISABLED: "1" });
}
for (const name of Object.keys(sitePorts)) await ready(name, `${site(name)}/about`, 60_000);
console.log(`  sites ready (${seconds()})`);

// ── checks ──
console.log("▶ checks");
const json = async (path, body, headers = {}) => {
  const r = await fetch(`${api}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await r.json();
  if (r.status !== 200 || payload.code !== "0") throw new Error(`${path} answered ${r.status} ${payload.code}: ${payload.message}`);
  return payload.data;
};

for (const [name, brand] of [["storyloom", "Storyloom"], ["playshot", "PlayShot"]]) {
  await check(`${brand}'s home page and its browser files`, async () => {
    const r = await fetch(`${site(name)}/`);
    const html = await r.text();
    if (r.status !== 200) throw new Error(`GET / answered ${r.status}`);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    if (!title.includes(brand)) throw new Error(`the page's title is "${title}", not ${brand}'s`);
    const scripts = [...html.matchAll(/\/_next\/static\/[^"']+\.js/g)].map((m) => m[0]);
    if (scripts.length === 0) throw new Error("the page loads no script from /_next/static");
    for (const path of new Set(scripts)) {
      const s = await fetch(`${site(name)}${path}`);
      if (s.status !== 200) throw new Error(`${path} answered ${s.status} (static files missing from the bundle?)`);
    }
    return `"${title}", ${new Set(scripts).size} scripts`;
  });
}
await check("the console answers", async () => {
  const r = await fetch(`${site("admin")}/moderation`);
  if (r.status !== 200) throw new Error(`GET /moderation answered ${r.status}`);
});

let token = "";
await check("a guest signs up on Storyloom", async () => {
  const data = await json("/api/v1/user-guest.sign-up", { device_id: `smoke-${randomBytes(8).toString("hex")}`, gender: "unknown" }, { origin: site("storyloom") });
  token = data.auth.access_token;
  if (!token) throw new Error("no access token in the answer");
  return `user ${data.user.id}`;
});

await check("a chat starts and the reply streams (SSE)", async () => {
  const { stories } = await json("/api/v1/story.list", {});
  const story = stories.find((s) => s.actors.length > 0);
  if (!story) throw new Error("the catalogue has no story with a character (was the database seeded?)");
  const auth = { authorization: `Bearer ${token}` };
  const target = { story_id: story.id, actor_id: story.actors[0].id, mode: "character" };
  await json("/api/v1/actor/chat/message.send", target, auth);
  const t0 = Date.now();
  const r = await fetch(`${api}/api/v1/actor/chat/message.send`, {
    method: "POST",
    headers: { ...auth, accept: "text/event-stream", "content-type": "application/json", origin: site("storyloom") },
    body: JSON.stringify({ ...target, content: "Hello there" }),
  });
  if (r.status !== 200 || !r.headers.get("content-type")?.startsWith("text/event-stream")) throw new Error(`answered ${r.status} ${r.headers.get("content-type")}: ${await r.text()}`);
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before a token: ${buffer.slice(0, 300)}`);
    buffer += decoder.decode(value, { stream: true });
    const delta = /event: delta\ndata: (.*)\n/.exec(buffer);
    if (delta) {
      await reader.cancel();
      return `"${story.title}" with ${story.actors[0].name}, first token "${JSON.parse(delta[1]).text}" after ${Date.now() - t0} ms`;
    }
    if (/event: error/.test(buffer)) throw new Error(`the stream reported an error: ${buffer.slice(0, 300)}`);
  }
});

await check("a site serves the API's art through its rewrite", async () => {
  const { stories } = await json("/api/v1/story.list", {});
  const path = new URL(stories[0].cover_url).pathname;
  const r = await fetch(`${site("playshot")}${path}`);
  if (r.status !== 200) throw new Error(`GET ${path} on PlayShot answered ${r.status}`);
  return path;
});

const checked = seconds();
await teardown();
console.log(`\n✔ bundle smoke test passed (checks done at ${checked}) in ${seconds()} (bundles run from a folder outside the repository${hidden ? ", the repository hidden" : ""})`);
