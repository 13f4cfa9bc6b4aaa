// `pnpm bench:web`: serves both brand sites and an empty App Router page (built by turbo) next to the
// real API, then prints every route's first-load JavaScript (gzip) and real page loads in Chromium
// under mobile throttling (real-load.ts) for home, a story, coins and a chat on both brands, each
// next to the empty page of the same round, with a met/missed verdict on issue #42's targets.
//
// BENCH_WEB_AB=1 instead compares builds in paired rounds (an A/B decision on one machine at one
// time): see `variants` below.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { alternatingPairs, realLoadRetried, THROTTLING, type LoadMetrics } from "./real-load";
import { median, pairedDifference, spread, verdictOf } from "./stats";
import { scriptUrls } from "./script-urls";

const root = join(import.meta.dirname, "..", "..", "..");
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Rounds of real loads (each page once per round, next to the empty page): at least 7. */
const rounds = Math.max(7, Number(process.env.BENCH_WEB_RUNS ?? 7));
// Ports: the defaults, or the e2e suite's variables (a shared machine gives each run its own block;
// the sites must then be built with NEXT_PUBLIC_API_URL pointing at API_PORT).
const apiPort = Number(process.env.API_PORT ?? 4000);
const api = `http://127.0.0.1:${apiPort}`;
const sites = [
  { name: "storyloom", dir: "apps/product", port: Number(process.env.PRODUCT_PORT ?? 3000) },
  { name: "playshot", dir: "apps/playshot", port: Number(process.env.PLAYSHOT_PORT ?? 3001) },
];
const baseline = { name: "empty page", dir: "tests/web-baseline", port: Number(process.env.BASELINE_PORT ?? 3012) };
/**
 * Other builds of the Storyloom site, for an A/B decision on the same machine at the same time:
 * BENCH_WEB_VARIANTS="<label>=<app folder>[:<build folder>[:next]],…", e.g. "no-hints=apps/product:.next-nohints"
 * (a build made beforehand with `NEXT_DIST_DIR=.next-nohints next build`) or
 * "other=/tmp/tree/apps/product" (another checkout). A third field sets environment variables for
 * its server ("KEY=VALUE+KEY2=VALUE2", e.g. a runtime switch). Each is served on ports 3003 (or BENCH_WEB_VARIANT_PORT) and up and labelled `storyloom:<label>`.
 * With BENCH_WEB_AB=1 each variant (B) is loaded against the Storyloom build (A) in BENCH_WEB_PAIRS
 * pairs (default 10, order alternated), on BENCH_WEB_PAGES (default "/,/user/coins").
 */
