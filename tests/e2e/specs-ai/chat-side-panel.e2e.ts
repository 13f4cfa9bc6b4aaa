// The panel beside the chat on a desktop (issue 45): the chat keeps its phone-width column, and the
// character spoken to (portrait, name, persona line) and the scene and its goal (the script's tags
// the model is steered by) sit beside it with the memory and the branches, loaded after the first
// paint without moving the column; a choice moves the scene on. On a phone the same sections open
// in the sheet from the chat's header.
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { animationsDone, expectAccessible, settled } from "../support/checks";
import { ACTOR, STORY, peerDefaults, resetPeer } from "../support/chat-peer";


test.afterEach(resetPeer);

for (const brand of brandSites) {
  test(`${brand.name}: the character and the scene sit beside the chat column on a desktop, in the sheet on a phone`, async ({ page }, testInfo) => {
    await peerDefaults({ tokenDelayMs: 0 });
    const desktop = testInfo.project.name === "desktop";
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    const box = page.getByRole("textbox", { name: "Your message" });
    await expect(box).toBeEnabled();
    const side = page.getByRole("complementary", { name: "Character, scene, memory and branches" });

    if (!desktop) {
      await expect(side).toBeHidden();
      await page.getByRole("button", { name: "Memory", exact: true }).click();
      const sheet = page.getByRole("dialog", { name: "Character, scene and memory" });
      await expect(sheet.getByRole("heading", { name: "Character", level: 3 })).toBeVisible();
      await expect(sheet.getByText("Juno Vex", { exact: true })).toBeVisible();
      await expect(sheet.getByRole("heading", { name: "Scene and goal", level: 3 })).toBeVisible();
      await expect(sheet.getByTestId("chat-side-scene").getByText("noodle-bar", { exact: true })).toBeVisible();
      await expect(sheet.getByRole("heading", { name: "Memory", level: 3 })).toBeVisible();
      await settled(page);
      await animationsDone(page);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(sheet).toHaveCount(0);
      return;
    }

    const log = page.getByTestId("chat-log");
    const before = (await log.boundingBox())!;
    await expect(side).toBeVisible();
    const character = side.getByTestId("chat-side-character");
    await expect(side.getByRole("heading", { name: "Character", level: 2 })).toBeVisible();
    await expect(character.getByText("Juno Vex", { exact: true })).toBeVisible();
    await expect(character.getByText("Fixer who sells everything except her friends")).toBeVisible();
    const scene = side.getByTestId("chat-side-scene");
    await expect(side.getByRole("heading", { name: "Scene and goal", level: 2 })).toBeVisible();
    await expect(scene.getByRole("definition").filter({ hasText: "noodle-bar" })).toBeVisible();
    await expect(scene.getByRole("definition").filter({ hasText: "live to midnight" })).toBeVisible();
    // Beside the column, which kept its phone width and its place while the sections loaded.
    const column = (await log.boundingBox())!;
    expect(column.width).toBeLessThanOrEqual(480);
    expect({ x: column.x, width: column.width }).toEqual({ x: before.x, width: before.width });
    expect((await side.boundingBox())!.x).toBeGreaterThanOrEqual(column.x + column.width - 1);
    await expect(page.getByRole("button", { name: "Memory", exact: true })).toBeHidden();
    await settled(page);
    await animationsDone(page);
    await expectAccessible(page);

    // A choice moves the story to the night market: the scene is read again, and it names no goal.
    await page.getByRole("group", { name: "Your choices" }).getByRole("button").filter({ hasText: "Ask Juno who paid" }).click();
    await expect(scene.getByRole("definition").filter({ hasText: "night-market" })).toBeVisible({ timeout: 20_000 });
    await expect(scene.getByText("live to midnight")).toHaveCount(0);
    await settled(page);
    await expectAccessible(page);
  });
}
