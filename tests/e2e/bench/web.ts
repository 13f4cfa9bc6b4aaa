// `pnpm bench:web`: serves both brand sites and an empty App Router page (built by turbo) next to the
// real API, then prints every route's first-load JavaScript (gzip) and Lighthouse (mobile preset,
// Debian Chromium) for home, story detail, coins and the chat of issue #22 — each next to the empty
// page, same run, same machine, with a met/missed verdict on the issues' targets.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { lcpElement, type LcpElement } from "./lcp-element";
import { scriptUrls } from "./script-urls";
import { scriptsBeforeLcp, type ScriptRace } from "./script-race";

const root = join(import.meta.dirname, "..", "..", "..");
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Rounds per throttling method (default: 5 simulate, 3 devtools). */
const rounds = process.env.BENCH_WEB_RUNS ? Number(process.env.BENCH_WEB_RUNS) : undefined;
// Ports: the defaults, or the e2e suite's variables (a shared machine gives each run its own block;
// the sites must then be built with NEXT_PUBLIC_API_URL pointing at API_PORT).
const apiPort = Number(process.env.API_PORT ?? 4000);
const api = `http://127.0.0.1:${apiPort}`;
const sites = [
  { name: "storyloom", dir: "apps/product", port: Number(process.env.PRODUCT_PORT ?? 3000) },
  { name: "playshot", dir: "apps/playshot", port: Number(process.env.PLAYSHOT_PORT ?? 3001) },
];
const baseline = { name: "empty page", dir: "tests/web-baseline", port: Number(process.env.BASELINE_PORT ?? 3002) };
/**
 * Other builds of the Storyloom site to audit in the same rounds, for an A/B decision on the same
 * machine at the same time: BENCH_WEB_VARIANTS="<label>=<app folder>[:<build folder>],…", e.g.
 * "no-hints=apps/product:.next-nohints" (a build made beforehand with `NEXT_DIST_DIR=.next-nohints
 * next build`) or "no-patch=/tmp/tree/apps/product" (another checkout, served by its own Next).
 * A third field `:next` serves it with plain `next start` (Next's gzip) instead of the sites' server
 * (`storyloom-next-start`, Brotli), e.g. "gzip=apps/product:.next:next".
 * Each is served on ports 3003 and up and labelled `storyloom:<label>`.
 */
const variants = (process.env.BENCH_WEB_VARIANTS?.split(",").filter(Boolean) ?? []).map((spec, i) => {
  const [label, where] = spec.split("=");
  const [dir, dist, server] = (where ?? "").split(":");
  if (!label || !dir || (server && server !== "next")) throw new Error(`BENCH_WEB_VARIANTS: "${spec}" is not <label>=<app folder>[:<build folder>[:next]]`);
  return { name: `storyloom:${label}`, dir, dist: dist || ".next", port: 3003 + i, nextStart: server === "next" };
});
/** Only these paths in the Lighthouse rounds (comma-separated, e.g. "/"); default: home, story, coins and a chat. */
const auditPaths = process.env.BENCH_WEB_PAGES?.split(",").filter(Boolean);
/** Only these throttling methods (comma-separated, e.g. "simulate"); default: both, simulate judged. */
const auditMethods = process.env.BENCH_WEB_METHODS?.split(",").filter(Boolean);

const children: ChildProcess[] = [];
function serve(cwd: string, command: string, args: string[], env: Record<string, string>) {
  const dir = resolve(root, cwd);
  // `command`: a bin of the folder's node_modules, or a script's absolute path (run with this Node).
  const child = command.startsWith("/")
    ? spawn(process.execPath, [command, ...args], { cwd: dir, env: { ...process.env, ...env }, stdio: "ignore" })
    : spawn(join(dir, "node_modules/.bin", command), args, { cwd: dir, env: { ...process.env, ...env }, stdio: "ignore" });
  children.push(child);
}
async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}
function stopAll() {
  for (const c of children) c.kill("SIGTERM");
}
process.on("exit", stopAll);

// The builds are turbo's: `pnpm bench:web` (turbo.json) builds both sites and the empty page first,
// cached when unchanged; `pnpm --filter @storyloom/e2e bench:web` audits the builds already there.

