// The script editor as a code editor, on both brands: CodeMirror with the ink mode, typing, the
// compiler's problem line as a diagnostic, "Go to knot" (the picker and its shortcut), leaving
// the editor with Escape then Tab, and a coverage run in a worker that marks an unreachable knot.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport, expectAccessible, settled } from "../support/checks";
import { freshEmail, signIn } from "./account-flows";

// `attic` is written but nothing diverts to it; line 8 diverts to a knot that does not exist.
const BROKEN = `-> hall
=== hall ===
A cold hall. # speaker: Wren
* [Search the desk] -> desk
* [Leave] -> outside
=== desk ===
A key glints in the drawer.
-> nowhere
=== outside ===
Night air.
-> END
=== attic ===
Nobody comes here.
-> END
`;

for (const brand of brandSites) {
  test.describe(`${brand.name} ink editor`, anyViewport, () => {
    test("type ink → a problem line is a diagnostic → go to a knot → coverage marks the unreachable knot", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, brand, freshEmail("ink-editor"), "/user/stories");
      await page.getByRole("button", { name: "Write a new story" }).click();
      await expect(page).toHaveURL(/\/user\/stories\/\d+$/);
      const editor = page.getByRole("form", { name: "Story editor" });

      // The code editor replaces the plain field once its chunk has loaded; it keeps the label.
      const script = editor.getByRole("textbox", { name: "Ink script" });
      await expect(editor.locator('[data-editor="codemirror"] [role="textbox"]')).toBeVisible();
      await expect(script).toHaveAttribute("contenteditable", "true");
      await script.fill(BROKEN);

      // The broken divert: marked in the gutter at its line, underlined as a diagnostic, listed.
      await expect(editor.locator('[data-line="8"][data-problem="true"]')).toBeVisible();
      await expect(editor.locator('[data-problem="true"]')).toHaveCount(1);
      await expect(editor.locator(".cm-line").filter({ hasText: "-> nowhere" }).locator(".cm-lintRange-error")).toBeVisible();
      await expect(editor.getByRole("list", { name: "Script problems" })).toContainText("Line 8");
      await expect(script).toHaveAttribute("aria-invalid", "true");

      // Typing: fix the divert by hand, as an author would, with the keyboard.
      await editor.locator(".cm-line").filter({ hasText: "-> nowhere" }).click();
      await page.keyboard.press("End");
      for (let i = 0; i < "nowhere".length; i++) await page.keyboard.press("Backspace");
      await page.keyboard.type("outside");
      await expect(editor.getByText("The script compiles.")).toBeVisible();
      await expect(editor.locator('[data-problem="true"]')).toHaveCount(0);
      await expect(script).not.toHaveAttribute("aria-invalid", "true");
      // ink is highlighted: a knot header is a heading, a divert an arrow, a tag a tag.
      await expect(editor.locator(".cm-line").filter({ hasText: "=== attic ===" }).locator("span.font-semibold")).toHaveText("=== attic ===");

      // Go to knot, with the picker; the editor lands on the knot's line.
      await editor.getByLabel("Go to knot").selectOption({ label: "attic · line 12" });
      await expect(script).toBeFocused();
      await expect(editor.locator(".cm-activeLine")).toHaveText("=== attic ===");
      // The shortcut reaches the picker from the editor, and Escape then Tab leaves the editor.
      await page.keyboard.press("ControlOrMeta+Shift+O");
      await expect(editor.getByLabel("Go to knot")).toBeFocused();
      await editor.getByLabel("Go to knot").selectOption({ label: "desk · line 6" });
      await expect(editor.locator(".cm-activeLine")).toHaveText("=== desk ===");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Tab");
      await expect(script).not.toBeFocused();

      // Coverage: a worker walks every branch; attic is never reached, the others are.
      const coverage = page.getByRole("region", { name: "Coverage" });
      await coverage.getByRole("button", { name: "Run coverage" }).click();
      await expect(coverage.getByRole("status")).toHaveText("Coverage is up to date.", { timeout: 30_000 });
      const knots = coverage.getByRole("list", { name: "Knot coverage" });
      await expect(knots.getByRole("listitem").filter({ hasText: "attic" })).toContainText("Not reached");
      for (const knot of ["hall", "desk", "outside"]) await expect(knots.getByRole("listitem").filter({ hasText: new RegExp(`^${knot}`) })).toContainText("Reached");
      await expect(coverage.getByTestId("coverage-summary")).toContainText("3 of 4 knots reached");
      await expect(coverage.getByRole("list", { name: "Ending coverage" })).toContainText(/outside\s*200 of 200 plays \(100%\)/);
      // A knot in the list takes the editor to it.
      await knots.getByRole("button", { name: /attic/ }).click();
      await expect(editor.locator(".cm-activeLine")).toHaveText("=== attic ===");

      // Coverage follows edits: divert to attic and it is reached.
      await page.keyboard.press("End");
      await page.keyboard.press("ControlOrMeta+Home");
      await page.keyboard.type("Up the stairs first. -> attic\n");
      // attic now ends the story: the rest is unreachable, and coverage says so.
      await expect(knots.getByRole("listitem").filter({ hasText: "attic" })).toContainText("Reached", { timeout: 30_000 });
      await expect(knots.getByRole("listitem").filter({ hasText: /^hall/ })).toContainText("Not reached");

      await settled(page);
      await expectAccessible(page);
    });
  });
}
