// The lorebook and the prompt inspector with a language model (the local model peer, see
// playwright.ai.config.ts): an author edits a story's lorebook in the editor (a pattern RE2 cannot
// run is refused at its field); a player asks a seeded story's character about something its
// lorebook knows, and "Why this reply?" shows the entry that fired, the words that fired it and the
// prompt's parts with their tokens.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { expectAccessible, settled } from "../support/checks";
import { peerDefaults, resetPeer } from "../support/chat-peer";
import { freshEmail, signIn } from "../specs/account-flows";

// Seeded with a lorebook (packages/db/src/seed/content/lorebooks.ts).
const STORY = "murder-on-the-night-ferry";
const ACTOR = "inspector-wren";

test.afterEach(resetPeer);

for (const brand of brandSites) {
  test(`${brand.name}: the editor's lorebook refuses a bad pattern, then saves the entry`, async ({ page }) => {
    await signIn(page, brand, freshEmail("lorebook"), "/user/stories");
    await page.getByRole("button", { name: "Write a new story" }).click();
    await expect(page).toHaveURL(/\/user\/stories\/\d+$/);
    const editor = page.getByRole("form", { name: "Story editor" });
    await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`Lore ${Date.now().toString(36)}`);
    const toggle = editor.getByRole("button", { name: /^Lorebook/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(editor.getByText("No entries yet.")).toBeVisible();
    await editor.getByRole("button", { name: "Add an entry" }).click();
    const entry = editor.getByRole("group", { name: /Entry 1/ });
    await entry.getByRole("textbox", { name: "Name" }).fill("The lamp");
    await entry.getByRole("textbox", { name: "Keys" }).fill("lighthouse\n/(?=lamp)/");
    await entry.getByRole("textbox", { name: "Content" }).fill("The lamp has not turned in a year.");
    await entry.getByRole("combobox", { name: "Position" }).selectOption("before_turns");
    await editor.getByRole("button", { name: "Save draft" }).click();
    // RE2 cannot run a lookahead: the server says so at the keys field, and nothing is saved.
    await expect(entry.getByText(/not a pattern RE2 can run/)).toBeVisible();
    await expect(editor.getByText("Unsaved changes")).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await entry.getByRole("textbox", { name: "Keys" }).fill("lighthouse\n/lamp ?room/i");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByText("All changes saved")).toBeVisible();
    await page.reload();
    await page.getByRole("form", { name: "Story editor" }).getByRole("button", { name: /^Lorebook \(1 entry\)/ }).click();
    await expect(page.getByRole("textbox", { name: "Keys" })).toHaveValue("lighthouse\n/lamp ?room/i");
  });

  test(`${brand.name}: "Why this reply?" shows the lore that fired and the prompt's parts`, async ({ page }) => {
    await peerDefaults({ tokenDelayMs: 0 });
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    const box = page.getByRole("textbox", { name: "Your message" });
    await expect(box).toBeEnabled();
    await box.fill("Who booked cabin 7?");
    await box.press("Enter");
    await expect(page.getByRole("button", { name: "Stop the reply" })).toHaveCount(0, { timeout: 20_000 });
    await expect(box).toBeEnabled();
    const why = page.getByTestId("chat-log").locator('[data-role="actor"]').last().getByRole("button", { name: "Why this reply?" });
    await why.click();
    const dialog = page.getByRole("dialog", { name: "Why this reply?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Cabin 7: the recent turns said “cabin 7”/)).toBeVisible();
    await expect(dialog.getByText("H. Lisle", { exact: false }).first()).toBeVisible();
    await expect(dialog.getByText(/^Persona/).first()).toBeVisible();
    await expect(dialog.getByText(/Recent turns/)).toBeVisible();
    await expect(dialog.getByText(/The prompt took [\d,]+ tokens of its budget/)).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
}