// Something already answering on a port would be audited in place of this tree's build: refuse.
for (const port of [apiPort, ...[...sites, baseline, ...variants].map((s) => s.port)]) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
  if (busy) {
    console.error(`port ${port} is already in use: stop whatever serves it (e.g. npm start) and run the bench again`);
    process.exit(1);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "storyloom-bench-web-"));
const origins = [...sites, ...variants].flatMap((s) => [`http://127.0.0.1:${s.port}`, `http://localhost:${s.port}`]).join(",");
serve("apps/api", "tsx", ["src/main.ts"], { PORT: String(apiPort), PGLITE_DIR: join(dataDir, "pglite"), LOG_LEVEL: "warn", CORS_ORIGINS: origins });
await waitFor(`${api}/healthz`);
// The sites run as in production, on their server (Brotli, tooling/next/src/serve.ts); the empty page
// runs on the same server, so the comparison is of the pages, not of how they are compressed.
const siteServer = join(root, "tooling", "next", "bin", "storyloom-next-start.js");
for (const s of [...sites, baseline]) serve(s.dir, siteServer, ["--port", String(s.port)], { API_INTERNAL_URL: api, NEXT_TELEMETRY_DISABLED: "1" });
for (const v of variants) {
  const env = { API_INTERNAL_URL: api, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: v.dist };
  if (v.nextStart) serve(v.dir, "next", ["start", "--port", String(v.port)], env);
  else serve(v.dir, siteServer, ["--port", String(v.port)], env);
}
await Promise.all([...sites, baseline, ...variants].map((s) => waitFor(`http://127.0.0.1:${s.port}/`)));

