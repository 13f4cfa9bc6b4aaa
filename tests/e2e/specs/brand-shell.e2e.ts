// What each brand shell adds around the screens: its own identity (share image, icon, metadata),
// the skip link, and the theme kept across reloads.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport } from "../support/checks";

for (const brand of brandSites) {
  test.describe(`${brand.name} shell`, anyViewport, () => {
    test("brand metadata, share image and icon", async ({ page, request }) => {
      await page.goto(`${brand.baseURL}/about`);
      const defaultTitle = `${brand.name} - AI-Powered Interactive Stories`;
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", defaultTitle);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", new RegExp(brand.name));
      await expect(page.locator("html")).toHaveAttribute("data-brand", brand.id);
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(ogImage).toMatch(new RegExp(`^https://${brand.id}\\.ai/share\\.png$`));

      const share = await request.get(`${brand.baseURL}/share.png`);
      expect(share.status()).toBe(200);
      expect(share.headers()["content-type"]).toBe("image/png");
      expect((await share.body()).length).toBeGreaterThan(5_000);
      const icon = await request.get(`${brand.baseURL}/icon.svg`);
      expect(icon.status()).toBe(200);
      expect(await icon.text()).toContain("<svg");
      expect(icon.headers()["x-powered-by"]).toBeUndefined();
    });

    test("the two brands look different", async ({ page }) => {
      await page.goto(`${brand.baseURL}/landing`);
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim());
      expect(primary).toBe(brand.id === "storyloom" ? "#7c3aed" : "#e11d48");
      await expect(page.getByRole("banner").getByRole("link").first()).toContainText(brand.name);
    });

    test("skip link jumps to the main content", async ({ page }) => {
      await page.goto(`${brand.baseURL}/terms`);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main-content$/);
      await expect(page.locator("#main-content")).toBeFocused();
    });

    test("theme is dark by default and a stored light theme survives reloads without a flash", async ({ page }) => {
      await page.goto(`${brand.baseURL}/privacy`);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.evaluate(() => localStorage.setItem("theme", "light"));
      await page.reload();
      // Read before hydration finishes too: the head script sets it before first paint.
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe("rgb(255, 255, 255)");
    });
  });
}
