// The console's Settings, Staff and Catalogue screens against the real API: a super admin changes a
// sysconfig value and finds it in the API's sysconfig.list, sees the staff list, and hides a story in
// the Catalogue that is then gone from story.list. axe checks every screen. Desktop only.
import { expect, test } from "../support/test";
import { consoleSignIn, expectConsoleAccessible } from "../support/console";
import { apiUrl } from "../support/env";
import { settled } from "../support/checks";
import { CONSOLE_SUPER_EMAILS, publishApprovedStory } from "../support/staff";
import { freshEmail } from "./account-flows";

test.skip(({ isMobile }) => isMobile, "the console is checked on the desktop viewport");

/** The public settings as the API's sysconfig.list answers them. */
async function sysconfig(): Promise<Record<string, unknown>> {
  const res = await fetch(`${apiUrl}/api/v1/sysconfig.list`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** Ids of the newest stories the catalogue lists. */
async function newestStoryIds(): Promise<string[]> {
  const res = await fetch(`${apiUrl}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sort: "new", limit: 50 }) });
  return ((await res.json()) as { data: { stories: { id: string }[] } }).data.stories.map((s) => s.id);
}

test.describe("console settings, staff and catalogue", () => {
  test("a super admin changes a setting and sysconfig.list answers it; the staff list shows them", async ({ page }) => {
    const email = CONSOLE_SUPER_EMAILS[0];
    await consoleSignIn(page, email, "/settings");
    await expect(page.getByTestId("staff-role")).toHaveText("super_admin");
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link", { name: "Staff" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    // The screen says how soon a change is everywhere: the API's answer (60 s in production, shorter here).
    await expect(page.getByTestId("settings-effect")).toContainText(/in sysconfig\.list within \d+ s/);
    const within = Number(/within (\d+) s/.exec((await page.getByTestId("settings-effect").textContent()) ?? "")![1]);
    expect(within).toBeLessThanOrEqual(60);
    const section = page.getByRole("region", { name: "invite_reward" });
    const field = section.getByLabel("Invite reward (coins)");
    await expect(field).toBeVisible();
    await settled(page);
    await expectConsoleAccessible(page);

    const next = Number((await sysconfig()).invite_reward) + 7;
    await field.fill("-3");
    await section.getByRole("button", { name: "Save invite_reward" }).click();
    await expect(section.getByRole("alert")).toContainText("whole number");
    await field.fill(String(next));
    await section.getByRole("button", { name: "Save invite_reward" }).click();
    const dialog = page.getByRole("dialog", { name: "Change invite_reward" });
    await dialog.getByRole("button", { name: "Save setting" }).click();
    await expect(dialog.getByRole("alert")).toContainText("at least 3 characters");
    await dialog.getByLabel("Reason").fill("An e2e check of the settings screen.");
    await dialog.getByRole("button", { name: "Save setting" }).click();
    await expect(page.getByText(`invite_reward saved: in effect everywhere within ${within} s.`)).toBeVisible();
    await expect.poll(async () => (await sysconfig()).invite_reward, { timeout: (within + 5) * 1000 }).toBe(next);
    await expect(page.getByRole("table", { name: "History of invite_reward" }).getByRole("row").filter({ hasText: "An e2e check of the settings screen." })).toBeVisible();
    await expectConsoleAccessible(page);

    await nav.getByRole("link", { name: "Staff" }).click();
    const staff = page.getByRole("table", { name: "Staff members" });
    await expect(staff.getByRole("row").filter({ hasText: email })).toContainText("super_admin");
    await settled(page);
    await expectConsoleAccessible(page);
  });

  test("hiding a story in the Catalogue takes it out of story.list", async ({ page }) => {
    const title = `Console Hide ${Date.now().toString(36)}`;
    const storyId = await publishApprovedStory(freshEmail("catalogue-author"), title, "general");
    expect(await newestStoryIds()).toContain(storyId);

    await consoleSignIn(page, CONSOLE_SUPER_EMAILS[1], `/catalogue?q=${encodeURIComponent(storyId)}`);
    await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Stories" });
    const row = table.getByRole("row").filter({ hasText: storyId });
    await expect(row).toContainText("visible");
    await settled(page);
    await expectConsoleAccessible(page);

    await row.getByRole("button", { name: `Hide ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Hide “${title}”` });
    await dialog.getByLabel("Reason").fill("An e2e check of the catalogue screen.");
    await dialog.getByRole("button", { name: "Hide" }).click();
    await expect(page.getByText(`Hide: “${title}” done.`)).toBeVisible();
    await expect(row).toContainText("hidden");
    expect(await newestStoryIds()).not.toContain(storyId);
    await expect(row.getByRole("button", { name: `Show ${title}` })).toBeVisible();
    await expectConsoleAccessible(page);
  });
});