// Concrete paths for the dynamic routes, from the seeded catalogue.
const list = (await (await fetch(`${api}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as {
  data: { stories: { id: string; actors: { id: string; slug: string }[] }[] };
};
const story = list.data.stories[0]!;
const actor = story.actors[0]!;
const routes = [
  "/", "/about", "/terms", "/refund", "/privacy", "/complaints", "/record-keeping", "/content-removal",
  "/landing", "/landing1", "/landing2", "/landing3", `/story/${story.id}`, `/character/${actor.slug}`,
  `/chat/${story.id}/${actor.id}`, `/chat2/${story.id}/${actor.id}`, `/chat3/${story.id}`, `/chat4/${story.id}/${actor.id}`,
  "/daily-tasks", "/user/coins", "/user/login", "/user/profile", "/user/settings", "/recharge-success", "/user/social-callback", "/404", "/auth/login",
];

/**
 * Gzip bytes of every script a current browser fetches for a route's first visit: the HTML's
 * `<script src>` tags and its preloaded scripts. `noModule` scripts (Next's legacy polyfills,
 * 38.6 KiB) are left out: browsers with ES modules never download them.
 */
async function firstLoadJs(port: number, path: string): Promise<number> {
  const html = await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
  let total = 0;
  for (const src of scriptUrls(html)) {
    const body = Buffer.from(await (await fetch(new URL(src, `http://127.0.0.1:${port}`))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total;
}

const kib = (b: number) => (b / 1024).toFixed(1);
// Issue #27's target: every route's first-load JS at most 1.3× the empty page's.
const JS_RATIO = 1.3;
const baseJs = await firstLoadJs(baseline.port, "/");
// Every ratio divides by it: with no scripts found there, every ratio would read NaN and pass.
if (!baseJs) throw new Error("found no scripts in the empty page's HTML: bench/script-urls.ts no longer reads the pages' script tags");
console.log(`\nfirst-load JS, gzip KiB (empty App Router page: ${kib(baseJs)} KiB; target ≤ ${JS_RATIO}×)`);
console.log(`${"route".padEnd(34)} ${sites.map((s) => s.name.padStart(12)).join(" ")} ${"× empty".padStart(16)}  verdict`);
let jsMissed = 0;
for (const path of routes) {
  const sizes = await Promise.all(sites.map((s) => firstLoadJs(s.port, path)));
  // Judged on the printed (rounded) ratio, as a reader would.
  const over = sizes.filter((b) => Number((b / baseJs).toFixed(2)) > JS_RATIO).length;
  jsMissed += over;
  console.log(`${path.padEnd(34)} ${sizes.map((b) => kib(b).padStart(12)).join(" ")} ${sizes.map((b) => (b / baseJs).toFixed(2)).join(" / ").padStart(16)}  ${over ? "MISSED" : "met"}`);
}

interface Audit {
  score: number;
  lcp: number;
  /** Total blocking time: with devtools throttling, the whole score gap to the empty page (FCP, LCP and SI score 1.0 there). */
  tbt: number;
  /** Which element the LCP was, and its subparts: what to work on when LCP × misses. */
  lcpElement: LcpElement | null;
  /** Scripts the unthrottled load had finished by its LCP paint: what simulated throttling charges to the LCP. */
  race: ScriptRace | null;
}
type Throttling = "simulate" | "devtools";
function lighthouse(url: string, throttling: Throttling): Audit {
  const out = join(dataDir, `lh-${Date.now()}.json`);
  const r = spawnSync(
    join(root, "tests/e2e/node_modules/.bin/lighthouse"),
    [url, "--quiet", "--only-categories=performance", `--throttling-method=${throttling}`, "--output=json", `--output-path=${out}`, `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync`],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"] },
  );
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url}: ${r.stderr.toString().slice(-500)}`);
  const report = JSON.parse(readFileSync(out, "utf8")) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits["largest-contentful-paint"]!.numericValue,
    tbt: report.audits["total-blocking-time"]!.numericValue,
    lcpElement: lcpElement(report),
    race: scriptsBeforeLcp(report),
  };
}
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Both of Lighthouse's throttling methods, same mobile preset (412×823 at 1.75×, 150 ms RTT,
// 1.6 Mbps, 4× CPU).
// - "simulate" (the CLI default, and what PageSpeed Insights reports) judges the targets (issue #22).
//   It loads the page unthrottled and replays it through a network model
//   (Lantern). Its LCP is built from whatever finished before the *unthrottled* LCP: on localhost
//   the scripts can arrive within ~30 ms of the HTML, so a page whose first paint needs a few ms
//   more parsing than an empty page's gets every script that beat that paint charged to its LCP (a
//   script whose evaluation task is under 10 ms is never matched to one and always counts): ~0.9 s
//   became ~2 s. The sites' server (so the empty page too) now adds Next's scripts only after the
//   parsed page's first frame (tooling/next/src/defer-scripts.ts); the "race lost" column counts
//   the rounds where scripts still finished before the LCP paint (script-race.ts). The table also
//   prints the rounds' spread next to each median.
// - "devtools" throttles the load itself and measures when things really paint: what a phone on
//   that link sees, printed as a second table.
// Pages are audited in rounds (empty page, then every page, again), and each page is compared with
// the empty page *of its own round*: Δscore and LCP × are medians of those paired comparisons, so
// machine drift between rounds cancels out instead of landing on whichever page ran in a slow minute.
// The targets: issue #27's for every page (score within 2 points of the empty page, LCP ≤ 1.6× of
// it), and issue #22's own for the chat it names (within 3 points, LCP ≤ 2.0×).
const CHAT = "/chat/neon-requiem/juno-vex";
const targetOf = (path: string) => (path.startsWith("/chat") ? { points: 3, lcpRatio: 2 } : { points: 2, lcpRatio: 1.6 });
const pages = [
  { label: "empty page /", url: `http://127.0.0.1:${baseline.port}/`, points: 0, lcpRatio: 1 },
  ...[...sites, ...variants].flatMap((s) =>
    (auditPaths ?? ["/", `/story/${story.id}`, "/user/coins", CHAT]).map((path) => ({ label: `${s.name} ${path}`, url: `http://127.0.0.1:${s.port}${path}`, ...targetOf(path) })),
  ),
];
const allMethods: { throttling: Throttling; roundCount: number; judged: boolean }[] = [
  { throttling: "simulate", roundCount: rounds ?? 5, judged: true },
  { throttling: "devtools", roundCount: rounds ?? 3, judged: false },
];
const methods = allMethods.filter((m) => !auditMethods || auditMethods.includes(m.throttling));
let missed = 0;
for (const { throttling, roundCount, judged } of methods) {
  console.log(`\nLighthouse, mobile preset, --throttling-method=${throttling}, ${roundCount} rounds, medians${judged ? " (targets judged here)" : " (diagnostic)"}`);
  const audits = pages.map(() => [] as Audit[]);
  for (let round = 0; round < roundCount; round++) pages.forEach((p, i) => audits[i]!.push(lighthouse(p.url, throttling)));
  const base = audits[0]!;
  console.log(`${"page".padEnd(34)} ${"score".padStart(6)} ${"LCP ms".padStart(8)} ${"TBT ms".padStart(7)} ${"Δscore".padStart(7)} ${"LCP ×".padStart(6)} ${"rounds' LCP ×".padStart(13)} ${"race lost".padStart(11)}${judged ? "  verdict" : ""}`);
  pages.forEach((p, i) => {
    const a = audits[i]!;
    const score = mid(a.map((x) => x.score));
    const dScore = mid(a.map((x, r) => x.score - base[r]!.score));
    const ratios = a.map((x, r) => x.lcp / base[r]!.lcp);
    const ratio = mid(ratios);
    // The rounds' spread, printed next to the median: on a shared machine it is often wider than
    // the distance to the target (the same code on both brands has differed by 0.14× in one run),
    // and a verdict inside it says little.
    const spread = ratios.length > 1 ? `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}` : "";
    // Rounds where scripts finished before the observed LCP paint (script-race.ts), and the median
    // bytes of those scripts: what simulated throttling charged to the LCP in the rounds it lost.
    const lost = a.filter((x) => x.race && x.race.scripts > 0);
    const race = lost.length ? `${lost.length}/${a.length} ${kib(mid(lost.map((x) => x.race!.bytes)))}K` : `0/${a.length}`;
    const ok = dScore >= -p.points && ratio <= p.lcpRatio;
    if (judged && i > 0 && !ok) missed++;
    const verdict = judged && i > 0 ? (ok ? "  met" : "  MISSED") : "";
    console.log(
      `${p.label.padEnd(34)} ${String(score).padStart(6)} ${mid(a.map((x) => x.lcp)).toFixed(0).padStart(8)} ${mid(a.map((x) => x.tbt)).toFixed(0).padStart(7)} ${String(dScore).padStart(7)} ${ratio.toFixed(2).padStart(6)} ${spread.padStart(13)} ${race.padStart(11)}${verdict}`,
    );
  });
  // Which element each page's LCP was (the one most rounds agree on) and the median of its
  // subparts over those rounds: a text LCP paints with the first frame, an image may wait for
  // its bytes or its decode, and that decides what would make the page faster.
  console.log(`LCP element: the most frequent across rounds, with its median subparts (ms${judged ? "" : "; simulate reads them from the unthrottled load"})`);
  pages.forEach((p, i) => {
    const seen = audits[i]!.map((x) => x.lcpElement).filter((e): e is LcpElement => e !== null);
    const counts = new Map<string, number>();
    for (const e of seen) counts.set(e.selector, (counts.get(e.selector) ?? 0) + 1);
    const top = [...counts].sort((x, y) => y[1] - x[1])[0];
    if (!top) return console.log(`  ${p.label.padEnd(32)} none reported`);
    const same = seen.filter((e) => e.selector === top[0]);
    const subparts = [...new Set(same.flatMap((e) => Object.keys(e.subparts)))].map((k) => `${k} ${mid(same.flatMap((e) => e.subparts[k] ?? []))}`);
    console.log(`  ${p.label.padEnd(32)} ${top[0]} (${top[1]}/${audits[i]!.length} rounds; ${subparts.join(", ")})`);
  });
}
console.log(
  `\ntargets (simulate): score within 2 points of the empty page and LCP ≤ 1.6× of it (chat: 3 points, 2.0×) — ${
    // A run without simulated throttling (BENCH_WEB_METHODS=devtools) judges nothing: say so, not "met".
    !methods.some((m) => m.judged) ? "not judged (simulated throttling was not run)" : missed === 0 ? "met on every audited page" : `missed on ${missed} page(s)`
  }`,
);
console.log(`first-load JS ≤ ${JS_RATIO}× the empty page's — ${jsMissed === 0 ? "met on every route" : `missed on ${jsMissed} route(s) of ${routes.length * sites.length}`}`);
stopAll();
// BENCH_WEB_KEEP=1 keeps the Lighthouse reports (lh-<time>.json, in audit order) for a closer look.
if (process.env.BENCH_WEB_KEEP) console.log(`\nreports kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
