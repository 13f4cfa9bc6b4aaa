// The specs' `test`: Playwright's, with a `page` whose navigations also wait for the brand site's
// page to hydrate. The sites' server loads Next's page scripts after the first paint
// (tooling/next/src/defer-scripts.ts), so a page's `load` event (what `goto` waits for) can come
// before React has attached a single handler, and a click then would be lost.
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Frame, Page } from "@playwright/test";

/**
 * Resolves once the current page has hydrated (the root marks `html[data-hydrated]`). A page that
 * is not a brand site's (no deferred-script loader: the API's sandbox checkout, the parent pages)
 * resolves at once.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !("__storyloomDefer" in window) || document.documentElement.hasAttribute("data-hydrated"));
}

type Navigation = "goto" | "reload" | "goBack" | "goForward" | "waitForURL";

/** Makes `page`'s navigations wait for hydration too (unless asked to return at "commit"). */
export function waitingForHydration(page: Page): Page {
  for (const name of ["goto", "reload", "goBack", "goForward", "waitForURL"] as const satisfies readonly Navigation[]) {
    const original = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<Navigation, unknown>)[name] = async (...args: unknown[]) => {
      const result = await original(...args);
      const options = args.find((a): a is { waitUntil?: string } => typeof a === "object" && a !== null && "waitUntil" in a);
      if (options?.waitUntil !== "commit") await hydrated(page);
      return result;
    };
  }
  return page;
}

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
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
});
