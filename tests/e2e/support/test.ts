// The specs' `test`: Playwright's, with a `page` whose navigations also wait for the brand site's
// page to hydrate. The sites' server loads Next's page scripts after the first paint
// (tooling/next/src/defer-scripts.ts), so a page's `load` event (what `goto` waits for) can come
// before React has attached a single handler, and a click then would be lost.
import { test as base, type Page } from "@playwright/test";

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

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
});
