// What the AI chat specs share: setting the local model peer's answers, and finding the chat's parts.
import { expect, type Page } from "./test";
import { modelPeerUrl } from "./env";

/** The chat every AI chat spec plays: a free-text story and its lead. */
export const STORY = "neon-requiem";
export const ACTOR = "juno-vex";

/** Sets what the model peer answers from now on (content, tokenDelayMs, toolCall, …). */
export async function peerDefaults(defaults: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${modelPeerUrl.replace(/\/v1$/, "")}/_peer/defaults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ defaults }),
  });
  expect(res.ok).toBe(true);
}

/** The peer's usual pace, restored after each spec that changed it. */
export const resetPeer = () => peerDefaults({ tokenDelayMs: 60 });

export const chatLog = (page: Page) => page.getByTestId("chat-log");
export const messageBox = (page: Page) => page.getByRole("textbox", { name: "Your message" });
/** A stored reply holding `text` (never the live bubble of one still streaming). */
export const storedReply = (page: Page, text: string) => chatLog(page).locator('[data-role="actor"]:not([data-live])').filter({ hasText: text });

/**
 * Presses a reply's action from the keyboard: on a phone the sticky choices and composer cover the
 * lower part of the thread, where a pointer's click may land on them instead.
 */
export async function pressReplyAction(page: Page, text: string, name: string): Promise<void> {
  const button = storedReply(page, text).getByRole("button", { name });
  await button.focus();
  await page.keyboard.press("Enter");
}

/** Says `words` and waits for the character's stored reply `answer` (the peer answers at once). */
export async function sayAndWait(page: Page, words: string, answer: string): Promise<void> {
  await peerDefaults({ tokenDelayMs: 0, content: answer, toolCall: null });
  await messageBox(page).fill(words);
  await messageBox(page).press("Enter");
  await expect(storedReply(page, answer)).toBeVisible({ timeout: 20_000 });
  await expect(messageBox(page)).toBeEnabled();
}
