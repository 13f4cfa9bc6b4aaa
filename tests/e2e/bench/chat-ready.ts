// When can a player on a phone actually play a chat? Issue #42's A/B of the chat's thread code: real
// loads (real-load.ts: the mobile network and CPU applied through DevTools, a fresh cold-cache
// context each time) of chat pages served by two or more builds, alternating which goes first, and
// per load the paints, hydration, when the thread's first stored line is shown and when the player
// can act (the "Your message" box enabled, or the first choice button).
//
//   BENCH_CHAT_READY_SITES="A=http://127.0.0.1:3870,B=http://127.0.0.1:3871"   (the first is the baseline)
//   BENCH_CHAT_READY_PAGES="/chat/neon-requiem/juno-vex,/chat/murder-on-the-night-ferry/inspector-wren"
//   BENCH_CHAT_READY_PAIRS=10   (rounds; each round loads every page once on every site)
//   BENCH_CHAT_READY_SCRIPT=<part of a file name>   (diagnostic: when a script so named, e.g. the
//     build's thread chunk, finished arriving; a build without it shows none)
//   BENCH_CHAT_READY_RETURNING=1   (a returning player: each site's pages are first played once
//     unthrottled, and every measured load starts with that player's cookies and storage, so the
//     session is known and the thread exists; the HTTP cache stays cold, as after a deploy)
//   tsx bench/chat-ready.ts
//
// The servers are the caller's (one API, one `next start` per build). Every load signs up a new
// guest, so the API needs generous guest limits (GUEST_PER_IP_PER_HOUR and the like).
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { realLoad, THROTTLING, type LoadMetrics } from "./real-load";
import { median, pairedDifference, spread, verdictOf } from "./stats";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const sites = (process.env.BENCH_CHAT_READY_SITES ?? "A=http://127.0.0.1:3870,B=http://127.0.0.1:3871").split(",").map((spec) => {
  const at = spec.indexOf("=");
  if (at < 1) throw new Error(`BENCH_CHAT_READY_SITES: "${spec}" is not <label>=<origin>`);
  return { label: spec.slice(0, at), origin: spec.slice(at + 1).replace(/\/$/, "") };
});
const pages = (process.env.BENCH_CHAT_READY_PAGES ?? "/chat/neon-requiem/juno-vex").split(",").filter(Boolean);
const pairs = Math.max(2, Number(process.env.BENCH_CHAT_READY_PAIRS ?? 10));
const script = process.env.BENCH_CHAT_READY_SCRIPT ?? "";
const returning = process.env.BENCH_CHAT_READY_RETURNING === "1";
/** How long a load may take to become playable before it counts as failed. */
const readyTimeoutMs = 90_000;

/** What the page marks on top of realLoad's metrics (ms from navigation start, null: not seen). */
interface Ready {
  /** The chat log shows a line of the player's own thread (not the server-rendered opening). */
  threadShown: number | null;
  /** The "Your message" box can be typed in (since its last disabled state). */
  composer: number | null;
  /** The first choice button can be pressed (since its last disabled state). */
  choice: number | null;
  /** Diagnostics from resource timing: the session's answer (guest sign-up, else whoami), and when the history read was sent. */
  guestDone: number | null;
  historySent: number | null;
  scriptDone: number | null;
}

/** Resource timing of the session's guest sign-up and the thread's history read (first of each). */
function requestTimes(script: string): { guestDone: number | null; historySent: number | null; scriptDone: number | null } {
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  // A new visitor's session is a guest sign-up; a returning player's is read with whoami.
  const guest = entries.find((e) => e.name.includes("/api/v1/user-guest.sign-up")) ?? entries.find((e) => e.name.includes("/api/v1/user.whoami"));
  const history = entries.find((e) => e.name.includes("/chat/game.history") || e.name.includes("game.reasoning"));
  const chunk = script ? entries.find((e) => e.name.includes(script)) : undefined;
  return { guestDone: guest ? guest.responseEnd : null, historySent: history ? history.startTime : null, scriptDone: chunk ? chunk.responseEnd : null };
}

