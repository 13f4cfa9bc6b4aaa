// One page load as a player on a mid-range phone gets it: Chromium with the mobile network and CPU
// applied for real through the DevTools protocol (not Lighthouse's simulation), a fresh browser
// context (cold HTTP cache, new connections), then a scripted first tap once the page is interactive.
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { cumulativeLayoutShift, totalBlockingTime, type Shift } from "./stats";

/**
 * The conditions of issue #42 (Lighthouse's mobile preset, applied for real): 150 ms round trip,
 * 1.6 Mbps down, 750 kbps up, CPU 4× slower; a 412×823 phone screen at 1.75×.
 */
export const THROTTLING = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 } as const;
const VIEWPORT = { width: 412, height: 823 };

export interface LoadMetrics {
  /** First contentful paint, ms from navigation start. */
  fcp: number;
  /** Largest contentful paint (the last candidate before the tap). */
  lcp: number;
  /** When the app marked `html[data-hydrated]`: React has attached its handlers. */
  interactive: number;
  /** Long tasks' time past 50 ms, from FCP to the tap. */
  tbt: number;
  cls: number;
  /** The first tap's interaction latency (Event Timing: its longest event, input to next paint). */
  inp: number;
  /** What the LCP was: tag, id/class, and the image's file when it is one. */
  lcpElement: string;
}

interface Recorded {
  fcp: number | null;
  lcp: { startTime: number; element: string }[];
  hydrated: number | null;
  shifts: Shift[];
  tasks: { startTime: number; duration: number }[];
  events: { name: string; duration: number; interactionId: number; startTime: number }[];
  firstInput: { duration: number } | null;
  tapAt: number | null;
}

/**
 * Runs in the page before any of its scripts: observes paints, layout shifts, long tasks and input
 * events from the start, and notes when the root sets `data-hydrated`.
 */
