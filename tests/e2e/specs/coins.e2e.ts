// The coins page and the purchase dialog of both brands: packages, ledger, the guest's way to the
// login, the dialog's layout per viewport, and a signed-in purchase while payments are not served.
import { expect, test, type Page } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, expectNoindex, saveShot, settled } from "../support/checks";
import { chipCoins, freshEmail, signIn } from "./account-flows";

async function openDialogOn(page: Page, packageName: RegExp) {
  await page.getByRole("button", { name: packageName }).click();
  const dialog = page.getByRole("dialog", { name: "Purchase" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(1);
  return dialog;
}

for (const brand of brandSites) {
  test.describe(`${brand.name} coins`, () => {
    test("balance, packages and the welcome bonus in the history", async ({ page }, testInfo) => {
      const response = await page.goto(`${brand.baseURL}/user/coins`);
      await expectNoindex(page, response);
      await expect(page).toHaveTitle(`Coins - ${brand.name}`);
      // The packages are public: they come with the server's HTML instead of after hydration.
      const html = await response!.text();
      expect(html).toContain("Starter");
      expect(html).toContain("$1.99");
      expect(html).not.toContain("Loading packages");
      await expect(page.getByRole("button", { name: "Starter 100 coins $1.99", exact: true })).toBeVisible();
      await expect(page.getByText("44% OFF")).toBeVisible();
      const history = page.getByRole("list", { name: "Coin history" });
      await expect(history.getByText("Welcome bonus")).toBeVisible();
      await expect(history.getByText("+20")).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_coins");
    });

    test("the purchase dialog is a drawer on a phone and 600px on a desktop; a guest buying goes to /auth/login", async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/user/coins`);
      const refetched = page.waitForResponse((r) => r.url().includes("/api/v1/price.list") && r.ok());
      const dialog = await openDialogOn(page, /Explorer 300 coins/);
      await expect(dialog.getByRole("radio", { checked: true })).toContainText("300");
      // Opening refetches the price list; the server's seed and the refetch both show the package art
      // from the site's own origin, so the pictures never switch address.
      await refetched;
      const art = () => dialog.locator("[role=radio] img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
      await expect.poll(async () => (await art()).length).toBeGreaterThan(0);
      expect((await art()).every((src) => /^\/api\/v1\/art\/package\/[a-z0-9-]+\.webp$/.test(src))).toBe(true);
      const viewport = page.viewportSize()!;
      // The dialog covers the page (its backdrop); its panel is what slides in and is measured,
      // once it has settled, not mid-animation.
      const panel = dialog.getByTestId("dialog-panel");
      const settled = async () => {
        const b = await panel.boundingBox();
        return b ? { width: Math.round(b.width), bottom: Math.round(b.y + b.height) } : null;
      };
      if (testInfo.project.name === "phone") {
        await expect(panel).toHaveAttribute("data-variant", "drawer");
        await expect.poll(settled).toEqual({ width: viewport.width, bottom: viewport.height });
      } else {
        await expect(panel).toHaveAttribute("data-variant", "modal");
        await expect.poll(async () => (await settled())?.width).toBe(600);
      }
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_coins-purchase-dialog");

      await dialog.getByRole("button", { name: "Purchase Now" }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/auth/login?next=%2Fuser%2Fcoins`);
      // A client navigation commits the page before its streamed metadata: wait for the new title
      // (axe fails a document without one).
      await expect(page).toHaveTitle(`Sign in - ${brand.name}`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByLabel("E-mail")).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "auth_login");
    });

    test("the dialog is modal: focus moves in and stays, the page behind is inert and does not scroll, Escape closes and focus returns", async ({ page }) => {
      await page.goto(`${brand.baseURL}/user/coins`);
      const opener = page.getByRole("button", { name: /Explorer 300 coins/ });
      const dialog = await openDialogOn(page, /Explorer 300 coins/);
      const focusInDialog = () => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null);
      await expect.poll(focusInDialog).toBe(true);
      // The page behind: inert and hidden from screen readers, its scroll locked.
      await expect.poll(() => page.evaluate(() => document.querySelector("main")?.closest("[inert]")?.getAttribute("aria-hidden"))).toBe("true");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
      // Tab and Shift+Tab go round inside the dialog.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
        expect(await focusInDialog()).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
      expect(await page.evaluate(() => document.querySelector("main")?.closest("[inert]") ?? null)).toBeNull();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
      // A second opening is modal again.
      await openDialogOn(page, /Explorer 300 coins/);
      await expect.poll(() => page.evaluate(() => document.querySelector("main")?.closest("[inert]") !== null)).toBe(true);
    });

    test("a swipe down the drawer's title bar closes it on a phone (a short one springs back); the desktop modal stays put", async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/user/coins`);
      const dialog = await openDialogOn(page, /Explorer 300 coins/);
      const panel = dialog.getByTestId("dialog-panel");
      const box = async () => (await panel.boundingBox())!;
      const viewport = page.viewportSize()!;
      const top = async () => Math.round((await box()).y);
      // Where to press: the title, measured once the entrance animation (a slide up on the phone,
      // a zoom on the desktop) has settled; mid-animation it would be a point on the package grid.
      const settled = () => panel.evaluate((el) => el.getAnimations().length === 0);
      const grabPoint = async () => {
        const title = (await dialog.getByRole("heading", { name: "Purchase" }).boundingBox())!;
        return { x: Math.round(title.x + 10), y0: Math.round(title.y + title.height / 2) };
      };

      if (testInfo.project.name !== "phone") {
        // The modal has no sheet gesture: a mouse drag down its title neither moves nor closes it.
        await expect.poll(async () => Math.round((await box()).width)).toBe(600);
        await expect.poll(settled).toBe(true);
        const { x, y0 } = await grabPoint();
        const openTop = await top();
        await page.mouse.move(x, y0);
        await page.mouse.down();
        await page.mouse.move(x, y0 + 300, { steps: 10 });
        expect(await top()).toBe(openTop);
        await page.mouse.up();
        await expect(dialog).toBeVisible();
        expect(await top()).toBe(openTop);
        return;
      }

      await expect.poll(async () => Math.round((await box()).y + (await box()).height)).toBe(viewport.height);
      await expect.poll(settled).toBe(true);
      const { x, y0 } = await grabPoint();
      const openTop = await top();
      // Real touches (the phone project has touch), on the title bar: the sheet owns the gesture.
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: "touchStart" | "touchMove", y: number) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: [{ x, y }] });
      const release = () => cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      const drag = async (distance: number, steps: number) => {
        await touch("touchStart", y0);
        for (let i = 1; i <= steps; i++) {
          await touch("touchMove", y0 + Math.round((distance * i) / steps));
          await page.waitForTimeout(16);
        }
      };
      // Mid-drag the sheet sits lower by the distance moved.
      await drag(60, 6);
      await expect.poll(top).toBe(openTop + 60);
      await page.waitForTimeout(300); // a held finger, not a flick
      await release();
      // 60 px of a ~500 px sheet, slowly: it slides back up and stays open.
      await expect.poll(top).toBe(openTop);
      await expect(dialog).toBeVisible();
      // Past a quarter of its height: closed, and focus is back on the package that opened it.
      await drag(Math.round((viewport.height - openTop) * 0.4), 8);
      await release();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Explorer 300 coins/ })).toBeFocused();
    });

    test("a signed-in purchase goes through the provider's checkout and the return page confirms the coins", anyViewport, async ({ page }, testInfo) => {
      await signIn(page, brand, freshEmail(`${brand.id}-buy`), "/user/coins");
      const before = await chipCoins(page);
      const dialog = await openDialogOn(page, /Starter 100 coins/);
      await dialog.getByRole("button", { name: "Purchase Now" }).click();
      // The API's sandbox checkout stands in for Stripe / Onlypay: a page on another origin.
      await page.waitForURL((url) => !url.href.startsWith(brand.baseURL));
      await page.getByRole("button", { name: /^Pay \$1\.99$/ }).click();
      await page.waitForURL(new RegExp(`^${brand.baseURL}/recharge-success\\?`));
      expect(new URL(page.url()).searchParams.get("provider")).toBe(brand.id === "storyloom" ? "stripe" : "onlypay");
      await expect(page).toHaveTitle(`Payment Successful - ${brand.name}`);
      await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => chipCoins(page)).toBe(before + 100);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "recharge-success-paid");
    });

    test("the payment return page never claims an unconfirmed payment", anyViewport, async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/recharge-success?token=abc&provider=stripe&session_id=cs_test_unknown`);
      await expect(page).toHaveTitle(`Payment Successful - ${brand.name}`);
      await expect(page.getByRole("heading", { name: "We couldn't confirm this payment yet" })).toBeVisible();
      await expect(page.getByText("cs_test_unknown")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: brand.supportEmail })).toBeVisible();
      await expect(page.getByText("Payment confirmed")).toHaveCount(0);
      // The token is taken off the address bar.
      await expect(page).not.toHaveURL(/token=/);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "recharge-success");
    });
  });
}
