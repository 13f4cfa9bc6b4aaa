// The console's orders against the real API and its Stripe sandbox: a player buys coins in the
// sandbox, staff find the order in the console, refund part of it (Stripe API → signed
// charge.refunded → the webhook takes the coins back), and the reversal shows on the order page and
// in the player's balance; the reconciliation screen runs. axe checks every screen. Desktop only.
import { expect, test } from "../support/test";
import { consoleSignIn, expectConsoleAccessible } from "../support/console";
import { brandSites } from "../support/brands";
import { buyCoinsInSandbox, CONSOLE_ORDERS_STAFF_EMAILS, playerCoins } from "../support/staff";
import { freshEmail } from "./account-flows";

test.skip(({ isMobile }) => isMobile, "the console is checked on the desktop viewport");

test.describe("console: orders", () => {
  test("refund a sandbox Stripe order: Stripe's webhook takes the coins back once and the order shows it", async ({ page }) => {
    const site = brandSites[0]!.baseURL;
    const { token, orderId } = await buyCoinsInSandbox(freshEmail("console-refund"), site);
    const before = await playerCoins(token);

    await consoleSignIn(page, CONSOLE_ORDERS_STAFF_EMAILS[0], "/orders?status=paid&provider=stripe");
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    const link = page.getByRole("table", { name: "Orders" }).getByRole("link", { name: orderId });
    await expect(link).toBeVisible();
    await expectConsoleAccessible(page);

    await link.click();
    await expect(page.getByRole("heading", { name: `Order ${orderId}` })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("paid");
    await expect(page.getByRole("table", { name: "Provider events" })).toContainText("checkout.session.completed");
    await expectConsoleAccessible(page);

    await page.getByRole("button", { name: "Refund…" }).click();
    const dialog = page.getByRole("dialog", { name: `Refund order ${orderId}?` });
    await dialog.getByLabel("Amount (US dollars)").fill("5.00");
    await dialog.getByLabel("Reason").fill("The player was charged twice");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("At most $4.99 can be refunded.");
    await dialog.getByLabel("Amount (US dollars)").fill("2.00");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByText(/Refunded \$2\.00 at Stripe/)).toBeVisible();

    // floor(300 × 200 / 499) = 120 coins came back through charge.refunded, once.
    await expect(page.getByTestId("order-money")).toHaveText("$4.99 · refunded $2.00");
    await expect(page.getByRole("table", { name: "Provider events" })).toContainText("charge.refunded");
    await expect(page.getByRole("table", { name: "Ledger rows of this order" })).toContainText("refund");
    await expect.poll(() => playerCoins(token)).toBe(before - 120);
    await expectConsoleAccessible(page);
  });

  test("the reconciliation screen runs and lists what disagrees (or that nothing does)", async ({ page }) => {
    await consoleSignIn(page, CONSOLE_ORDERS_STAFF_EMAILS[1], "/orders");
    await page.getByRole("link", { name: "Reconciliation" }).click();
    await expect(page.getByRole("heading", { name: "Reconciliation", level: 1 })).toBeVisible();
    await expectConsoleAccessible(page);
    await page.getByLabel("Days back").selectOption("1");
    await expect(page).toHaveURL(/days=1/);
    await page.getByRole("button", { name: "Run reconciliation" }).click();
    await expect(page.getByText(/difference\(s\) found/)).toBeVisible();
    await expect(page.getByText(/Orders since/)).toBeVisible();
    await expectConsoleAccessible(page);
  });
});
