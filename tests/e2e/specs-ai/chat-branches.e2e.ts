// Swipe any character reply, and branch (issue 45), with the local model peer: a player regenerates
// an earlier reply, and the story goes on from it on a new branch while the later turns stay on the
// old one; the branch view (a sheet on a phone; the side panel with a small tree on a desktop) shows
// both and switches back; paging the earlier reply (‹ ›) switches between them too.
import { expect, test, type Page } from "../support/test";
import { brandSites } from "../support/brands";
import { expectAccessible, settled } from "../support/checks";
import { ACTOR, STORY, messageBox as box, peerDefaults, pressReplyAction as press, resetPeer, sayAndWait as say, storedReply as reply } from "../support/chat-peer";

/** Opens the branch view: the sheet on a phone, the side panel's section on a desktop. */
async function openBranches(page: Page, desktop: boolean) {
  if (desktop) {
    const side = page.getByTestId("branch-side");
    await side.getByRole("button", { name: "Show branches" }).click();
    return side;
  }
  await page.getByRole("button", { name: "Branches" }).click();
  const sheet = page.getByRole("dialog", { name: "Branches" });
  await expect(sheet).toBeVisible();
  return sheet;
}

test.afterEach(resetPeer);

for (const brand of brandSites) {
  test(`${brand.name}: regenerating an earlier reply branches; the branch view switches back`, async ({ page }, info) => {
    const desktop = info.project.name === "desktop";
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    await expect(box(page)).toBeEnabled();
    await say(page, "Where were you last night?", "First take.");
    await say(page, "And after that?", "Later reply.");

    // The earlier reply regenerates too: the story goes on from its new take. Its words stream in
    // the reply's place (the turns after it hidden meanwhile), the log busy for screen readers.
    const second = "Second take. The rain never let up that night, and neither did the sirens.";
    await peerDefaults({ tokenDelayMs: 150, reasoning: null, content: second, toolCall: null });
    await press(page, "First take.", "Regenerate this reply");
    const live = page.getByTestId("chat-log").locator("[data-live]");
    await expect(live.getByTestId("live-text")).toHaveText(/^Second take\. \S+/, { timeout: 20_000 });
    await expect(page.getByTestId("chat-log")).toHaveAttribute("aria-busy", "true");
    expect((await live.getByTestId("live-text").innerText()).trim().length).toBeLessThan(second.length);
    await expect(reply(page, "Later reply.")).toHaveCount(0);
    await expect(reply(page, "First take.")).toHaveCount(0);
    await expect(reply(page, second)).toBeVisible({ timeout: 20_000 });
    await expect(live).toHaveCount(0);
    await expect(page.getByTestId("chat-log")).toHaveAttribute("aria-busy", "false");
    await expect(reply(page, "Later reply.")).toHaveCount(0);
    await expect(reply(page, "Second take.").getByTestId("alternative-pager")).toHaveText(/2\/2/);

    // The branch view lists both, with the line each departs with, and shows the old one again.
    const view = await openBranches(page, desktop);
    const items = view.getByTestId("branch-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(1).getByTestId("branch-line")).toHaveText(second);
    if (desktop) await expect(view.getByTestId("branch-tree")).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await items.nth(0).getByRole("button", { name: /Show this branch/ }).click();
    await expect(items.nth(0)).toHaveAttribute("aria-current", "true");
    if (!desktop) await page.keyboard.press("Escape");
    await expect(reply(page, "Later reply.")).toBeVisible();
    await expect(reply(page, "First take.").getByTestId("alternative-pager")).toHaveText(/1\/2/);

    // Paging the earlier reply to its second take shows the branch that goes on from it.
    await press(page, "First take.", "Next alternative");
    await expect(reply(page, "Second take.")).toBeVisible();
    await expect(reply(page, "Later reply.")).toHaveCount(0);
    await settled(page);
    await expectAccessible(page);
  });
}
