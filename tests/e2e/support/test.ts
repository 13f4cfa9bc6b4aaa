// The specs' `test`: Playwright's, with the auto fixture `cspViolations`. Its `page` is
// Playwright's own: `goto` waits for the `load` event, which comes after Next's page scripts have
// run, and what a spec does next waits on its own (a locator's auto-waiting, `expect`'s retries).
// React may finish hydrating a moment after `load`; a click meanwhile is not lost, since React 19
// replays discrete events (clicks, key presses) that reach a root still hydrating. A spec that needs
// what only hydration does and nothing on screen shows (an effect writing localStorage) waits for
// the root's mark, `html[data-hydrated]`, itself.
import { test as base, expect, type BrowserContext } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Frame, Page } from "@playwright/test";

/**
 * Records, in every frame of every page of the context, the violations of an enforced
 * Content-Security-Policy (`securitypolicyviolation` with `disposition` "enforce"; report-only
 * ones are not failures), and Chromium's console errors for enforced refusals that fire no event
 * in the page (a frame refused by the framed site's `frame-ancestors` is logged in the parent:
 * "Framing '…' violates the following Content Security Policy directive: …").
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const recorded: string[] = [];
  await context.exposeBinding("__storyloomCspViolation", ({ frame }, text: string) => {
    recorded.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      if (e.disposition !== "enforce") return;
      const report = (window as unknown as { __storyloomCspViolation?: (text: string) => void }).__storyloomCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (message.type() !== "error" || text.includes("[Report Only]")) return;
    if (text.includes("Content Security Policy directive")) recorded.push(`${message.page()?.url() ?? "?"}: ${text}`);
  });
  return recorded;
}

export const test = base.extend<{ cspViolations: string[] }>({
  // Every test fails after it when an enforced policy was violated; a spec that provokes one on
  // purpose takes what it expects out of the list.
  cspViolations: [
    async ({ context }, use) => {
      const recorded = await recordCspViolations(context);
      await use(recorded);
      expect(recorded, "violations of an enforced Content-Security-Policy").toEqual([]);
    },
    { auto: true },
  ],
});
