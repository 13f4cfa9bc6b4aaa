// Role-play text with a language model (the local model peer, see playwright.ai.config.ts): a reply's
// *actions*, **strong** words and "speech" are set as such while raw HTML a model writes is shown
// as text (nothing runs, no image loads); "Read aloud", with the API's speech server failing before
// any audio, falls back to the browser's speech synthesis (stubbed in the page: headless Chromium has
// no voices), says why, and stops (read-aloud.e2e.ts: the speech server reading); "Export" downloads
// the chat as Markdown and as JSON, checked by content.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "../support/test";
import { brandSites } from "../support/brands";
import { expectAccessible, settled } from "../support/checks";
import { ACTOR, STORY, peerDefaults, resetPeer } from "../support/chat-peer";
import { modelPeerUrl } from "../support/env";
import { spoken, stubSpeech } from "../support/speech-stub";

const REPLY = '*leans closer* "Cabin seven," she whispers. **Listen.**\n<b>not bold</b> <img src=x onerror="window.__pwned=1"> [the map](https://example.test/map)';
const SPOKEN = 'leans closer "Cabin seven," she whispers. Listen.\n<b>not bold</b> <img src=x onerror="window.__pwned=1"> the map (https://example.test/map)';

const log = (page: Page) => page.getByTestId("chat-log");
const box = (page: Page) => page.getByRole("textbox", { name: "Your message" });

/** Makes the peer's speech (the API's TTS_BASE_URL) answer `status`, or audio again with none. */
async function peerSpeechFails(status?: number): Promise<void> {
  const res = await fetch(`${modelPeerUrl.replace(/\/v1$/, "")}/_peer/speech`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ speech: status ? { status } : {} }),
  });
  expect(res.ok).toBe(true);
}

test.afterEach(async () => {
  await peerSpeechFails();
  await resetPeer();
});

for (const brand of brandSites) {
  test(`${brand.name}: a reply reads as role-play text, is read aloud, and the chat exports as Markdown and JSON`, async ({ page }) => {
    await peerDefaults({ tokenDelayMs: 0, content: REPLY });
    await stubSpeech(page);
    // The page asks once whether the API reads aloud (it does: the peer is its speech server too).
    const probed = page.waitForResponse((r) => r.url().endsWith("/chat/message.speech") && r.request().method() === "GET");
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    await expect(box(page)).toBeEnabled();
    expect(await ((await probed).json() as Promise<{ data: { available: boolean } }>)).toMatchObject({ data: { available: true } });
    await box(page).fill("Where is the *ledger*?");
    await box(page).press("Enter");
    await expect(page.getByRole("button", { name: "Stop the reply" })).toHaveCount(0, { timeout: 20_000 });
    await expect(box(page)).toBeEnabled();

    // 1. Marks become emphasis and speech; HTML is shown as the text it is, and nothing of it runs.
    const reply = log(page).locator('[data-role="actor"]').last();
    await expect(reply.locator("em")).toHaveText("leans closer");
    await expect(reply.locator("strong")).toHaveText("Listen.");
    await expect(reply.locator("[data-speech]")).toHaveText('"Cabin seven,"');
    await expect(reply).toContainText('<b>not bold</b> <img src=x onerror="window.__pwned=1">');
    await expect(reply.locator("b, img[src='x']")).toHaveCount(0);
    await expect(reply).toContainText("the map (https://example.test/map)");
    await expect(reply.locator("a[href*='example.test']")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The player's own words are set the same way.
    await expect(log(page).locator('[data-role="user"]').last().locator("em")).toHaveText("ledger");

    // 2. Read aloud, the speech server failing before any audio (500): the player is told why and the
    // browser speaks the reply without its marks; Stop ends it. From the keyboard: the actions row sits
    // right above the sticky composer on a phone.
    await peerSpeechFails(500);
    const read = reply.getByRole("button", { name: "Read aloud" });
    await read.focus();
    await page.keyboard.press("Enter");
    await expect(reply.getByRole("status")).toHaveText(
      "The speech server could not read this reply (it answered 500); try again, or read it yourself. This browser's voice reads it instead.",
    );
    const stop = reply.getByRole("button", { name: "Stop reading" });
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    await expect(stop).toHaveAttribute("data-reading", "browser");
    expect(await spoken(page)).toEqual([SPOKEN]);
    await stop.focus();
    await page.keyboard.press("Enter");
    await expect(reply.getByRole("button", { name: "Read aloud" })).toHaveAttribute("aria-pressed", "false");

    // 3. Export: the menu offers both files; each downloads with the chat in it.
    const exportButton = page.getByRole("button", { name: "Export this chat" });
    await exportButton.focus();
    await page.keyboard.press("Enter");
    await expect(exportButton).toHaveAttribute("aria-expanded", "true");
    await settled(page);
    await expectAccessible(page);
    // Tab reaches the menu's items; Enter downloads.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Download as Markdown" })).toBeFocused();
    const [md] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(md.suggestedFilename()).toBe(`${STORY}-${ACTOR}-chat.md`);
    const markdown = await readFile((await md.path())!, "utf8");
    expect(markdown).toMatch(/^# .+\n\nWith .+ · exported \d{4}-\d{2}-\d{2}\n/);
    expect(markdown).toContain("**You:** Where is the *ledger*?");
    expect(markdown).toContain(`*leans closer* "Cabin seven," she whispers. **Listen.**  \n<b>not bold</b>`);
    await expect(page.getByRole("status").filter({ hasText: "Chat downloaded as Markdown." })).toBeAttached();

    await exportButton.click();
    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as JSON" }).click()]);
    expect(json.suggestedFilename()).toBe(`${STORY}-${ACTOR}-chat.json`);
    const doc = JSON.parse(await readFile((await json.path())!, "utf8")) as {
      format: string;
      story: { id: string };
      character: { id: string };
      active_branch: string;
      branches: { id: string; messages: { role: string; content: string; source?: string }[] }[];
    };
    expect(doc).toMatchObject({ format: "storyloom.chat", version: 1, story: { id: STORY }, character: { id: ACTOR }, active_branch: "0" });
    const messages = doc.branches.find((b) => b.id === doc.active_branch)?.messages ?? [];
    expect(messages.filter((m) => m.role === "user").at(-1)?.content).toBe("Where is the *ledger*?");
    expect(messages.at(-1)).toMatchObject({ role: "actor", content: REPLY, source: "model" });
  });
}
