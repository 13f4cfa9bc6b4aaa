// Daily tasks of both brands: the check-in calendar and the task list, against the real API.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, expectNoindex, saveShot, settled } from "../support/checks";
import { chipCoins } from "./account-flows";

for (const brand of brandSites) {
  test.describe(`${brand.name} daily tasks`, anyViewport, () => {
    test("checking in adds the day's reward to the balance and can't be claimed twice", async ({ page }, testInfo) => {
      const response = await page.goto(`${brand.baseURL}/daily-tasks`);
      await expectNoindex(page, response);
      await expect(page).toHaveTitle(`Daily Tasks - ${brand.name}`);
      await expect(page.getByRole("list", { name: "Check-in days" }).getByRole("listitem")).toHaveCount(7);
      const claim = page.getByRole("button", { name: /^Check in for \+\d+ coins$/ });
      await expect(claim).toBeVisible();
      const reward = Number((await claim.textContent())?.match(/\+(\d+)/)?.[1]);
      const before = await chipCoins(page);
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "daily-tasks");

      await claim.click();
      await expect(page.getByText(`+${reward} coins for checking in`)).toBeVisible();
      await expect.poll(() => chipCoins(page)).toBe(before + reward);
      await expect(page.getByRole("button", { name: /^Checked in today/ })).toBeDisabled();
      await page.reload();
      await expect(page.getByRole("button", { name: /^Checked in today/ })).toBeDisabled();

      await page.goto(`${brand.baseURL}/user/coins`);
      await expect(page.getByRole("list", { name: "Coin history" }).getByText("Daily check-in")).toBeVisible();
    });

    test("pitching a story completes its task and pays once", async ({ page }, testInfo) => {
      await page.goto(`${brand.baseURL}/daily-tasks`);
      const before = await chipCoins(page);
      const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pitch a story" }) });
      await row.getByRole("button", { name: "Pitch a story" }).click();
      await row.getByLabel("Title").fill("The Clockmaker's Debt");
      await row.getByLabel("Premise").fill("A clockmaker who owes a year of her life to a stranger must win it back in seven days.");
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "daily-tasks-pitch");
      await row.getByRole("button", { name: "Submit idea" }).click();
      await expect(row.getByText(/Story idea saved: \+\d+ coins/)).toBeVisible();
      await expect(row.getByText("Claimed")).toBeVisible();
      await expect.poll(() => chipCoins(page)).toBeGreaterThan(before);
    });

    test("the invite task shows the visitor's code", async ({ page }) => {
      await page.goto(`${brand.baseURL}/daily-tasks`);
      const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Invite a friend" }) });
      await expect(row.locator("code")).toHaveText(/^[A-Za-z0-9_-]{4,}$/);
      await expect(row.getByRole("button", { name: "Waiting for a friend to join" })).toBeDisabled();
    });
  });
}