const variants = (process.env.BENCH_WEB_VARIANTS?.split(",").filter(Boolean) ?? []).map((spec, i) => {
  const at = spec.indexOf("=");
  const [label, where] = [spec.slice(0, Math.max(at, 0)), spec.slice(at + 1)];
  const [dir, dist, env] = where.split(":");
  // A third field sets the variant's server environment: KEY=VALUE pairs joined by "+".
  const extraEnv = Object.fromEntries((env ?? "").split("+").filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
  if (!label || !dir || Object.keys(extraEnv).some((k) => !/^[A-Z_][A-Z0-9_]*$/.test(k)))
    throw new Error(`BENCH_WEB_VARIANTS: "${spec}" is not <label>=<app folder>[:<build folder>[:KEY=VALUE+…]]`);
  // BENCH_WEB_VARIANT_PORT moves the variants' first port (a shared machine gives each run its own block).
  return { name: `storyloom:${label}`, dir, dist: dist || ".next", port: Number(process.env.BENCH_WEB_VARIANT_PORT ?? 3003) + i, env: extraEnv };
});
const abMode = process.env.BENCH_WEB_AB === "1";
if (abMode && variants.length === 0) throw new Error("BENCH_WEB_AB=1 needs BENCH_WEB_VARIANTS (the B builds)");
const pairs = Math.max(10, Number(process.env.BENCH_WEB_PAIRS ?? 10));
/** BENCH_WEB_LIGHTHOUSE=simulate,devtools adds Lighthouse's estimates as diagnostic columns (one audit per page per method). */
const lighthouseMethods = process.env.BENCH_WEB_LIGHTHOUSE?.split(",").filter(Boolean) ?? [];

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
// cached when unchanged; `pnpm --filter @storyloom/e2e bench:web` measures the builds already there.

// Something already answering on a port would be measured in place of this tree's build: refuse.
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
// The sites run as in production, on `next start`; so does the empty page, so the comparison is of
// the pages, not of how they are served.
for (const s of [...sites, baseline]) serve(s.dir, "next", ["start", "--port", String(s.port)], { API_INTERNAL_URL: api, NEXT_TELEMETRY_DISABLED: "1" });
for (const v of variants) serve(v.dir, "next", ["start", "--port", String(v.port)], { API_INTERNAL_URL: api, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: v.dist, ...v.env });
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
  // My stories and the story editor (#47: the map, the coverage worker and CodeMirror load only when used).
  "/user/stories", "/user/stories/1",
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
// Every route's first-load JS at most 1.3× the empty page's (issues #27 and #42).
const JS_RATIO = 1.3;
let jsMissed = 0;
if (!abMode) {
  const baseJs = await firstLoadJs(baseline.port, "/");
  // Every ratio divides by it: with no scripts found there, every ratio would read NaN and pass.
  if (!baseJs) throw new Error("found no scripts in the empty page's HTML: bench/script-urls.ts no longer reads the pages' script tags");
  console.log(`\nfirst-load JS, gzip KiB (empty App Router page: ${kib(baseJs)} KiB; target ≤ ${JS_RATIO}×)`);
  console.log(`${"route".padEnd(34)} ${sites.map((s) => s.name.padStart(12)).join(" ")} ${"× empty".padStart(16)}  verdict`);
  for (const path of routes) {
    const sizes = await Promise.all(sites.map((s) => firstLoadJs(s.port, path)));
    // Judged on the printed (rounded) ratio, as a reader would.
    const over = sizes.filter((b) => Number((b / baseJs).toFixed(2)) > JS_RATIO).length;
    jsMissed += over;
    console.log(`${path.padEnd(34)} ${sizes.map((b) => kib(b).padStart(12)).join(" ")} ${sizes.map((b) => (b / baseJs).toFixed(2)).join(" / ").padStart(16)}  ${over ? "MISSED" : "met"}`);
  }
}

const browser = await chromium.launch({
  executablePath: chrome,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const CHAT = `/chat/${story.id}/${actor.id}`;
const paths = abMode ? (process.env.BENCH_WEB_PAGES?.split(",").filter(Boolean) ?? ["/", "/user/coins"]) : ["/", `/story/${story.id}`, "/user/coins", CHAT];
const emptyUrl = `http://127.0.0.1:${baseline.port}/`;
const conditions = `${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downKbps / 1000} Mbps down, ${THROTTLING.upKbps} kbps up, CPU ${THROTTLING.cpuSlowdown}× slower, cold cache`;

// One unmeasured load of every page first: the sites' full-route caches, the API's and the JIT warm
// up as they would on a server that has been running, so the rounds measure the pages, not a first render.
const warmUrls = [emptyUrl, ...[...sites, ...variants].flatMap((s) => paths.map((p) => `http://127.0.0.1:${s.port}${p}`))];
/**
 * A real load, tried again (twice at most) when the navigation itself timed out: on a shared machine
 * a load stalled past a minute says nothing about the page, and one of them must not end the run.
 */
const load = (url: string): Promise<LoadMetrics> => realLoadRetried(browser, url);

for (const url of warmUrls) await load(url);

const ms = (x: number) => x.toFixed(0);
let missed = 0;
if (!abMode) {
  const pages = sites.flatMap((s) => paths.map((path) => ({ label: `${s.name} ${path.replace(story.id, "<story>").replace(actor.id, "<actor>")}`, url: `http://127.0.0.1:${s.port}${path}` })));
  const empty: LoadMetrics[] = [];
  const loads = pages.map(() => [] as LoadMetrics[]);
  for (let round = 0; round < rounds; round++) {
    // The empty page opens each round; the pages follow in an order that rotates, so none always
    // runs first or last in a round.
    empty.push(await load(emptyUrl));
    for (let k = 0; k < pages.length; k++) {
      const i = (k + round) % pages.length;
      loads[i]!.push(await load(pages[i]!.url));
    }
  }
  console.log(`\nreal loads in Chromium (${conditions}), ${rounds} rounds: medians, the rounds' spread, and × the empty page of the same round`);
  const head = ["FCP ms", "LCP ms", "LCP ×", "LCP × spread", "inter. ms", "inter. ×", "inter. × spread", "TBT ms", "CLS", "INP ms", "INP spread"];
  console.log(`${"page".padEnd(30)} ${head.map((h) => h.padStart(h.length < 8 ? 8 : h.length)).join(" ")}  verdict`);
  const row = (label: string, a: LoadMetrics[], verdict: string) => {
    const lcpX = a.map((x, r) => x.lcp / empty[r]!.lcp);
    const intX = a.map((x, r) => x.interactive / empty[r]!.interactive);
    const cells = [
      ms(median(a.map((x) => x.fcp))), ms(median(a.map((x) => x.lcp))), median(lcpX).toFixed(2), spread(lcpX, 2),
      ms(median(a.map((x) => x.interactive))), median(intX).toFixed(2), spread(intX, 2),
      ms(median(a.map((x) => x.tbt))), median(a.map((x) => x.cls)).toFixed(3), ms(median(a.map((x) => x.inp))), spread(a.map((x) => x.inp)),
    ];
    console.log(`${label.padEnd(30)} ${cells.map((c, i) => c.padStart(head[i]!.length < 8 ? 8 : head[i]!.length)).join(" ")}  ${verdict}`);
  };
  row("empty page /", empty, "");
  pages.forEach((p, i) => {
    const a = loads[i]!;
    const lcpX = median(a.map((x, r) => x.lcp / empty[r]!.lcp));
    const intX = median(a.map((x, r) => x.interactive / empty[r]!.interactive));
    const cls = median(a.map((x) => x.cls));
    const inp = median(a.map((x) => x.inp));
    // Judged on the printed (rounded) values, as a reader would.
    const misses = [
      Number(lcpX.toFixed(2)) > 1.6 && "LCP",
      Number(intX.toFixed(2)) > 1.3 && "interactive",
      Number(cls.toFixed(3)) > 0.05 && "CLS",
      Math.round(inp) > 200 && "INP",
    ].filter(Boolean);
    if (misses.length) missed++;
    row(p.label, a, misses.length ? `MISSED (${misses.join(", ")})` : "met");
  });
  // What each page's LCP was, in most rounds: a text LCP paints with the first frame, an image
  // waits for its bytes; that decides what would make the page faster.
  console.log("LCP element (most rounds):");
  [{ label: "empty page /", a: empty }, ...pages.map((p, i) => ({ label: p.label, a: loads[i]! }))].forEach(({ label, a }) => {
    const counts = new Map<string, number>();
    for (const x of a) counts.set(x.lcpElement, (counts.get(x.lcpElement) ?? 0) + 1);
    const [element, n] = [...counts].sort((x, y) => y[1] - x[1])[0]!;
    console.log(`  ${label.padEnd(30)} ${element} (${n}/${a.length})`);
  });
} else {
  // Paired rounds: for each variant and page, A (the Storyloom build on its server) and B (the
  // variant) loaded back to back, the order alternating, `pairs` times. The difference B − A of
  // each pair cancels what the machine was doing at that moment; the interval says whether the
  // difference is more than noise.
  const a0 = sites[0]!;
  for (const v of variants) {
    for (const path of paths) {
      const { a, b } = await alternatingPairs(
        pairs,
        () => load(`http://127.0.0.1:${a0.port}${path}`),
        () => load(`http://127.0.0.1:${v.port}${path}`),
      );
      console.log(`\nA/B ${path}: A = ${a0.name} (this tree's build), B = ${v.name}; ${pairs} pairs, ${conditions}`);
      console.log(`${"metric".padEnd(12)} ${"A median".padStart(9)} ${"B median".padStart(9)} ${"B − A mean".padStart(11)} ${"90% CI".padStart(17)}  verdict`);
      for (const key of ["fcp", "lcp", "interactive", "tbt", "inp"] as const) {
        const d = pairedDifference(a.map((x) => x[key]), b.map((x) => x[key]));
        console.log(
          `${key.padEnd(12)} ${ms(median(a.map((x) => x[key]))).padStart(9)} ${ms(median(b.map((x) => x[key]))).padStart(9)} ${ms(d.mean).padStart(11)} ${`[${ms(d.low)}, ${ms(d.high)}]`.padStart(17)}  ${verdictOf(d)}`,
        );
      }
    }
  }
}
await browser.close();

// Lighthouse's estimates, on request only: diagnostic columns, never a target (issue #42).
for (const method of lighthouseMethods) {
  console.log(`\nLighthouse ${method} (diagnostic, one audit per page): score, LCP ms, TBT ms`);
  for (const url of [emptyUrl, ...sites.flatMap((s) => paths.map((p) => `http://127.0.0.1:${s.port}${p}`))]) {
    const out = join(dataDir, `lh-${Date.now()}.json`);
    const r = spawnSync(
      join(root, "tests/e2e/node_modules/.bin/lighthouse"),
      [url, "--quiet", "--only-categories=performance", `--throttling-method=${method}`, "--output=json", `--output-path=${out}`, `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync`],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"] },
    );
    if (r.status !== 0) throw new Error(`lighthouse failed on ${url}: ${r.stderr.toString().slice(-500)}`);
    const report = JSON.parse(readFileSync(out, "utf8")) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> };
    console.log(`  ${url.padEnd(60)} ${String(Math.round(report.categories.performance.score * 100)).padStart(4)} ${ms(report.audits["largest-contentful-paint"]!.numericValue).padStart(7)} ${ms(report.audits["total-blocking-time"]!.numericValue).padStart(6)}`);
  }
}

if (!abMode) {
  console.log(`\ntargets (real loads, × the empty page of the same round): LCP ≤ 1.6×, interactive ≤ 1.3×, CLS ≤ 0.05, first-tap INP ≤ 200 ms — ${missed === 0 ? "met on every page" : `missed on ${missed} of ${sites.length * paths.length} pages`}`);
  console.log(`first-load JS ≤ ${JS_RATIO}× the empty page's — ${jsMissed === 0 ? "met on every route" : `missed on ${jsMissed} route(s) of ${routes.length * sites.length}`}`);
}
stopAll();
rmSync(dataDir, { recursive: true, force: true });
