// Where a page's first paint goes, next to the empty App Router page: a diagnostic for issue #42's
// LCP gap (LCP is the first paint on these pages). Not a judge: `bench:web` measures, this explains.
//
//   BENCH_PROBE_URLS="empty=http://127.0.0.1:3012/,home=http://127.0.0.1:3000/,chat=http://127.0.0.1:3000/chat/neon-requiem/juno-vex" \
//   BENCH_PROBE_RUNS=5 tsx bench/fcp-breakdown.ts
//
// against servers already running (e.g. `next start` of each site and of tests/web-baseline). Per page:
//   1. unthrottled: time to first byte and to last byte (median of 5), the full-route cache's answer,
//      the HTML's size raw and gzip, and its anatomy: the <head> (stylesheets, scripts, preloads,
//      inline bytes), where the first visible content sits (bytes, gzip bytes before it), the inline
//      flight data, and the stylesheets' sizes with the share of their rules the first screen uses;
//   2. under real-load.ts's throttling (the same CDP conditions, a fresh context per load), traced:
//      the document's timeline (TTFB, HTML done, first parse, stylesheets done, FCP), every request
//      started before FCP (render-blocking or not, when it started and ended, its transfer size), and
//      the renderer main thread's work from navigation to FCP by kind (HTML parse, script, style,
//      layout, paint), medians over BENCH_PROBE_RUNS loads.
// BENCH_PROBE_NAMES=1 splits the "other" main-thread work by trace event name; BENCH_PROBE_TRACE_DIR=<dir>
// keeps each load's trace (open it in DevTools' Performance panel or Perfetto).
import { writeFileSync } from "node:fs";
import { request } from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { THROTTLING, throttledPage } from "./real-load";
import { median } from "./stats";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.BENCH_PROBE_RUNS ?? 5));
const targets = (process.env.BENCH_PROBE_URLS ?? "").split(",").filter(Boolean).map((spec) => {
  const at = spec.indexOf("=");
  return { label: spec.slice(0, at), url: spec.slice(at + 1) };
});
if (targets.length === 0 || targets.some((t) => !t.label || !/^https?:\/\//.test(t.url)))
  throw new Error('BENCH_PROBE_URLS="<label>=<url>,…" (servers already running)');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)}`;

/** One GET as a browser asks (gzip accepted): times to headers and to the last byte, the body's bytes. */
function get(url: string): Promise<{ ttfb: number; total: number; headers: Record<string, string | string[] | undefined>; wire: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let ttfb = 0;
    const req = request(url, { headers: { "accept-encoding": "gzip", accept: "text/html,*/*" } }, (res) => {
      ttfb = performance.now() - t0;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(wire) : wire;
        resolve({ ttfb, total: performance.now() - t0, headers: res.headers, wire: wire.length, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The HTML's anatomy: what the <head> asks for, where the first visible content sits, the flight data. */
function anatomy(html: string) {
  const headEnd = html.indexOf("</head>");
  const head = html.slice(0, headEnd);
  const tags = [...head.matchAll(/<(link|script|style|meta)\b[^>]*>/gi)].map((m) => m[0]);
  const stylesheets = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => /href="([^"]+)"/.exec(t)?.[1] ?? "?");
  const scripts = tags.filter((t) => t.startsWith("<script") && /src=/.test(t)).map((t) => `${/src="([^"]+)"/.exec(t)?.[1]}${/\basync\b/.test(t) ? " async" : ""}${/\bdefer\b/.test(t) ? " defer" : ""}`);
  const preloads = tags.filter((t) => /rel="(preload|modulepreload|preconnect|dns-prefetch)"/.test(t)).map((t) => `${/rel="([^"]+)"/.exec(t)?.[1]} ${/href="([^"]+)"/.exec(t)?.[1]}${/as="([^"]+)"/.exec(t) ? ` as=${/as="([^"]+)"/.exec(t)?.[1]}` : ""}`);
  const inlineScript = [...head.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].reduce((s, m) => s + m[1]!.length, 0);
  const inlineStyle = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce((s, m) => s + m[1]!.length, 0);
  // The first visible text in the body: the first text node between tags that is not whitespace and
  // not inside a script/style/template.
  const body = html.indexOf("<body");
  let firstText = -1;
  const re = /<(script|style|template|svg)\b[\s\S]*?<\/\1>|>([^<]*[^\s<][^<]*)</gi;
  re.lastIndex = body;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[2] !== undefined) {
      firstText = m.index + 1;
      break;
    }
  }
  // A classic script the parser meets while a stylesheet is pending waits for that stylesheet
  // (a script-blocking stylesheet): nothing after it is parsed until the CSS has arrived.
  const firstSheet = html.search(/<link\b[^>]*rel="stylesheet"/);
  const blockingScript = firstSheet < 0 ? -1 : [...html.matchAll(/<script\b([^>]*)>/gi)].find((m) => m.index > firstSheet && !/\b(src|async|defer)\b|type="module"/.test(m[1]!))?.index ?? -1;
  const flightStart = html.indexOf("self.__next_f");
  const flight = [...html.matchAll(/<script>(self\.__next_f\.push[\s\S]*?)<\/script>/g)].reduce((s, m) => s + m[1]!.length, 0);
  const bodyMarkupEnd = flightStart > 0 ? html.lastIndexOf("<script", flightStart) : html.length;
  const elements = (html.slice(body, bodyMarkupEnd).match(/<[a-z][a-z0-9-]*\b/gi) ?? []).length;
  const svgBytes = [...html.slice(body, bodyMarkupEnd).matchAll(/<svg\b[\s\S]*?<\/svg>/gi)].reduce((s, m) => s + m[0].length, 0);
  return {
    headBytes: headEnd,
    blockingScript,
    headGzip: gzipSync(head).length,
    stylesheets,
    scripts,
    preloads,
    inlineScript,
    inlineStyle,
    firstText,
    firstTextSnippet: firstText >= 0 ? html.slice(firstText, firstText + 40).split("<")[0]!.trim() : "",
    gzipBeforeFirstText: firstText >= 0 ? gzipSync(html.slice(0, firstText)).length : Number.NaN,
    bodyMarkupBytes: bodyMarkupEnd - body,
    bodyElements: elements,
    svgBytes,
    flightBytes: flight,
  };
}

