// "Continue" and the JSON export with its branches (issue 45), with the local model peer: the last
// reply grows in place where it stopped, its new words streaming into the same bubble; after a fork at an earlier reply, "Download as JSON" holds
// both branches, each with its lines, the new one naming the branch and reply it left from.
import { readFile } from "node:fs/promises";
import { expect, test } from "../support/test";
import { brandSites } from "../support/brands";
import { expectAccessible, settled } from "../support/checks";
import { ACTOR, STORY, chatLog as log, messageBox as box, peerDefaults, pressReplyAction as press, resetPeer, sayAndWait as say, storedReply as reply } from "../support/chat-peer";

interface Exported {
  active_branch: string;
  complete: boolean;
  branches: { id: string; parent: { branch: string; message_id: string } | null; fork_line?: string; active?: boolean; messages: { id: string; role: string; content: string }[] }[];
}

test.afterEach(resetPeer);

for (const brand of brandSites) {
  test(`${brand.name}: Continue extends the last reply; the JSON export holds every branch`, async ({ page }) => {
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    await expect(box(page)).toBeEnabled();
    await say(page, "Where were you last night?", "First take.");
    await say(page, "And after that?", "I went to the docks.");

    // Continue: only on the last reply; its words grow in the same message.
    await expect(reply(page, "First take.").getByRole("button", { name: "Continue this reply" })).toHaveCount(0);
    await settled(page);
    await expectAccessible(page);
    const replies = await log(page).locator('[data-role="actor"]').count();
    const more = "The water was black, and the rain kept falling on the empty docks all night long.";
    await peerDefaults({ tokenDelayMs: 150, reasoning: null, content: more, toolCall: null });
    await press(page, "I went to the docks.", "Continue this reply");
    // The new words arrive while they are written: after the reply's own, in the one live bubble
    // that stands in its place (no second bubble); the log is busy for screen readers meanwhile.
    const live = log(page).locator("[data-live]");
    await expect(live.getByTestId("live-text")).toHaveText(/^I went to the docks\. The water \S+/, { timeout: 20_000 });
    await expect(log(page)).toHaveAttribute("aria-busy", "true");
    const partial = (await live.getByTestId("live-text").innerText()).trim();
    expect(partial.length).toBeLessThan(`I went to the docks. ${more}`.length);
    await expect(log(page).locator('[data-role="actor"]')).toHaveCount(replies);
    const grown = reply(page, `I went to the docks. ${more}`);
    await expect(grown).toBeVisible({ timeout: 20_000 });
    await expect(log(page).locator("[data-live]")).toHaveCount(0);
    await expect(log(page)).toHaveAttribute("aria-busy", "false");
    await expect(log(page).locator('[data-role="actor"]')).toHaveCount(replies);
    await expect(reply(page, "I went to the docks.")).toHaveCount(1);
    // What streamed is what was stored: the same text after a reload.
    await expect(box(page)).toBeEnabled();
    await page.reload();
    await expect(reply(page, `I went to the docks. ${more}`)).toBeVisible();

    // A fork at the earlier reply, then the JSON export: both branches with their lines.
    await peerDefaults({ tokenDelayMs: 0, content: "Second take.", toolCall: null });
    await press(page, "First take.", "Regenerate this reply");
    await expect(reply(page, "Second take.")).toBeVisible({ timeout: 20_000 });
    await expect(box(page)).toBeEnabled();

    const exportButton = page.getByRole("button", { name: "Export this chat" });
    await exportButton.click();
    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as JSON" }).click()]);
    const doc = JSON.parse(await readFile((await json.path())!, "utf8")) as Exported;
    await expect(page.getByRole("status").filter({ hasText: "Chat downloaded as JSON, with its branches." })).toBeAttached();
    expect(doc.complete).toBe(true);
    expect(doc.branches).toHaveLength(2);
    const [old, fresh] = doc.branches as [Exported["branches"][number], Exported["branches"][number]];
    expect(doc.active_branch).toBe(fresh.id);
    expect(old.messages.at(-1)).toMatchObject({ role: "actor", content: `I went to the docks. ${more}` });
    expect(fresh).toMatchObject({ parent: { branch: old.id }, fork_line: "Second take.", active: true });
    expect(fresh.messages.at(-1)).toMatchObject({ role: "actor", content: "Second take." });
    expect(fresh.messages.map((m) => m.content)).not.toContain(`I went to the docks. ${more}`);
  });
}
