// Trust and safety on both brands, against the real API run with STORY_REVIEW=manual: a published
// story waits "In review" until staff approve it (through the API, as the staff address of
// ADMIN_EMAILS), players report a chat message and a story, and a mature story is closed to guests
// (who are told why) and opens for a signed-in player once they confirm their age in settings. A
// reporter whose report staff acted on finds a notice; a player downloads their data and deletes
// their account from settings.
import { expect, test, type Page } from "../support/test";
import { apiUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { animationsDone, anyViewport, expectAccessible, saveShot, settled } from "../support/checks";
import { readFile } from "node:fs/promises";
import { approveAsStaff, LAMP_ROOM_SCRIPT, publishApprovedStory, readDeletionCode, rejectAsStaff, resolveReportAsStaff } from "../support/staff";
import { freshEmail, signIn } from "./account-flows";

async function popularStory(): Promise<{ id: string; title: string; actors: { id: string }[] }> {
  const res = await fetch(`${apiUrl}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sort: "popular", limit: 1 }) });
  return ((await res.json()) as { data: { stories: { id: string; title: string; actors: { id: string }[] }[] } }).data.stories[0]!;
}

/** Fills the report dialog that is open, sends it and checks the confirmation. */
async function sendReport(page: Page, name: RegExp, reason: string, details = "") {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose a reason.");
  await dialog.getByRole("radio", { name: reason }).check();
  if (details) await dialog.getByRole("textbox", { name: "Details (optional)" }).fill(details);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText(/thank/i);
  await dialog.getByRole("button", { name: "Done", exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

for (const brand of brandSites) {
  test.describe(`${brand.name} trust and safety`, anyViewport, () => {
    test("publish → In review in My stories → rejected with a reason → resubmitted → approved by staff → in the catalogue", async ({ page, browser }, testInfo) => {
      test.setTimeout(180_000);
      const title = `Review Room ${Date.now().toString(36)}`;
      await signIn(page, brand, freshEmail("review"), "/user/stories");
      await page.getByRole("button", { name: "Write a new story" }).click();
      await expect(page).toHaveURL(/\/user\/stories\/\d+$/);
      const editor = page.getByRole("form", { name: "Story editor" });
      await editor.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await editor.getByRole("textbox", { name: "Hook" }).fill("Staff read it before you do.");
      await editor.getByRole("combobox", { name: "Category" }).selectOption({ label: "Mystery" });
      await expect(editor.getByRole("radio", { name: /^General/ })).toBeChecked();
      await editor.getByRole("button", { name: "Add a character" }).click();
      await editor.getByRole("textbox", { name: "Character 1 name" }).fill("Wren");
      await editor.getByRole("textbox", { name: "Persona" }).fill("The keeper's daughter.");
      await editor.getByRole("textbox", { name: "Greeting" }).fill("You found the door.");
      await editor.getByRole("textbox", { name: "Ink script" }).fill(LAMP_ROOM_SCRIPT);
      await expect(editor.getByText("The script compiles.")).toBeVisible();
      await editor.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(editor.getByRole("status").filter({ hasText: /^Submitted for review/ })).toBeVisible();
      await expect(editor.getByText("In review", { exact: true })).toBeVisible();

      await page.goto(`${brand.baseURL}/user/stories`);
      const row = page.getByTestId("my-story").filter({ hasText: title });
      await expect(row).toContainText("In review");
      await expect(row.getByRole("link", { name: `View ${title}` })).toHaveCount(0);
      await expectAccessible(page);

      // Rejected: the author reads why, fixes it and sends it again.
      await rejectAsStaff(title, "The hook gives the ending away.");
      await page.reload();
      await expect(row.getByText("Rejected", { exact: true })).toBeVisible();
      await expect(row).toContainText("Reason: The hook gives the ending away.");
      await saveShot(page, testInfo, brand, "user_stories-rejected");
      await row.getByRole("link", { name: `Edit and resubmit ${title}` }).click();
      await editor.getByRole("textbox", { name: "Hook" }).fill("Staff read it before you do, and so will you.");
      await editor.getByRole("button", { name: "Resubmit for review" }).click();
      await expect(editor.getByRole("status").filter({ hasText: /^Submitted for review/ })).toBeVisible();
      await page.goto(`${brand.baseURL}/user/stories`);
      await expect(row).toContainText("In review");

      const storyId = await approveAsStaff(title);
      await page.reload();
      await expect(row.getByText("Live", { exact: true })).toBeVisible();
      await expect(row.getByRole("link", { name: `View ${title}` })).toHaveAttribute("href", `/story/${storyId}`);

      // Another visitor finds it in the catalogue (the site's server reads keep a list up to 30 s).
      const reader = await browser.newContext();
      const other = await reader.newPage();
      await other.goto(`${brand.baseURL}/?category=mystery&sort=new`);
      const card = other.getByRole("article").filter({ has: other.getByRole("link", { name: title }) });
      await expect(async () => {
        await other.reload();
        await expect(card).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000, intervals: [1_000, 3_000, 5_000] });
      await reader.close();
    });

    test("a guest can't open a mature story and is told why; a signed-in player confirms their age and then can", async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const title = `Mature Room ${Date.now().toString(36)}`;
      const id = await publishApprovedStory(freshEmail("mature-author"), title, "mature");

      await page.goto(`${brand.baseURL}/story/${id}`);
      await expect(page.getByRole("heading", { name: "This story is for adults" })).toBeVisible();
      await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
      await expect(page.getByTestId("age-gate").getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "story-age-gate");
      await page.goto(`${brand.baseURL}/chat/${id}`);
      await expect(page.getByRole("heading", { name: "This story is for adults" })).toBeVisible();
      await expect(page.getByTestId("chat-room")).toHaveCount(0);

      // Signed in but not yet confirmed: pointed to settings, which lead back to the story.
      await signIn(page, brand, freshEmail("adult"), `/story/${id}`);
      await page.getByRole("link", { name: "Confirm your age in settings" }).click();
      await expect(page).toHaveURL(/\/user\/settings\?next=/);
      const save = page.getByRole("button", { name: "Save confirmation" });
      await expect(save).toBeDisabled();
      await page.getByRole("checkbox", { name: "I confirm I am 18 or older" }).check();
      await save.click();
      await expect(page.getByTestId("age-confirmed")).toContainText("You confirmed you are 18 or older on");
      await page.getByRole("link", { name: "Back to the story" }).click();

      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByText("Mature, 18+")).toBeVisible();
      await saveShot(page, testInfo, brand, "story-mature");
      await page.getByRole("link", { name: "Play", exact: true }).click();
      await expect(page.getByTestId("chat-log")).toContainText("You found the door. Most people walk past it.");
    });


    test("staff act on a reported message: it is removed, and the reporter gets a notice with an unread count", async ({ page }, testInfo) => {
      const marker = `e2e-notice-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
      const story = await popularStory();
      const chat = `${brand.baseURL}/chat/${story.id}/${story.actors[0]!.id}`;
      await page.goto(chat);
      const report = page.getByTestId("chat-log").getByRole("button", { name: "Report this message" }).first();
      await expect(report).toBeVisible({ timeout: 20_000 });
      await report.click();
      await sendReport(page, /^Report this message$/, "Hate or harassment", marker);

      await resolveReportAsStaff(marker, "delete_message");
      await page.goto(`${brand.baseURL}/user/profile`);
      const notices = page.getByRole("link", { name: /^Notices/ });
      await expect(notices).toHaveAccessibleName("Notices, 1 unread");
      await notices.click();
      const notice = page.getByTestId("notice").first();
      await expect(notice).toContainText("We acted on your report of a chat message.");
      await expect(notice.getByText("New")).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_notices");
      await page.goto(`${brand.baseURL}/user/profile`);
      await expect(page.getByRole("link", { name: "Notices", exact: true })).toBeVisible();

      await page.goto(chat);
      await expect(page.getByTestId("removed-message")).toHaveText("Staff removed this message after a report.");
    });

    test("a signed-in player downloads their data and deletes their account with a mailed code", async ({ page }, testInfo) => {
      const email = freshEmail("privacy");
      await signIn(page, brand, email, "/user/settings");
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download my data" }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^${brand.name.toLowerCase()}-data-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const data = JSON.parse(await readFile((await file.path())!, "utf8")) as Record<string, unknown>;
      expect(JSON.stringify(data)).toContain(email);
      await expect(page.getByRole("status").filter({ hasText: "Your file is downloading." })).toBeVisible();

      await page.getByRole("button", { name: "Delete my account…" }).click();
      await expect(page.getByRole("group", { name: "What deleting your account does" })).toContainText("Within 30 days");
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "user_settings-delete");
      await page.getByRole("button", { name: "Send me a code to confirm" }).click();
      const code = page.getByLabel("6-digit code from the e-mail we sent you");
      await code.fill("000000");
      await page.getByRole("button", { name: "Delete my account for good" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /code/i })).toBeVisible();
      await code.fill(await readDeletionCode(email));
      await page.getByRole("button", { name: "Delete my account for good" }).click();
      await expect(page).toHaveURL(`${brand.baseURL}/`);
      await page.goto(`${brand.baseURL}/user/profile`);
      await expect(page.getByText("Guest · not signed in")).toBeVisible();
      await expect(page.getByText(email)).toHaveCount(0);
    });
  });

  // The report dialog is a drawer on phones and a modal on desktops: both viewports.
  test.describe(`${brand.name} reports`, () => {
    test("a player reports a chat message and a story, and sees the confirmation", async ({ page }, testInfo) => {
      const story = await popularStory();
      await page.goto(`${brand.baseURL}/chat/${story.id}/${story.actors[0]!.id}`);
      // The thread's stored lines (not the shared opening) carry a Report action.
      const report = page.getByTestId("chat-log").getByRole("button", { name: "Report this message" }).first();
      await expect(report).toBeVisible({ timeout: 20_000 });
      await report.click();
      // Escape closes the dialog without sending; focus goes back to the action.
      await expect(page.getByRole("dialog", { name: "Report this message" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(report).toBeFocused();
      await report.click();
      await sendReport(page, /^Report this message$/, "Spam or scam");

      await page.goto(`${brand.baseURL}/story/${story.id}`);
      await page.getByRole("button", { name: "Report this story" }).click();
      // The dialog's code loads on demand: axe checks it once it is open and its fade-in has ended.
      await expect(page.getByRole("dialog", { name: "Report this story" })).toBeVisible();
      await settled(page);
      await animationsDone(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "story-report-dialog");
      await sendReport(page, /^Report this story$/, "Copyright infringement", "An e2e check: this is not a real report.");
    });
  });
}