/**
 * Each stylesheet's size, and how many of its style rules match an element of this page at load
 * (selectors stripped of states and pseudo-elements, every media query counted): how much of the CSS
 * the route needs. Playwright's CSS coverage cannot say: it marks a whole `@layer` block used.
 */
async function cssUsage(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: "globalThis.__name ??= (f) => f;" });
    await page.goto(url, { waitUntil: "load" });
    const stats = await page.evaluate(() => {
      const states = /::?(hover|focus-visible|focus-within|focus|active|visited|disabled|enabled|checked|placeholder-shown|placeholder|before|after|backdrop|marker|selection|file-selector-button|open|popover-open|user-invalid|invalid|required|first-letter|first-line|-webkit-[a-z-]+|-moz-[a-z-]+)(?![\w-])/g;
      const count = (rules: CSSRuleList, acc: { rules: number; used: number }) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) {
            acc.rules++;
            let hit = true;
            try {
              hit = !!document.querySelector(rule.selectorText.replace(states, "") || "*");
            } catch {
              // a selector querySelector cannot take: counted as used
            }
            if (hit) acc.used++;
          } else if ("cssRules" in rule) count((rule as CSSGroupingRule).cssRules, acc);
        }
        return acc;
      };
      return {
        elements: document.querySelectorAll("*").length,
        fonts: Array.from(document.fonts as unknown as Iterable<FontFace>).map((f) => `${f.family} ${f.weight} ${f.display} ${f.status}`),
        sheets: Array.from(document.styleSheets).map((s) => {
          try {
            return { href: s.href ?? "(inline)", fontFaces: Array.from(s.cssRules).filter((r) => r instanceof CSSFontFaceRule).length, ...count(s.cssRules, { rules: 0, used: 0 }) };
          } catch {
            return { href: s.href ?? "(inline)", fontFaces: 0, rules: -1, used: -1 };
          }
        }),
      };
    });
    const sheets = [];
    for (const sheet of stats.sheets.filter((x) => x.href.startsWith("http"))) {
      const text = Buffer.from(await (await fetch(sheet.href)).arrayBuffer());
      sheets.push({ ...sheet, bytes: text.length, gzip: gzipSync(text).length });
    }
    return { ...stats, sheets };
  } finally {
    await context.close();
  }
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean; url?: string } };
}

/** Which kind of main-thread work a trace event is (its self time is counted there). */
function kind(name: string): string {
  if (name === "ParseHTML") return "parse HTML";
  if (/^(EvaluateScript|FunctionCall|v8\.|V8\.|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.run)/.test(name)) return "script";
  if (/^(ParseAuthorStyleSheet|UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|InvalidateLayout)/.test(name)) return "style";
  if (/^(Layout|UpdateLayout)$/.test(name)) return "layout";
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode)/.test(name)) return "paint";
  return "other";
}

