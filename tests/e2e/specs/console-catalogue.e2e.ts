// The console's Catalogue features a story against the real API (#44): staff feature a live story
// with a reason, the row shows its place and the "featured" filter finds it, the players' popular
// list starts with it (marked featured), and unfeaturing puts it back. axe checks the screen and the
// dialog. Desktop only: the console is a staff tool.
import { expect, test } from "../support/test";
import { consoleSignIn, expectConsoleAccessible } from "../support/console";
import { apiUrl } from "../support/env";
import { settled } from "../support/checks";
import { CONSOLE_STAFF_EMAILS, publishApprovedStory } from "../support/staff";
import { freshEmail } from "./account-flows";

test.skip(({ isMobile }) => isMobile, "the console is checked on the desktop viewport");

/** The first page of the players' popular list: each story's id and whether it is featured. */
async function popularFirstPage(): Promise<{ id: string; featured: boolean }[]> {
  const res = await fetch(`${apiUrl}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sort: "popular", limit: 20 }) });
  return ((await res.json()) as { data: { stories: { id: string; featured: boolean }[] } }).data.stories;
}

test.describe("console catalogue: featured stories", () => {
  test("staff feature a story with a reason, the popular list starts with it, and unfeature it", async ({ page }) => {
    const title = `Console Feature ${Date.now().toString(36)}`;
    const storyId = await publishApprovedStory(freshEmail("featured-author"), title, "general");
    expect((await popularFirstPage()).find((s) => s.id === storyId)).toBeUndefined();

    await consoleSignIn(page, CONSOLE_STAFF_EMAILS[6]!, `/catalogue?q=${encodeURIComponent(storyId)}`);
    await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();
    const row = page.getByRole("table", { name: "Stories" }).getByRole("row").filter({ hasText: storyId });
    await expect(row).toContainText("not featured");
    await expect(page.getByText(/of at most 12 stories featured/)).toBeVisible();
    await settled(page);
    await expectConsoleAccessible(page);

    await row.getByRole("button", { name: `Feature ${title}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Feature “${title}”` });
    await expect(dialog.getByLabel("Place (1 is first)")).toBeVisible();
    await dialog.getByLabel("Place (1 is first)").selectOption("1");
    await expectConsoleAccessible(page);
    await dialog.getByRole("button", { name: "Feature", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("at least 3 characters");
    await dialog.getByLabel("Reason").fill("An e2e check of featuring.");
    await dialog.getByRole("button", { name: "Feature", exact: true }).click();
    await expect(page.getByText(`“${title}” is featured at place 1.`)).toBeVisible();
    await expect(row).toContainText("Featured #1");
    expect((await popularFirstPage())[0]).toEqual(expect.objectContaining({ id: storyId, featured: true }));

    // The "featured" filter lives in the URL and lists it.
    await page.getByLabel("Featured", { exact: true }).selectOption("yes");
    await expect(page).toHaveURL(/featured=yes/);
    await expect(row).toContainText("Featured #1");
    await expect(row.getByRole("button", { name: `Feature ${title}`, exact: true })).toHaveCount(0);

    await row.getByRole("button", { name: `Unfeature ${title}` }).click();
    const off = page.getByRole("dialog", { name: `Unfeature “${title}”` });
    await off.getByLabel("Reason").fill("An e2e check of unfeaturing.");
    await off.getByRole("button", { name: "Unfeature", exact: true }).click();
    await expect(page.getByText(`Unfeature: “${title}” done.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await popularFirstPage()).find((s) => s.id === storyId)).toBeUndefined();
    await page.getByLabel("Featured", { exact: true }).selectOption("no");
    await expect(row).toContainText("not featured");
    await expectConsoleAccessible(page);
  });
});
