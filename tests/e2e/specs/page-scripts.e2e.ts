// The sites' server loads Next's page scripts after the page is parsed and painted
// (tooling/next/src/defer-scripts.ts): the server-rendered page paints without waiting for them,
// and no script is on the LCP of Lighthouse's simulated throttling (`pnpm bench:web`).
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport } from "../support/checks";

for (const brand of brandSites) {
  test.describe(`${brand.name} page scripts`, anyViewport, () => {
    for (const path of ["/", "/user/coins"]) {
      test(`${path}: the scripts are requested after the parsed page's first frame, and the page still comes alive`, async ({ page }) => {
        const response = await page.goto(`${brand.baseURL}${path}`);
        const html = await response!.text();
        // Next writes them this way; the server turns them into calls to its loader. If a Next
        // upgrade writes them otherwise, they are served as written and this fails.
        expect(html).toContain("<script>(function(w,d){");
        expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+\.js" async=""><\/script>/);
        expect(html).not.toMatch(/<link rel="preload" as="script"[^>]*\/_next\/static\//);
        expect(html).toMatch(/<script>__storyloomDefer\("\/_next\/static\/chunks\/[^"]+\.js"\)<\/script>/);

        // Hydrated: the client registered the visitor as a guest (api-client's storage).
        await expect.poll(() => page.evaluate(() => localStorage.getItem("user_type")), { message: "the client signed the guest in" }).toBe("guest");

        const timing = await page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
          const chunks = performance
            .getEntriesByType("resource")
            .filter((e) => e.name.includes("/_next/static/chunks/") && e.name.endsWith(".js"))
            .map((e) => e.startTime);
          return { parsed: nav.domContentLoadedEventEnd, fcp, chunks };
        });
        expect(timing.fcp).not.toBeNull();
        expect(timing.chunks.length).toBeGreaterThan(3);
        // Every script was requested after the document was parsed (and its frame painted).
        for (const start of timing.chunks) expect(start).toBeGreaterThanOrEqual(timing.parsed);
      });
    }
  });
}
