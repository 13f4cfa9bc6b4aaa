import axe from "axe-core";
import { expect, type Page, type Response, type TestInfo } from "@playwright/test";
import { join } from "node:path";
import type { BrandSite } from "./brands";

/** Screenshots land here (gitignored), one folder per brand and viewport. */
export const ARTIFACTS_DIR = join(import.meta.dirname, "..", "artifacts");

/**
 * Tags a test (or a describe block) whose behaviour does not depend on the viewport: a flow
 * through the API, tracking, payments, the editor. It runs in the phone project only (most
 * routes are a phone-width column on every viewport, spec section 2); what is laid out
 * differently per viewport (dialogs, grids, headers, static routes) runs in both.
 * playwright.config.ts's desktop project leaves these out with `grepInvert`.
 */
export const anyViewport = { tag: "@any-viewport" } as const;

/** Screenshots are for people looking at the sites, not assertions: taken only when E2E_SCREENSHOTS=1. */
const screenshots = process.env.E2E_SCREENSHOTS === "1";

/**
 * Saves a full-page screenshot as artifacts/{brand}/{project}/{name}.png. What starts below the
 * fold (ui-below-fold, content-visibility: auto) renders as a visitor scrolls to it, but Chromium's
 * full-page capture does not scroll: it is rendered for the shot, so the artifact shows it as seen.
 */
export async function saveShot(page: Page, testInfo: TestInfo, brand: BrandSite, name: string): Promise<void> {
  if (!screenshots) return;
  await page.screenshot({
    path: join(ARTIFACTS_DIR, brand.id, testInfo.project.name, `${name}.png`),
    fullPage: true,
    style: ".ui-below-fold { content-visibility: visible !important; }",
  });
}

/** The site is noindex (spec section 1): both the robots meta tag and the X-Robots-Tag header. */
export async function expectNoindex(page: Page, response: Response | null): Promise<void> {
  expect(response, "the page answered").not.toBeNull();
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  // Next adds its own robots meta to 404 answers, so there may be two; every one must say noindex.
  const robots = page.locator('meta[name="robots"]');
  expect(await robots.count()).toBeGreaterThan(0);
  for (const content of await robots.evaluateAll((els) => els.map((el) => el.getAttribute("content") ?? ""))) {
    expect(content).toMatch(/noindex/);
  }
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe-core finds no serious or critical violation on the page as it is now. axe runs in the page
 * itself, injected once per document, and reports violations only. (@axe-core/playwright's
 * `analyze` injects the 500 KB engine into every frame on every call and finishes each run in a
 * new blank page: 1.1–2.0 s a call here, against 0.2–0.6 s for this, which is most of what a
 * static-route test costs.) None of the pages checked embeds a frame.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A client-side navigation replaces the document's <title> as it lands: wait for one, so axe sees
  // the page that was navigated to and not the moment between two (a page without one still fails).
  await expect(page).toHaveTitle(/\S/);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }))),
    AXE_TAGS,
  );
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.slice(0, 5).join(", ")}`);
  expect(blocking, "serious/critical axe violations").toEqual([]);
}

/**
 * Waits for the page's own resources (styles, fonts, images) before axe and screenshots. Not
 * "networkidle": link prefetching keeps the network busy on long pages.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Waits until the page's finite animations (a dialog's entrance) are over: mid-fade, axe measures
 * contrast against a half-drawn panel. An animation cancelled meanwhile (its element re-rendered or
 * removed) rejects `finished` with an AbortError; it is over all the same.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.then(() => undefined, () => undefined)),
    ).then(() => undefined),
  );
}
