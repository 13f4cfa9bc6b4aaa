// Unknown paths and /404 give the not-found error page (spec sections 2 and 8).
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, expectNoindex, saveShot, settled } from "../support/checks";

/** Twenty paths no route matches: nested, with dots, encoded characters, queries and near-misses. */
const unknownPaths = [
  "/nope",
  "/does/not/exist",
  "/landing4",
  "/abouts",
  "/terms/extra",
  "/legal",
  "/story",
  "/user",
  "/chat5/abc",
  "/xyz.html",
  "/admin",
  "/wp-login.php",
  "/%E2%9C%93",
  "/caf%C3%A9",
  "/a/b/c/d/e/f",
  "/privacy-policy",
  "/refunds",
  "/404/again",
  "/share.png/x",
  "/0",
];

for (const brand of brandSites) {
  test.describe(`${brand.name} not found`, () => {
    test("20 unknown paths give the not-found page", anyViewport, async ({ page }) => {
      for (const path of unknownPaths) {
        const response = await page.goto(`${brand.baseURL}${path}?from=e2e`);
        expect(response?.status(), path).toBe(404);
        await expectNoindex(page, response);
        await expect(page).toHaveTitle(`Page Not Found - ${brand.name}`);
        await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
        await expect(page.getByText("Page not found", { exact: true })).toBeVisible();
        // The path is named, as sent or decoded (the router may decode percent-escapes).
        const named = [`Page Not Found: ${path}`, `Page Not Found: ${decodeURIComponent(path)}`];
        await expect(page.getByText(new RegExp(`^(${named.map(escapeRegExp).join("|")})$`))).toBeVisible();
        await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
        await expect(page.locator(`a[href^="mailto:${brand.supportEmail}"]`)).toBeVisible();
      }
    });

    test("/404 is the not-found page with a 404 status", async ({ page }, testInfo) => {
      const response = await page.goto(`${brand.baseURL}/404`);
      expect(response?.status()).toBe(404);
      await expectNoindex(page, response);
      await expect(page.getByText("Page Not Found: /404", { exact: true })).toBeVisible();
      for (const name of ["Go Home", "Go Back", "Reload"]) await expect(page.getByRole(/Home/.test(name) ? "link" : "button", { name })).toBeVisible();
      await settled(page);
      await saveShot(page, testInfo, brand, "404");
      await expectAccessible(page);
    });
  });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