/** Self time of the main thread's events from navigation start to `until` (µs in the trace), by kind. */
function mainThreadWork(events: TraceEvent[], pid: number, tid: number, from: number, until: number): Record<string, number> {
  // Complete events, and begin/end pairs turned into complete ones.
  const spans: { name: string; start: number; end: number; self: number }[] = [];
  const open: TraceEvent[] = [];
  for (const e of events.filter((x) => x.pid === pid && x.tid === tid).sort((a, b) => a.ts - b.ts)) {
    if (e.ph === "X" && e.dur !== undefined) spans.push({ name: e.name, start: e.ts, end: e.ts + e.dur, self: e.dur });
    else if (e.ph === "B") open.push(e);
    else if (e.ph === "E") {
      const b = open.pop();
      if (b) spans.push({ name: b.name, start: b.ts, end: e.ts, self: e.ts - b.ts });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: typeof spans = [];
  for (const s of spans) {
    while (stack.length && stack.at(-1)!.end <= s.start) stack.pop();
    if (stack.length) stack.at(-1)!.self -= s.end - s.start;
    stack.push(s);
  }
  const out: Record<string, number> = { busy: 0 };
  for (const s of spans) {
    if (s.start < from || s.start >= until) continue;
    const k = kind(s.name) === "other" && process.env.BENCH_PROBE_NAMES === "1" ? `other:${s.name}` : kind(s.name);
    const self = Math.max(0, Math.min(s.end, until) - s.start - (s.end - s.start - s.self));
    out[k] = (out[k] ?? 0) + self / 1000;
    out.busy! += self / 1000;
  }
  return out;
}

interface Timeline {
  ttfb: number;
  htmlDone: number;
  domInteractive: number;
  fcp: number;
  lcp: number;
  firstParse: number;
  sheetsDone: number;
  requests: { url: string; type: string; blocking: string; start: number; end: number; transfer: number }[];
  work: Record<string, number>;
}

/** One throttled, traced cold load (real-load.ts's conditions). */
async function tracedLoad(browser: Browser, url: string): Promise<Timeline> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { __probe: { lcp: number } };
      w.__probe = { lcp: 0 };
      new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.__probe.lcp = e.startTime))).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading", "v8", "v8.execute", "toplevel"],
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(300);
    const raw = await browser.stopTracing();
    if (process.env.BENCH_PROBE_TRACE_DIR) writeFileSync(`${process.env.BENCH_PROBE_TRACE_DIR}/${new URL(url).port}-${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`, raw);
    const trace = JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] };
    const perf = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      const res = (performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[]).map((r) => ({
        url: r.name,
        type: r.initiatorType,
        blocking: r.renderBlockingStatus ?? "?",
        start: r.startTime,
        end: r.responseEnd,
        transfer: r.transferSize,
      }));
      return { ttfb: nav.responseStart, htmlDone: nav.responseEnd, domInteractive: nav.domInteractive, transfer: nav.transferSize, fcp, res, lcp: (window as unknown as { __probe: { lcp: number } }).__probe.lcp };
    });
    const ev = trace.traceEvents;
    // The main frame's navigation to the page; some traces miss its isLoadingMainFrame flag, so a
    // navigation of the page's origin stands in for it (the about:blank before it never matches).
    const navs = ev.filter((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(new URL(url).origin));
    const nav = navs.find((e) => e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith(url)) ?? navs[0];
    if (!nav) throw new Error(`${url}: no navigationStart in the trace`);
    const main = ev.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === nav.pid && e.args?.name === "CrRendererMain");
    const tid = main?.tid ?? nav.tid;
    const fcpTs = nav.ts + perf.fcp * 1000;
    const firstParse = ev.find((e) => e.pid === nav.pid && e.tid === tid && e.name === "ParseHTML" && e.ts >= nav.ts);
    const sheets = perf.res.filter((r) => r.type === "link" && /\.css(\?|$)/.test(r.url));
    return {
      ttfb: perf.ttfb,
      htmlDone: perf.htmlDone,
      domInteractive: perf.domInteractive,
      fcp: perf.fcp,
      lcp: perf.lcp,
      firstParse: firstParse ? (firstParse.ts - nav.ts) / 1000 : Number.NaN,
      sheetsDone: sheets.length ? Math.max(...sheets.map((s) => s.end)) : Number.NaN,
      requests: [{ url, type: "document", blocking: "", start: 0, end: perf.htmlDone, transfer: perf.transfer }, ...perf.res.filter((r) => r.start < perf.fcp)],
      work: mainThreadWork(ev, nav.pid, tid, nav.ts, fcpTs),
    };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: chrome,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
