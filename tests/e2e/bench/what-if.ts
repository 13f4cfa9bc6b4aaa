// What a page would gain from a change to its HTML, before anyone builds the change: a diagnostic for
// issue #42's LCP gap, next to fcp-breakdown.ts. Not a judge: `bench:web` measures the real builds.
//
//   BENCH_WHATIF_ORIGIN=http://127.0.0.1:3000 BENCH_WHATIF_PAGES=/,/story/neon-requiem \
//   BENCH_WHATIF_EMPTY=http://127.0.0.1:3012/ BENCH_WHATIF_PAIRS=10 tsx bench/what-if.ts
//
// against a site already running (e.g. `npm start`'s, or `next start` of a build). Each page's HTML
// is fetched once as the site serves it and served again by small local servers, as it is (A) and
// changed (B, one server per variant); every other request is passed to the site. Variants
// (BENCH_WHATIF_VARIANTS, default all four):
//   critical-css  the stylesheet's rules this page uses inlined in <head>, the stylesheet itself moved
//                 to the end of <body> (not render-blocking), as beasties does it: the stylesheet's
//                 round trip leaves the first paint's path;
//   no-scripts    every script removed (the hydration mark set by a last inline script, so the load
//                 completes): what the page's own markup and stylesheet cost to paint;
//   both          the two together: the floor of this page's first paint with its markup as it is;
//   theme-first   the theme script moved before the stylesheet's link: an inline script after a
//                 loading stylesheet stops the parser until the stylesheet arrives, so the body is
//                 parsed only then, among the async chunks' runs; before it, the parser never stops.
// Then paired real loads (real-load.ts's throttling, a fresh context each): A and each B back to back
// in alternating order, plus the empty page in each round when BENCH_WHATIF_EMPTY is set, and per
// metric the medians, the mean difference B − A with its 90% interval, and the medians × the empty
// page's. "interactive" means nothing for a variant without scripts and is shown as "-".
import { createServer, request, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { chromium } from "@playwright/test";
import Beasties from "beasties";
import { alternatingPairs, realLoadRetried, type LoadMetrics } from "./real-load";
import { median, pairedDifference, verdictOf } from "./stats";

const origin = (process.env.BENCH_WHATIF_ORIGIN ?? "").replace(/\/+$/, "");
if (!/^https?:\/\//.test(origin)) throw new Error("BENCH_WHATIF_ORIGIN=<the running site's origin>");
const pages = (process.env.BENCH_WHATIF_PAGES ?? "/").split(",").filter(Boolean);
const VARIANTS = ["critical-css", "no-scripts", "both", "theme-first"] as const;
type Variant = (typeof VARIANTS)[number];
const variants = (process.env.BENCH_WHATIF_VARIANTS?.split(",").filter(Boolean) ?? [...VARIANTS]) as Variant[];
for (const v of variants) if (!VARIANTS.includes(v)) throw new Error(`unknown variant ${v}: ${VARIANTS.join(", ")}`);
const pairs = Math.max(2, Number(process.env.BENCH_WHATIF_PAIRS ?? 10));
const emptyUrl = process.env.BENCH_WHATIF_EMPTY;
const basePort = Number(process.env.BENCH_WHATIF_PORT ?? 3040);
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const HEADERS_DROPPED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "etag"]);

/** The theme script (the head's first inline script) moved before the head's first stylesheet. */
function themeFirst(html: string): string {
  const theme = /<script>\(function\(\)\{var t;try\{t=localStorage[\s\S]*?<\/script>/.exec(html)?.[0];
  const link = html.indexOf('<link rel="stylesheet"');
  if (!theme || link < 0 || html.indexOf(theme) < link) throw new Error("theme-first: no theme script after a stylesheet in this page");
  return html.replace(theme, "").replace('<link rel="stylesheet"', `${theme}<link rel="stylesheet"`);
}

const noScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace("</body>", `<script>document.documentElement.setAttribute("data-hydrated","")</script></body>`);

/** The page's stylesheets, fetched into a folder beasties reads them from. */
async function stylesheetsOf(html: string, into: string): Promise<void> {
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+\.css)"/g)) {
    const file = join(into, m[1]!);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await (await fetch(origin + m[1])).text());
  }
}

async function criticalCss(html: string, folder: string): Promise<string> {
  await stylesheetsOf(html, folder);
  // The theme rules match no element of the dark-by-default markup, but a stored light theme needs them.
  const beasties = new Beasties({ path: folder, publicPath: "/", preload: "body", pruneSource: false, allowRules: [/data-theme/], logLevel: "warn" });
  return beasties.process(html);
}

