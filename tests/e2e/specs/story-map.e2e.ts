// The story map and play-as-you-write, on both brands: open the map of a draft, click a knot and
// land on its line; play a choice in the preview and see the path on the map; edit a line on the
// path and the preview keeps its place; set a variable to try a branch; see where a path broke.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, settled } from "../support/checks";
import { freshEmail, signIn } from "./account-flows";

// A seeded-style draft: a start, a choice, a variable that opens a branch, two endings, and
// `wreck`, which nothing diverts to.
const HARBOUR = `VAR courage = 0
-> harbour
=== harbour ===
The harbour is quiet.
* [Climb to the lamp] -> lamp
* [Go home] -> home
=== lamp ===
Stone steps.
~ courage = courage + 1
* [Look out to sea] -> sea
* {courage > 1} [Jump] -> home
=== sea ===
Ships, far out.
-> END
=== home ===
You are home.
-> END
=== wreck ===
Nobody comes here.
-> home
`;

for (const brand of brandSites) {
  test.describe(`${brand.name} story map`, anyViewport, () => {
    test("open the map → click a knot, land on its line → play, the path lights up → edit on the path, the preview keeps its place", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, brand, freshEmail("story-map"), "/user/stories");
      await page.getByRole("button", { name: "Write a new story" }).click();
      await expect(page).toHaveURL(/\/user\/stories\/\d+$/);
      const editor = page.getByRole("form", { name: "Story editor" });
      const script = editor.getByRole("textbox", { name: "Ink script" });
      await expect(editor.locator('[data-editor="codemirror"] [role="textbox"]')).toBeVisible();
      await script.fill(HARBOUR);
      await expect(editor.getByText("The script compiles.")).toBeVisible();

      // The map loads when opened; it marks the start, the endings and the unreachable knot.
      await editor.getByRole("button", { name: "Story map" }).click();
      const map = editor.getByRole("group", { name: /^Story map/ });
      await expect(map.getByRole("button", { name: "wreck, unreachable, knot, go to line 18" })).toBeVisible({
        timeout: 30_000,
      });
      await expect(map.getByRole("button", { name: /^Start, the start of the story/ })).toBeVisible();
      await expect(map.getByRole("button", { name: "sea, ending, knot, go to line 12" })).toBeVisible();
      await expect(editor.getByTestId("story-map-summary")).toContainText(
        "5 knots and stitches · 2 with an ending · 0 dead ends · 1 unreachable",
      );

      // A knot takes the editor to its header.
      await map.getByRole("button", { name: /^home, ending, knot/ }).click();
      await expect(script).toBeFocused();
      await expect(editor.locator(".cm-activeLine")).toHaveText("=== home ===");

      // The preview's path shows on the map.
      const preview = page.getByRole("list", { name: "Preview transcript" });
      await page
        .getByRole("group", { name: "Preview choices" })
        .getByRole("button", { name: "Climb to the lamp" })
        .click();
      await expect(map.locator('[data-knot="lamp"]')).toHaveAttribute("aria-current", "step");
      await expect(map.locator('[data-knot="harbour"]')).toHaveAttribute("data-on-path", "true");
      await expect(map.locator('[data-knot="sea"]')).not.toHaveAttribute("data-on-path", "true");

      // Edit a line on the path: the preview replays to where it was, with the new text.
      await editor.locator(".cm-line").filter({ hasText: "Stone steps." }).click();
      await page.keyboard.press("End");
      await page.keyboard.type(" Worn smooth.");
      await expect(preview.getByRole("listitem")).toHaveText([
        "The harbour is quiet.",
        "Climb to the lamp",
        "Stone steps. Worn smooth.",
      ]);
      await expect(page.getByRole("group", { name: "Preview choices" }).getByRole("button")).toHaveText([
        "Look out to sea",
      ]);

      // Set a variable to try a branch: the hidden choice opens.
      await expect(page.getByRole("region", { name: "Visit counts" })).toContainText("lamp ×1");
      const courage = page.getByLabel("courage", { exact: true });
      await expect(courage).toHaveValue("1");
      await courage.fill("5");
      await page.getByRole("button", { name: "Set courage" }).click();
      await expect(page.getByRole("group", { name: "Preview choices" }).getByRole("button")).toHaveText([
        "Look out to sea",
        "Jump",
      ]);

      // Remove the choice the path took: the preview says where the path broke and stops there.
      await editor.locator(".cm-line").filter({ hasText: "* [Climb to the lamp] -> lamp" }).click();
      await page.keyboard.press("End");
      await page.keyboard.press("Shift+Home");
      await page.keyboard.press("Backspace");
      await page.keyboard.press("Backspace");
      await expect(editor.locator(".cm-line").filter({ hasText: "Climb to the lamp" })).toHaveCount(0);
      await expect(page.getByText(/Your path broke at choice 1/)).toContainText("Climb to the lamp");
      await expect(preview.getByRole("listitem")).toHaveText(["The harbour is quiet."]);

      await settled(page);
      await expectAccessible(page);
    });
  });
}