/**
 * Runs in the page before its scripts: notes the first moment each readiness condition holds, on
 * every DOM change. The server's opening is drawn in a log marked aria-busy (the placeholder: its
 * lines keep their elements when the stored thread replaces it, keyed by place), so a stored line
 * is a [data-role] line in a log that is no longer busy.
 */
function readyRecorder() {
  const r: Ready = { threadShown: null, composer: null, choice: null, guestDone: null, historySent: null, scriptDone: null };
  (window as unknown as { __ready: Ready }).__ready = r;
  const check = () => {
    const now = performance.now();
    if (r.threadShown === null && document.querySelector('[data-testid="chat-log"]:not([aria-busy="true"]) [data-role]')) r.threadShown = now;
    // The last time each control turned enabled (null while disabled): the box is enabled for a
    // moment when an empty thread is read, before the story's start makes it wait again.
    let box: HTMLTextAreaElement | null = null;
    for (const label of Array.from(document.querySelectorAll("label[for]"))) {
      const el = label.textContent?.trim() === "Your message" ? document.getElementById(label.getAttribute("for")!) : null;
      if (el instanceof HTMLTextAreaElement) box = el;
    }
    const boxOn = !!box && !box.disabled;
    if (!boxOn) r.composer = null;
    else if (r.composer === null) r.composer = now;
    const first = document.querySelector('[data-testid="choices"] button');
    const choiceOn = first instanceof HTMLButtonElement && !first.disabled;
    if (!choiceOn) r.choice = null;
    else if (r.choice === null) r.choice = now;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "aria-busy"] });
}

let lastReady: Ready | null = null;
/** The returning player's cookies and storage for the load about to run (undefined: a new visitor). */
let playerState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/**
 * realLoad with the readiness recorder added: the same fresh context (realLoad makes and closes it),
 * instrumented through the browser it is given, and read just before realLoad closes it, once the
 * page is playable.
 */
function instrumented(browser: Browser): Browser {
  return new Proxy(browser, {
    get(target, key) {
      if (key !== "newContext") return Reflect.get(target, key, target);
      return async (...args: Parameters<Browser["newContext"]>): Promise<BrowserContext> => {
        const [options, ...rest] = args;
        const context = await target.newContext({ ...options, ...(playerState ? { storageState: playerState } : {}) }, ...rest);
        await context.addInitScript({ content: "globalThis.__name ??= (f) => f;" });
        await context.addInitScript(readyRecorder);
        const close = context.close.bind(context);
        context.close = async (...closeArgs: Parameters<BrowserContext["close"]>) => {
          const page: Page | undefined = context.pages()[0];
          lastReady = null;
          if (page) {
            // With a model configured a story offers both its choices and the box (the same render).
            await page
              .waitForFunction(() => {
                const r = (window as unknown as { __ready?: Ready }).__ready;
                return !!r && r.threadShown !== null && r.composer !== null && r.choice !== null;
              }, undefined, { timeout: readyTimeoutMs, polling: 50 })
              .catch(() => undefined);
            const ready = await page.evaluate(() => (window as unknown as { __ready?: Ready }).__ready ?? null).catch(() => null);
            lastReady = ready && { ...ready, ...(await page.evaluate(requestTimes, script).catch(() => ({}))) };
          }
          return close(...closeArgs);
        };
        return context;
      };
    },
  });
}

/** One load: realLoad's metrics and the readiness marks (NaN: not seen). */
type Row = LoadMetrics & { [K in keyof Ready]: number };

