// Every legal/info and landing route, on both brands and both viewports: title, noindex, content,
// layout, accessibility, and a screenshot.
import { expect, test } from "../support/test";
import { popularStoryIds, storyExists } from "../support/api";
import { brandSites } from "../support/brands";
import { expectAccessible, expectNoindex, saveShot, settled } from "../support/checks";
import { shotName, staticRoutes } from "../support/routes";

for (const brand of brandSites) {
  test.describe(`${brand.name} static routes`, () => {
    test("the footer is laid out only when scrolled near (content-visibility: auto)", async ({ page }) => {
      await page.goto(`${brand.baseURL}/terms`);
      const footer = page.locator("footer");
      expect(await footer.evaluate((f) => getComputedStyle(f).contentVisibility)).toBe("auto");
      // The contents of a skipped element report themselves hidden to this check; the element does not.
      const rendered = () => footer.evaluate((f) => f.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
      await expect.poll(rendered).toBe(false);
      await footer.scrollIntoViewIfNeeded();
      await expect.poll(rendered).toBe(true);
      await expect(footer.getByRole("link", { name: brand.supportEmail })).toBeVisible();
    });

    for (const route of staticRoutes) {
      test(`${route.path}`, async ({ page }, testInfo) => {
        const response = await page.goto(`${brand.baseURL}${route.path}`);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(`${route.title} - ${brand.name}`);
        await expectNoindex(page, response);

        const main = page.locator("main#main-content");
        await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(main).toContainText(route.text);
        // Brand substitution: the name appears and the support mail link is the brand's.
        await expect(page.locator("body")).toContainText(brand.name);
        await expect(page.locator(`footer a[href="mailto:${brand.supportEmail}"]`)).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Legal and information" }).getByRole("link")).toHaveCount(7);

        const mainBox = await main.boundingBox();
        const viewport = page.viewportSize();
        expect(mainBox && viewport).toBeTruthy();
        if (route.layout === "mobile") {
          // The mobile layout is a phone-width column with the bottom tab bar, on every viewport.
          expect(mainBox!.width).toBeLessThanOrEqual(480);
          await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(4);
        } else {
          // The "none" layout uses the full width, and its header carries the main nav on every viewport.
          expect(mainBox!.width).toBeGreaterThan(Math.min(viewport!.width, 1280) - 40);
          const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
          await expect(nav.getByRole("link")).toHaveCount(4);
          await expect(nav.getByRole("link", { name: "Stories" })).toBeInViewport();
        }

        if (route.kind === "legal") {
          await expect(main.locator(`a[href^="mailto:${brand.supportEmail}"]`).first()).toBeVisible();
          expect(await main.locator("h2").count()).toBeGreaterThanOrEqual(3);
        } else {
          // A landing page leads into a story: the featured one when the API lists stories, else the catalogue.
          const ids = await popularStoryIds();
          const cta = main.getByRole("link").first();
          const href = await cta.getAttribute("href");
          if (ids.length > 0) {
            const id = /^\/story\/([a-z0-9-]+)$/.exec(href ?? "")?.[1];
            expect(id, `CTA ${href} leads into a story`).toBeTruthy();
            expect(await storyExists(id!)).toBe(true);
          } else {
            expect(href).toBe("/");
          }
        }

        await settled(page);
        await saveShot(page, testInfo, brand, shotName(route.path));
        await expectAccessible(page);
      });
    }
  });
}
