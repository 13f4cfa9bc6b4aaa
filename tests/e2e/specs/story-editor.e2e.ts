// The story editor of both brands: an author writes a small story, meets a compile error at its
// line, fixes it, plays it in the preview and publishes it; another visitor finds it in the
// catalogue and plays it to an ending. Real API, real ink compiler in the browser and on the server.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, saveShot, settled } from "../support/checks";
import { LAMP_ROOM_OPENING } from "../support/lamp-room";
import { approveAsStaff } from "../support/staff";
import { freshEmail, signIn } from "./account-flows";

// Line 12 opens a brace it never closes.
const BROKEN = `${LAMP_ROOM_OPENING}
== cellar ==
Cold stone {and the sound of water.
-> END
`;
const FIXED = BROKEN.replace("Cold stone {and the sound of water.", "Cold stone and the sound of water.");

for (const brand of brandSites) {
  test.describe(`${brand.name} story editor`, anyViewport, () => {
    test("write → compile error at its line → fix → preview → publish → another visitor finds and finishes it", async ({ page, browser }, testInfo) => {
      test.setTimeout(180_000);
      const title = `Lamp Room ${Date.now().toString(36)}`;
      await signIn(page, brand, freshEmail("editor"), "/user/stories");
      await expect(page).toHaveTitle(`My stories - ${brand.name}`);
      await page.getByRole("button", { name: "Write a new story" }).click();
      await expect(page).toHaveURL(/\/user\/stories\/\d+$/);

      const editor = page.getByRole("form", { name: "Story editor" });
      await editor.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      // This run has no language model: the editor offers no co-writer.
      await expect(editor.getByRole("heading", { name: "Co-writer" })).toHaveCount(0);
      await expect(editor.getByRole("button", { name: /^Co-write/ })).toHaveCount(0);
      await editor.getByRole("textbox", { name: "Hook" }).fill("A keeper's daughter shows you the light, or what lies under it.");
      await editor.getByRole("combobox", { name: "Category" }).selectOption({ label: "Mystery" });
      await editor.getByRole("textbox", { name: "Tags" }).fill("sea, short");
      await editor.getByRole("button", { name: "Add a character" }).click();
      await editor.getByRole("textbox", { name: "Character 1 name" }).fill("Wren");
      await editor.getByRole("textbox", { name: "Persona" }).fill("The keeper's daughter: dry humour, steady hands.");
      await editor.getByRole("textbox", { name: "Greeting" }).fill("You found the door. Most people walk past it.");

      const script = editor.getByRole("textbox", { name: "Ink script" });
      await script.fill(BROKEN);
      // The compile error is marked in the gutter at line 12 and listed with its line.
      await expect(editor.locator('[data-line="12"][data-problem="true"]')).toBeVisible();
      await expect(editor.locator('[data-problem="true"]')).toHaveCount(1);
      await expect(editor.getByRole("list", { name: "Script problems" })).toContainText("Line 12");
      await expect(script).toHaveAttribute("aria-invalid", "true");
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "story-editor-error");

      await script.fill(FIXED);
      await expect(editor.getByText("The script compiles.")).toBeVisible();
      await expect(editor.locator('[data-problem="true"]')).toHaveCount(0);
      await expect(page.getByTestId("endings-count")).toHaveText("2");
      await expect(page.getByTestId("dead-ends-count")).toHaveText("0");

      // The preview plays the script beside the editor.
      const transcript = page.getByRole("list", { name: "Preview transcript" });
      await expect(transcript).toContainText('Wren: "Up to the light, or down to the cellar?"');
      await page.getByRole("group", { name: "Preview choices" }).getByRole("button", { name: "Climb to the lamp" }).click();
      await expect(transcript).toContainText("Stars, everywhere");
      await expect(page.getByRole("status").filter({ hasText: "The End" })).toBeVisible();
      await saveShot(page, testInfo, brand, "story-editor-preview");

      await editor.getByRole("button", { name: "Publish", exact: true }).click();
      // The run reviews stories as production does (STORY_REVIEW=manual): staff approve it through the API.
      await expect(editor.getByRole("status").filter({ hasText: /^Submitted for review/ })).toBeVisible();
      await expect(editor.getByText("All changes saved")).toBeVisible();
      await approveAsStaff(title);

      // A second visitor (a new guest) finds it in the catalogue and plays it to an ending.
      const reader = await browser.newContext();
      const other = await reader.newPage();
      await other.goto(`${brand.baseURL}/?category=mystery&sort=new`);
      const card = other.getByRole("article").filter({ has: other.getByRole("link", { name: title }) });
      // The API shows it at once; the site's server reads keep a category page's list up to 30 s.
      await expect(async () => {
        await other.reload();
        await expect(card).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000, intervals: [1_000, 3_000, 5_000] });
      await expect(card).toContainText(/by \S/);
      await card.getByRole("link", { name: title }).click();
      await other.getByRole("link", { name: "Play", exact: true }).click();
      await expect(other).toHaveURL(/\/chat\//);
      await expect(other.getByTestId("chat-log")).toContainText("You found the door.");
      const choices = other.getByRole("group", { name: "Your choices" }).getByRole("button");
      await choices.filter({ hasText: "Go down to the cellar" }).click();
      await expect(other.getByTestId("chat-log")).toContainText("Cold stone and the sound of water.");
      await expect(other.getByRole("button", { name: "Play again" })).toBeVisible();
      await reader.close();
    });

    test("guests are sent to sign in, and the story page links to a prefilled removal request", async ({ page }) => {
      await page.goto(`${brand.baseURL}/user/stories`);
      await expect(page).toHaveURL(/\/user\/login\?next=%2Fuser%2Fstories$/);
      await page.goto(`${brand.baseURL}/content-removal?story=no-such-story`);
      await expect(page.getByRole("link", { name: `Write to ${brand.supportEmail} about this story` })).toHaveAttribute("href", /subject=Content%20removal%20request/);
      await page.goto(`${brand.baseURL}/content-removal?story=%3Cb%3E`);
      await expect(page.getByRole("heading", { name: "Report a story" })).toHaveCount(0);
    });
  });
}
