// The story editor's co-writer with a language model (the local model peer, see
// playwright.ai.config.ts): an author asks for the knot the script diverts to but lacks, sees the
// suggestion as text, rejects one, accepts the next, and the script then compiles with it.
import { expect, test } from "../support/test";
import { modelPeerUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { expectAccessible, settled } from "../support/checks";
import { LAMP_ROOM_OPENING } from "../support/lamp-room";
import { scriptText } from "../support/script-editor";
import { freshEmail, signIn } from "../specs/account-flows";

// `cellar` is diverted to but not written yet: the script does not compile until it is.
const SCRIPT = LAMP_ROOM_OPENING;
const CELLAR = `=== cellar ===
Cold stone and the sound of water.
"Mind the third step." # speaker: Wren
-> END`;

/** Queues the peer's next answers (one test runs at a time). */
async function peerScript(...behaviours: Record<string, unknown>[]): Promise<void> {
  const res = await fetch(`${modelPeerUrl.replace(/\/v1$/, "")}/_peer/script`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ behaviours }) });
  expect(res.ok).toBe(true);
}

for (const brand of brandSites) {
  test(`${brand.name}: the co-writer suggests the missing knot; rejected, then accepted into the script`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, brand, freshEmail("cowriter"), "/user/stories");
    await page.getByRole("button", { name: "Write a new story" }).click();
    await expect(page).toHaveURL(/\/user\/stories\/\d+$/);
    const editor = page.getByRole("form", { name: "Story editor" });
    await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`Lamp Room ${Date.now().toString(36)}`);
    await editor.getByRole("button", { name: "Add a character" }).click();
    await editor.getByRole("textbox", { name: "Character 1 name" }).fill("Wren");
    const script = editor.getByRole("textbox", { name: "Ink script" });
    await expect(editor.locator('[data-editor="codemirror"] [role="textbox"]')).toBeVisible();
    await script.fill(SCRIPT);
    await expect(editor.getByRole("list", { name: "Script problems" })).toContainText("cellar");

    // The first suggestion is rejected: nothing changes. A <b> in it is shown as the text it is.
    await peerScript({ content: "=== cellar ===\nA <b>bold</b> draft.\n-> END", reasoning: null, tokenDelayMs: 0 }, { content: CELLAR, reasoning: null, tokenDelayMs: 0 });
    await editor.getByRole("button", { name: "Co-write the next knot" }).click();
    const suggestion = editor.getByRole("region", { name: "Suggestion" });
    await expect(suggestion.getByTestId("cowrite-suggestion")).toHaveText("=== cellar ===\nA <b>bold</b> draft.\n-> END");
    await expect(suggestion.locator("b")).toHaveCount(0);
    await expect(suggestion).toContainText("Suggested knot: cellar");
    await settled(page);
    await expectAccessible(page);
    await suggestion.getByRole("button", { name: "Reject" }).click();
    await expect(suggestion).toHaveCount(0);
    await expect.poll(() => scriptText(editor)).toBe(SCRIPT);

    // The second is accepted: it lands at the end of the script, which now compiles and walks.
    await editor.getByRole("button", { name: "Co-write the next knot" }).click();
    await expect(suggestion.getByTestId("cowrite-suggestion")).toHaveText(CELLAR);
    await suggestion.getByRole("button", { name: "Add to the script" }).click();
    await expect.poll(() => scriptText(editor)).toBe(`${SCRIPT.trimEnd()}\n\n${CELLAR}\n`);
    await expect(editor.getByText("The script compiles.")).toBeVisible();
    await expect(page.getByTestId("endings-count")).toHaveText("2");
    await expect(editor.getByText("Unsaved changes")).toBeVisible();
  });
}
