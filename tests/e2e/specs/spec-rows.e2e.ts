// Smaller rows of the spec (issue 28), on both brands: a purchase pressed while the session is still
// starting, crawlers and the error page, and an offline start-up.
import { expect, test } from "@playwright/test";
import { brandSites } from "../support/brands";
import { apiUrl } from "../support/env";
import { freshEmail, signIn } from "./account-flows";

for (const brand of brandSites) {
  test.describe(`${brand.name} spec rows`, () => {
    test("Purchase Now pressed while the session is starting waits for it (busy meanwhile) instead of sending a signed-in buyer to login", async ({ page }) => {
      await signIn(page, brand, freshEmail(`${brand.id}-early-buy`), "/user/coins");
      // The next start-up's user check answers late: the session is not ready when the button is pressed.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${apiUrl}/api/v1/user.whoami*`, async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await page.getByRole("button", { name: /Starter 100 coins/ }).click();
      const dialog = page.getByRole("dialog", { name: "Purchase" });
      await dialog.getByRole("button", { name: "Purchase Now" }).click();
      await expect(dialog.getByRole("button", { name: /Processing/ })).toBeDisabled();
      // Still here and still busy while the session is not ready.
      await page.waitForTimeout(500);
      expect(page.url()).toBe(`${brand.baseURL}/user/coins`);
      release();
      // Once the session knows the user, the purchase goes on to the provider's checkout.
      await page.waitForURL((url) => !url.href.startsWith(brand.baseURL));
      await expect(page.getByRole("button", { name: /^Pay \$1\.99$/ })).toBeVisible();
    });
  });
}