console.log(`first-paint breakdown: ${runs} traced loads per page under ${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downKbps} kbps down, CPU ${THROTTLING.cpuSlowdown}× (medians)\n`);
for (const { label, url } of targets) {
  const plain = [] as Awaited<ReturnType<typeof get>>[];
  for (let i = 0; i < 6; i++) plain.push(await get(url));
  plain.shift(); // the first may render; the rest are what a running server answers
  const html = plain[0]!.body.toString("utf8");
  const a = anatomy(html);
  const cov = await cssUsage(browser, url);
  console.log(`== ${label}  ${url}`);
  console.log(`  unthrottled: TTFB ${median(plain.map((p) => p.ttfb)).toFixed(1)} ms, last byte ${median(plain.map((p) => p.total)).toFixed(1)} ms, x-nextjs-cache ${plain[0]!.headers["x-nextjs-cache"] ?? "-"}, cache-control ${plain[0]!.headers["cache-control"] ?? "-"}`);
  console.log(`  HTML ${kb(plain[0]!.body.length)} raw, ${kb(plain[0]!.wire)} on the wire (${plain[0]!.headers["content-encoding"] ?? "identity"}); <head> ${kb(a.headBytes)} (${kb(a.headGzip)} gzip), inline script ${kb(a.inlineScript)}, inline style ${kb(a.inlineStyle)}`);
  console.log(`  first text "${a.firstTextSnippet}" at byte ${a.firstText} (${kb(a.gzipBeforeFirstText)} gzip before it); body markup ${kb(a.bodyMarkupBytes)}, ${a.bodyElements} elements, inline SVG ${kb(a.svgBytes)}; flight data ${kb(a.flightBytes)}`);
  if (a.blockingScript >= 0)
    console.log(`  parser stops at byte ${a.blockingScript} (a classic script after the stylesheet${a.blockingScript < a.headBytes ? ", in <head>" : ""}) until the stylesheet arrives`);
  console.log(`  head: ${a.stylesheets.length} stylesheet(s), ${a.scripts.length} script(s), ${a.preloads.length} preload/preconnect(s)`);
  for (const s of a.preloads) console.log(`    ${s}`);
  for (const s of cov.sheets) console.log(`  stylesheet ${s.href.split("/").pop()}: ${kb(s.bytes)} raw, ${kb(s.gzip)} gzip; ${s.used} of its ${s.rules} style rules match an element here`);
  console.log(`  DOM at load: ${cov.elements} elements; fonts: ${cov.fonts.length ? cov.fonts.join("; ") : "none"}; @font-face rules: ${cov.sheets.reduce((s, r) => s + r.fontFaces, 0)}`);
  const loads: Timeline[] = [];
  for (let i = 0, failed = 0; i < runs; i++) {
    try {
      loads.push(await tracedLoad(browser, url));
    } catch (e) {
      // A trace that lost its navigation is traced again, three times at most per page.
      if (++failed > 3) throw e;
      console.log(`  (load ${i + 1}: ${(e as Error).message}; traced again)`);
      i--;
    }
  }
  const med = (f: (t: Timeline) => number) => ms(median(loads.map(f)));
  console.log(`  throttled: TTFB ${med((t) => t.ttfb)}, HTML done ${med((t) => t.htmlDone)}, first ParseHTML ${med((t) => t.firstParse)}, stylesheets done ${med((t) => t.sheetsDone)}, domInteractive ${med((t) => t.domInteractive)}, FCP ${med((t) => t.fcp)}, LCP ${med((t) => t.lcp)} ms`);
  const kinds = [...new Set(loads.flatMap((t) => Object.keys(t.work)))].sort();
  console.log(`  main thread, navigation → FCP (self ms): ${kinds.map((k) => `${k} ${med((t) => t.work[k] ?? 0)}`).join(", ")}`);
  // The requests of the median-FCP load, in start order.
  const mid = [...loads].sort((x, y) => x.fcp - y.fcp)[Math.floor(loads.length / 2)]!;
  console.log(`  requests started before FCP (load with FCP ${ms(mid.fcp)} ms): start → end, transfer`);
  for (const r of mid.requests.sort((x, y) => x.start - y.start))
    console.log(`    ${ms(r.start).padStart(5)} → ${ms(r.end).padStart(5)}  ${kb(r.transfer).padStart(9)}  ${r.type.padEnd(8)} ${(r.blocking === "blocking" ? "BLOCKING" : "").padEnd(8)} ${r.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 90)}`);
  console.log("");
}
await browser.close();
