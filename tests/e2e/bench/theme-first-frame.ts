// Does a player with a stored light theme ever get a frame of the dark default? A check for moving
// the theme script (packages/ui theme-script.tsx) out of the way of the parser.
//
//   BENCH_PROBE_URLS="home=http://127.0.0.1:3000/,chat=http://127.0.0.1:3000/chat/neon-requiem/juno-vex" \
//   BENCH_PROBE_RUNS=10 tsx bench/theme-first-frame.ts
//
// Each load runs under real-load.ts's throttling with `theme=light` stored. A requestAnimationFrame
// loop, started before any of the page's scripts, looks at every frame the browser renders (none runs
// while a render-blocking stylesheet is pending): a frame whose <body> already shows content while
// <html> still says data-theme="dark" is a dark frame painted for a light-theme player. Exits 1 if
// any load had one.
import { chromium } from "@playwright/test";
import { throttledPage } from "./real-load";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.BENCH_PROBE_RUNS ?? 10));
const targets = (process.env.BENCH_PROBE_URLS ?? "").split(",").filter(Boolean).map((spec) => {
  const at = spec.indexOf("=");
  return { label: spec.slice(0, at), url: spec.slice(at + 1) };
});
if (targets.length === 0) throw new Error('BENCH_PROBE_URLS="<label>=<url>,…"');

interface Frames {
  frames: number;
  darkWithContent: number;
  firstContentFrameTheme: string | null;
}

const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox", "--disable-gpu"] });
let bad = 0;
for (const { label, url } of targets) {
  const results: Frames[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await throttledPage(browser);
    await page.addInitScript(() => {
      localStorage.setItem("theme", "light");
      const r: Frames = { frames: 0, darkWithContent: 0, firstContentFrameTheme: null };
      (window as unknown as { __frames: Frames }).__frames = r;
      const tick = () => {
        r.frames++;
        const body = document.body;
        const shows = !!body && (body.innerText ?? "").trim().length > 0;
        const theme = document.documentElement.getAttribute("data-theme");
        if (shows) {
          r.firstContentFrameTheme ??= theme;
          if (theme !== "light") r.darkWithContent++;
        }
        if (r.frames < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(url, { waitUntil: "load" });
    results.push(await page.evaluate(() => (window as unknown as { __frames: Frames }).__frames));
    await context.close();
  }
  const dark = results.filter((r) => r.darkWithContent > 0).length;
  bad += dark;
  console.log(`${label.padEnd(10)} ${runs} loads: ${dark} with a dark frame showing content; first content frame's theme: ${[...new Set(results.map((r) => r.firstContentFrameTheme))].join(", ")}`);
}
await browser.close();
process.exit(bad ? 1 : 0);