function recorder() {
  const r: Recorded = { fcp: null, lcp: [], hydrated: null, shifts: [], tasks: [], events: [], firstInput: null, tapAt: null };
  (window as unknown as { __bench: Recorded }).__bench = r;
  const describe = (el: Element | null, url: string) => {
    if (!el) return url ? `(image ${url.split("/").pop()})` : "(removed element)";
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${cls}${url ? ` ${url.split("?")[0]!.split("/").pop()}` : ""}`;
  };
  const observe = (type: string, each: (e: PerformanceEntry) => void, extra: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...extra } as PerformanceObserverInit);
    } catch {
      // an entry type this browser lacks: its metric stays empty
    }
  };
  observe("paint", (e) => {
    if (e.name === "first-contentful-paint") r.fcp = e.startTime;
  });
  observe("largest-contentful-paint", (e) => {
    const l = e as PerformanceEntry & { element: Element | null; url: string };
    r.lcp.push({ startTime: l.startTime, element: describe(l.element, l.url) });
  });
  observe("layout-shift", (e) => {
    const s = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
    r.shifts.push({ startTime: s.startTime, value: s.value, hadRecentInput: s.hadRecentInput });
  });
  observe("longtask", (e) => r.tasks.push({ startTime: e.startTime, duration: e.duration }));
  observe(
    "event",
    (e) => {
      const ev = e as PerformanceEntry & { interactionId: number };
      r.events.push({ name: ev.name, duration: ev.duration, interactionId: ev.interactionId, startTime: ev.startTime });
    },
    { durationThreshold: 16 },
  );
  observe("first-input", (e) => {
    r.firstInput = { duration: e.duration };
  });
  const mark = () => {
    if (r.hydrated === null && document.documentElement.hasAttribute("data-hydrated")) r.hydrated = performance.now();
  };
  // The init script runs before the parser has made <html>: watch the document, subtree included.
  new MutationObserver(mark).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * A point to tap that starts nothing (no link, button or field under it): the first visible heading,
 * paragraph or main area. Tapping it measures how soon the page answers, not what a handler does.
 */
function neutralPoint(): { x: number; y: number } | null {
  for (const el of Array.from(document.querySelectorAll("h1, h2, p, main, body"))) {
    const box = el.getBoundingClientRect();
    if (box.width < 4 || box.height < 4 || box.bottom < 0 || box.top > innerHeight) continue;
    const x = box.left + Math.min(box.width / 2, 40);
    const y = Math.max(0, box.top) + Math.min(box.height, innerHeight - Math.max(0, box.top)) / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && !hit.closest("a, button, input, select, textarea, label, summary, [role=button], [role=link], [tabindex]:not([tabindex='-1'])")) return { x, y };
  }
  return null;
}

/**
 * A fresh context (cold cache) on a phone's screen with the mobile conditions applied through the
 * DevTools protocol, and its page: what every real-load probe starts from. Close the context after.
 */
export async function throttledPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downKbps * 1000) / 8,
    uploadThroughput: (THROTTLING.upKbps * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
  // tsx (esbuild's keepNames) wraps named inner functions in `__name(…)`: give the page that helper
  // before any function a probe passes runs there.
  await page.addInitScript({ content: "globalThis.__name ??= (f) => f;" });
  return { context, page, cdp };
}

/** Loads `url` once under the mobile conditions and measures it; throws if the page never hydrates. */
export async function realLoad(browser: Browser, url: string, timeoutMs = 60_000): Promise<LoadMetrics> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.addInitScript(recorder);
    await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
    await page.waitForFunction(() => (window as unknown as { __bench: Recorded }).__bench.hydrated !== null, undefined, { timeout: timeoutMs, polling: 50 });
    // The first tap, right after interactive: a real touch through the protocol, at a point that
    // starts nothing, so its latency is the page's (work still queued after hydration), not a handler's.
    const point = await page.evaluate(neutralPoint);
    if (!point) throw new Error(`${url}: found nothing neutral to tap`);
    await page.evaluate(() => ((window as unknown as { __bench: Recorded }).__bench.tapAt = performance.now()));
    await page.touchscreen.tap(point.x, point.y);
    // Event Timing reports an interaction after its next paint.
    await page.waitForFunction(() => (window as unknown as { __bench: Recorded }).__bench.firstInput !== null, undefined, { timeout: 10_000, polling: 50 });
    await page.waitForTimeout(100);
    const r = await page.evaluate(() => (window as unknown as { __bench: Recorded }).__bench);
    if (r.fcp === null || r.hydrated === null || r.tapAt === null) throw new Error(`${url}: no first contentful paint or hydration recorded`);
    const lcp = r.lcp.filter((l) => l.startTime <= r.tapAt!).at(-1) ?? r.lcp[0];
    // The tap's latency: its longest event (pointerdown, pointerup, click share an interaction id);
    // under 16 ms only `first-input` reports it.
    const tapEvents = r.events.filter((e) => e.interactionId > 0 && e.startTime >= r.tapAt!);
    const inp = Math.max(r.firstInput?.duration ?? 0, ...tapEvents.map((e) => e.duration));
    return {
      fcp: r.fcp,
      lcp: lcp?.startTime ?? r.fcp,
      interactive: r.hydrated,
      tbt: totalBlockingTime(r.tasks, r.fcp, r.tapAt),
      cls: cumulativeLayoutShift(r.shifts.filter((s) => s.startTime < r.tapAt!)),
      inp,
      lcpElement: lcp?.element ?? "(none)",
    };
  } finally {
    await context.close();
  }
}

/** A real load, loaded again (three tries at most) when it timed out on a busy machine; other errors throw. */
export async function realLoadRetried(browser: Browser, url: string): Promise<LoadMetrics> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await realLoad(browser, url);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof Error && err.name === "TimeoutError")) throw err;
      console.log(`  (a load of ${url} timed out: loading it again)`);
    }
  }
}

/**
 * Paired rounds: A and B loaded back to back `pairs` times, the order alternating (A first in even
 * rounds), so that each pair shares what the machine was doing at that moment.
 */
export async function alternatingPairs<T>(pairs: number, loadA: () => Promise<T>, loadB: () => Promise<T>): Promise<{ a: T[]; b: T[] }> {
  const a: T[] = [];
  const b: T[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      a.push(await loadA());
      b.push(await loadB());
    } else {
      b.push(await loadB());
      a.push(await loadA());
    }
  }
  return { a, b };
}
