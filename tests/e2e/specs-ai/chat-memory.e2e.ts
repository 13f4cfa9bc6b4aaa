// A chat's memory with a language model (the local model peer, see playwright.ai.config.ts): on a
// desktop the chat keeps its phone-width column and the memory panel sits beside it; on a phone the
// same panel is a sheet opened from the chat's header. A fact the player pins there reaches the next
// reply's prompt: "Why this reply?" shows it among the prompt's parts.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { animationsDone, expectAccessible, settled } from "../support/checks";
import { ACTOR, STORY, peerDefaults, resetPeer } from "../support/chat-peer";

const FACT = "Juno owes me a favour";

test.afterEach(resetPeer);

for (const brand of brandSites) {
  test(`${brand.name}: a pinned fact reaches the next reply's prompt; the memory panel sits beside the chat on a desktop`, async ({ page }, testInfo) => {
    await peerDefaults({ tokenDelayMs: 0 });
    const desktop = testInfo.project.name === "desktop";
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    const box = page.getByRole("textbox", { name: "Your message" });
    await expect(box).toBeEnabled();

    let panel;
    const side = page.getByRole("complementary", { name: "Memory" });
    if (desktop) {
      // The column keeps its phone width; the panel takes the rest of the row, beside it.
      await expect(side).toBeVisible();
      const column = (await page.getByTestId("chat-log").boundingBox())!;
      const beside = (await side.boundingBox())!;
      expect(column.width).toBeLessThanOrEqual(480);
      expect(beside.x).toBeGreaterThanOrEqual(column.x + column.width - 1);
      expect(beside.width).toBeGreaterThan(300);
      await expect(page.getByRole("button", { name: "Memory", exact: true })).toBeHidden();
      panel = side;
    } else {
      // A phone keeps the column as it was: the panel is a sheet, opened from the header.
      await expect(side).toBeHidden();
      await page.getByRole("button", { name: "Memory", exact: true }).click();
      panel = page.getByRole("dialog", { name: "Memory" });
      await expect(panel).toBeVisible();
    }
    await expect(panel.getByText("No pinned facts yet.")).toBeVisible();
    // An empty fact is refused at its field; a real one is pinned.
    await panel.getByRole("button", { name: "Pin" }).click();
    await expect(panel.getByText("The fact must not be empty.")).toBeVisible();
    await panel.getByRole("textbox", { name: "A fact to pin" }).fill(FACT);
    await panel.getByRole("button", { name: "Pin" }).click();
    await expect(panel.getByTestId("memory-pins").getByText(FACT, { exact: true })).toBeVisible();
    await expect(panel.getByRole("textbox", { name: "A fact to pin" })).toHaveValue("");
    await settled(page);
    await animationsDone(page);
    await expectAccessible(page);
    if (!desktop) {
      await page.keyboard.press("Escape");
      await expect(panel).toHaveCount(0);
    }

    await box.fill("What do you owe me?");
    await box.press("Enter");
    await expect(page.getByRole("button", { name: "Stop the reply" })).toHaveCount(0, { timeout: 20_000 });
    await expect(box).toBeEnabled();
    await page.getByTestId("chat-log").locator('[data-role="actor"]').last().getByRole("button", { name: "Why this reply?" }).click();
    const dialog = page.getByRole("dialog", { name: "Why this reply?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Pinned facts/).first()).toBeVisible();
    await expect(dialog.getByText(`- ${FACT}`, { exact: false })).toBeVisible();
    await settled(page);
    await animationsDone(page);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
}
