// The console's dashboard against the real API: a staff member signs in, opens the dashboard, sees
// today's numbers of the stack's own activity (their own sign-up and a fresh guest's at least) in the
// tables beside the charts, switches range and brand through links that keep the view in the URL, and
// axe finds no violation. Desktop only: the console is a staff tool.
import { expect, test, type Page } from "../support/test";
import { consoleSignIn, expectConsoleAccessible } from "../support/console";
import { apiUrl } from "../support/env";
import { animationsDone, settled } from "../support/checks";
import { CONSOLE_STAFF_EMAILS } from "../support/staff";

test.skip(({ isMobile }) => isMobile, "the console is checked on the desktop viewport");

/** The dashboard spec's staff address (console.e2e.ts signs in with the first four). */
const EMAIL = CONSOLE_STAFF_EMAILS[5]!;

/** Signs a fresh guest up through the API: one more new guest and account today. */
async function newGuest(): Promise<void> {
  const device_id = `e2e-dashboard-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await fetch(`${apiUrl}/api/v1/user-guest.sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ device_id, gender: "unknown" }),
  });
  expect(res.status).toBe(200);
}

/** The number in column `column` of the row named `row` of the table captioned `table`. */
async function cell(page: Page, table: string, row: string, column: number): Promise<number> {
  const text = await page
    .getByRole("table", { name: table })
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("cell")
    .nth(column)
    .innerText();
  return Number(text.replace(/[^0-9.-]/g, ""));
}

test.describe("console dashboard", () => {
  test("shows today's activity in charts with their numbers beside them, the view in the URL", async ({
    page,
  }) => {
    await newGuest();
    await consoleSignIn(page, EMAIL, "/dashboard?range=today&brand=all");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "Today" }),
    ).toHaveAttribute("aria-current", "page");
    const today = new Date().toISOString().slice(0, 10);
    // Columns after the day: new guests, new users, active players, ...
    await expect(page.getByRole("table", { name: "Activity" })).toBeVisible();
    expect(await cell(page, "Activity", today, 0)).toBeGreaterThanOrEqual(1);
    expect(await cell(page, "Activity", today, 1)).toBeGreaterThanOrEqual(1);
    expect(
      await cell(page, "Guest → user → payer (accounts made in the range)", "Accounts made", 0),
    ).toBeGreaterThanOrEqual(2);
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await settled(page);
    await animationsDone(page);
    await expectConsoleAccessible(page);

    await page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "30 days" }).click();
    await expect(page).toHaveURL(/range=30d/);
    await expect(page.getByRole("table", { name: "Activity" }).getByRole("row")).toHaveCount(31);

    await page.getByRole("navigation", { name: "Brand" }).getByRole("link", { name: "PlayShot" }).click();
    await expect(page).toHaveURL(/range=30d&brand=playshot/);
    await expect(
      page.getByRole("navigation", { name: "Brand" }).getByRole("link", { name: "PlayShot" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Model tokens and cost" })).toBeVisible();
    await settled(page);
    await animationsDone(page);
    await expectConsoleAccessible(page);
  });
});