const browser = await chromium.launch({
  executablePath: chrome,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const probe = instrumented(browser);

// A returning player per site (cookies are per host, storage per origin): plays each page once.
const players = new Map<string, typeof playerState>();
if (returning) {
  for (const site of sites) {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(`${site.origin}${path}`);
      await page.locator('[data-testid="choices"] button:enabled').first().waitFor({ timeout: 60_000 });
    }
    players.set(site.label, await context.storageState());
    await context.close();
  }
}

console.log(
  `Chat readiness, real loads: ${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downKbps} kbps down, CPU ${THROTTLING.cpuSlowdown}x; ${pairs} rounds, order rotated each round; ${returning ? "a returning player (session and thread known, HTTP cache cold)" : "a new visitor each load (cold cache, new guest)"}`,
);
const results = new Map<string, Map<string, Row[]>>(pages.map((p) => [p, new Map(sites.map((s) => [s.label, []]))]));
for (let round = 0; round < pairs; round++) {
  for (const path of pages) {
    const order = sites.map((_, i) => sites[(i + round) % sites.length]!);
    for (const site of order) {
      let row: Row;
      playerState = players.get(site.label);
      try {
        const m = await realLoad(probe, `${site.origin}${path}`, readyTimeoutMs);
        const ready = lastReady as Ready | null;
        row = {
          ...m,
          threadShown: ready?.threadShown ?? Number.NaN,
          composer: ready?.composer ?? Number.NaN,
          choice: ready?.choice ?? Number.NaN,
          guestDone: ready?.guestDone ?? Number.NaN,
          historySent: ready?.historySent ?? Number.NaN,
          scriptDone: ready?.scriptDone ?? Number.NaN,
        };
      } catch (err) {
        console.error(`  ${site.label} ${path}: ${(err as Error).message.split("\n")[0]}`);
        row = { fcp: Number.NaN, lcp: Number.NaN, interactive: Number.NaN, tbt: Number.NaN, cls: Number.NaN, inp: Number.NaN, lcpElement: "", threadShown: Number.NaN, composer: Number.NaN, choice: Number.NaN, guestDone: Number.NaN, historySent: Number.NaN, scriptDone: Number.NaN };
      }
      results.get(path)!.get(site.label)!.push(row);
      console.log(
        `  round ${round + 1} ${site.label.padEnd(3)} ${path}: FCP ${row.fcp.toFixed(0)} LCP ${row.lcp.toFixed(0)} hydrated ${row.interactive.toFixed(0)} session ${row.guestDone.toFixed(0)} history sent ${row.historySent.toFixed(0)}${script ? ` script ${row.scriptDone.toFixed(0)}` : ""} thread ${row.threadShown.toFixed(0)} composer ${row.composer.toFixed(0)} choice ${row.choice.toFixed(0)}`,
      );
    }
  }
}
await browser.close();

const metrics: [string, (r: Row) => number][] = [
  ["FCP", (r) => r.fcp],
  ["LCP", (r) => r.lcp],
  ["hydrated", (r) => r.interactive],
  ["(session call answered)", (r) => r.guestDone],
  ["(history read sent)", (r) => r.historySent],
  ...(script ? [[`(${script} arrived)`, (r: Row) => r.scriptDone] as [string, (r: Row) => number]] : []),
  ["thread shown", (r) => r.threadShown],
  ['"Your message" enabled', (r) => r.composer],
  ["first choice enabled", (r) => r.choice],
];
for (const path of pages) {
  const by = results.get(path)!;
  const base = by.get(sites[0]!.label)!;
  console.log(`\n${path}, ms from navigation start`);
  console.log(`| metric | ${sites.map((s) => `${s.label} median (range)`).join(" | ")} | ${sites.slice(1).map((s) => `${s.label} − ${sites[0]!.label} mean [90% CI]`).join(" | ")} |`);
  console.log(`|---|${sites.map(() => "---:").join("|")}|${sites.slice(1).map(() => "---").join("|")}|`);
  for (const [name, of] of metrics) {
    const cells = sites.map((s) => {
      const xs = by.get(s.label)!.map((r) => of(r)).filter(Number.isFinite);
      return `${median(xs).toFixed(0)} (${spread(xs)})`;
    });
    const diffs = sites.slice(1).map((s) => {
      const d = pairedDifference(base.map((r) => of(r)), by.get(s.label)!.map((r) => of(r)));
      return `${d.mean >= 0 ? "+" : ""}${d.mean.toFixed(0)} [${d.low.toFixed(0)}, ${d.high.toFixed(0)}] n=${d.pairs} ${verdictOf(d)}`;
    });
    console.log(`| ${name} | ${cells.join(" | ")} | ${diffs.join(" | ")} |`);
  }
}