interface Served {
  body: Buffer;
  headers: Record<string, string>;
}

/** A server answering `pages` from memory and passing every other request to the site. */
function serve(port: number, answers: Map<string, Served>): Promise<Server> {
  const server = createServer((req, res) => {
    const own = req.method === "GET" ? answers.get(req.url ?? "") : undefined;
    if (own) {
      res.writeHead(200, { ...own.headers, "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": own.body.length });
      res.end(own.body);
      return;
    }
    const upstream = request(origin + req.url, { method: req.method, headers: { ...req.headers, host: new URL(origin).host } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve(server)));
}

const folder = mkdtempSync(join(tmpdir(), "storyloom-what-if-"));
const served = new Map<"as-is" | Variant, Map<string, Served>>([["as-is", new Map()], ...variants.map((v) => [v, new Map()] as const)]);
console.log(`what-if: ${origin}, ${pairs} pairs per page and variant`);
for (const path of pages) {
  const res = await fetch(origin + path);
  if (!res.ok) throw new Error(`${origin}${path}: ${res.status}`);
  const html = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!HEADERS_DROPPED.has(key)) headers[key] = value;
  });
  const gz = (s: string) => gzipSync(s);
  served.get("as-is")!.set(path, { body: gz(html), headers });
  const sizes = [`as is ${(gz(html).length / 1024).toFixed(1)} KB`];
  for (const v of variants) {
    const out = v === "theme-first" ? themeFirst(html) : v === "no-scripts" ? noScripts(html) : await criticalCss(v === "both" ? noScripts(html) : html, folder);
    // Without a render-blocking stylesheet, the header's preload of it would only compete with the HTML.
    const h = { ...headers };
    if (v === "critical-css" || v === "both") delete h.link;
    served.get(v)!.set(path, { body: gz(out), headers: h });
    sizes.push(`${v} ${(gz(out).length / 1024).toFixed(1)} KB`);
  }
  console.log(`  ${path}: HTML gzip ${sizes.join(", ")}`);
}
const ports = new Map([...served.keys()].map((k, i) => [k, basePort + i] as const));
const servers = await Promise.all([...served].map(([k, answers]) => serve(ports.get(k)!, answers)));

const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const load = (url: string): Promise<LoadMetrics> => realLoadRetried(browser, url);
const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : "-");
try {
  for (const path of pages) {
    for (const v of variants) {
      const empty: LoadMetrics[] = [];
      // The empty page is loaded once in each round, just before its A.
      const { a, b } = await alternatingPairs(
        pairs,
        async () => {
          if (emptyUrl) empty.push(await load(emptyUrl));
          return load(`http://127.0.0.1:${ports.get("as-is")}${path}`);
        },
        () => load(`http://127.0.0.1:${ports.get(v)}${path}`),
      );
      console.log(`\n${path}: A = as served, B = ${v}; ${pairs} pairs${emptyUrl ? `, the empty page in each round (FCP median ${ms(median(empty.map((x) => x.fcp)))} ms)` : ""}`);
      console.log(`${"metric".padEnd(12)} ${"A median".padStart(9)} ${"B median".padStart(9)} ${"B − A mean".padStart(11)} ${"90% CI".padStart(17)}  ${emptyUrl ? "A × / B × empty  " : ""}verdict`);
      for (const key of ["fcp", "lcp", "interactive"] as const) {
        if (key === "interactive" && (v === "no-scripts" || v === "both")) {
          console.log(`${key.padEnd(12)} ${ms(median(a.map((x) => x[key]))).padStart(9)} ${"-".padStart(9)}`);
          continue;
        }
        const d = pairedDifference(a.map((x) => x[key]), b.map((x) => x[key]));
        const e = emptyUrl ? median(empty.map((x) => x[key])) : Number.NaN;
        const ratio = emptyUrl ? `${(median(a.map((x) => x[key])) / e).toFixed(2)} / ${(median(b.map((x) => x[key])) / e).toFixed(2)}`.padEnd(17) : "";
        console.log(`${key.padEnd(12)} ${ms(median(a.map((x) => x[key]))).padStart(9)} ${ms(median(b.map((x) => x[key]))).padStart(9)} ${ms(d.mean).padStart(11)} ${`[${ms(d.low)}, ${ms(d.high)}]`.padStart(17)}  ${ratio}${verdictOf(d)}`);
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) s.close();
  rmSync(folder, { recursive: true, force: true });
}
