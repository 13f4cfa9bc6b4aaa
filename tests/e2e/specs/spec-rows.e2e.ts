// Smaller rows of the spec (issue 28), on both brands: a purchase pressed while the session is still
// starting, crawlers and the error page, and an offline start-up.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { apiUrl } from "../support/env";
import { freshEmail, signIn } from "./account-flows";
import { anyViewport } from "../support/checks";

/** A crawler's user agent (Googlebot smartphone) and a link previewer's. */
const crawlers = [
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
];
/** What only the full error page has: its actions, suggestions and the support link. */
const errorPageParts = ["Go Back", "Reload", "What you can try", "Contact support", "mailto:"];

for (const brand of brandSites) {
  test.describe(`${brand.name} spec rows`, anyViewport, () => {
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

    test("crawlers get no error page in the server's HTML; people still do", async ({ request }) => {
      for (const path of ["/no-such-page", "/story/no-such-story-e2e"]) {
        for (const ua of crawlers) {
          const res = await request.get(`${brand.baseURL}${path}`, { headers: { "user-agent": ua } });
          expect(res.status(), `${path} ${ua}`).toBe(404);
          expect(res.headers()["x-robots-tag"]).toBe("noindex, nofollow");
          const html = await res.text();
          expect(html).toContain("Page not found");
          for (const part of errorPageParts) expect(html, `${path}: ${part}`).not.toContain(part);
        }
      }
      // A person's answer for an unknown path is the prerendered error page itself. (A story that does
      // not exist has its error page filled in by the browser: its server HTML has none for anyone.)
      const person = await request.get(`${brand.baseURL}/no-such-page`);
      expect(person.status()).toBe(404);
      const html = await person.text();
      for (const part of errorPageParts) expect(html, part).toContain(part);
      // A crawler still gets the real pages.
      const about = await request.get(`${brand.baseURL}/about`, { headers: { "user-agent": crawlers[0]! } });
      expect(about.status()).toBe(200);
      expect(await about.text()).toContain(`<title>About Us - ${brand.name}</title>`);
    });

    test("an offline start-up keeps the token and shows an offline notice with a retry", async ({ page, context }) => {
      const email = freshEmail(`${brand.id}-offline`);
      await signIn(page, brand, email, "/user/profile");
      const tokenBefore = (await context.cookies()).find((c) => c.name === "token")?.value;
      expect(tokenBefore).toBeTruthy();
      // The API gives no answer at all (the site's own server still renders the page).
      await page.route(`${apiUrl}/api/v1/**`, (route) => route.abort("internetdisconnected"));
      await page.reload();
      const notice = page.getByRole("status").filter({ hasText: "can't reach" });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("button", { name: "Retry" })).toBeVisible();
      expect((await context.cookies()).find((c) => c.name === "token")?.value).toBe(tokenBefore);
      // Back online: Retry checks the session again and the notice goes away; the user is still signed in.
      await page.unroute(`${apiUrl}/api/v1/**`);
      const whoami = page.waitForResponse((r) => r.url().includes("/api/v1/user.whoami") && r.ok());
      await notice.getByRole("button", { name: "Retry" }).click();
      await whoami;
      await expect(notice).toHaveCount(0);
      expect((await context.cookies()).find((c) => c.name === "token")?.value).toBe(tokenBefore);
      await expect(page.getByText(email).first()).toBeVisible();
    });
  });
}
