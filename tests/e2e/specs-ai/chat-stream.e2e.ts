// The chat with a language model (the local model peer, see playwright.ai.config.ts): a typed
// message's reply streams in, can be stopped (its text kept), regenerated and paged between
// alternatives; an action naming an open choice advances the story; each reply costs the
// configured price. One test per brand, on phone and desktop.
import { expect, test, type Page } from "../support/test";
import { apiUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { expectAccessible, settled } from "../support/checks";
import { ACTOR, STORY, peerDefaults, resetPeer } from "../support/chat-peer";


/** Sets how the peer answers from now on (one test runs at a time). */
async function costPerReply(): Promise<number> {
  const res = await fetch(`${apiUrl}/api/v1/sysconfig.list`);
  const cost = ((await res.json()) as { data: { chat_cost_per_reply: number } }).data.chat_cost_per_reply;
  expect(cost).toBeGreaterThan(0);
  return cost;
}

const coins = async (page: Page) => Number((await page.getByTestId("chat-coins").innerText()).replace(/\D+/g, ""));
const log = (page: Page) => page.getByTestId("chat-log");
const box = (page: Page) => page.getByRole("textbox", { name: "Your message" });
const stopButton = (page: Page) => page.getByRole("button", { name: "Stop the reply" });
const lastReply = (page: Page) => log(page).locator('[data-role="actor"]').last();

/** Types a message and sends it with Enter, as a player does. */
async function say(page: Page, text: string): Promise<void> {
  await box(page).fill(text);
  await box(page).press("Enter");
}

/** Waits until no reply is being written (the composer is back). */
async function replyDone(page: Page): Promise<void> {
  await expect(stopButton(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(log(page).locator("[data-live]")).toHaveCount(0);
  await expect(box(page)).toBeEnabled();
}

test.afterEach(resetPeer);

for (const brand of brandSites) {
  test(`${brand.name}: a typed reply streams in, stops, regenerates with alternatives, and an action advances the story`, async ({ page }) => {
    const cost = await costPerReply();
    await page.goto(`${brand.baseURL}/chat/${STORY}/${ACTOR}`);
    await expect(box(page)).toBeEnabled();
    await expect(page.getByText("Free replies need a language model")).toHaveCount(0);
    await expect(page.getByTestId("chat-coins")).not.toHaveText(/—/);
    const start = await coins(page);

    // 1. The reply is seen while it is still being written, then complete; one reply's price is taken.
    await peerDefaults({ tokenDelayMs: 120 });
    await say(page, "Juno, who is hunting me tonight?");
    await expect(log(page).locator('[data-role="user"]').last()).toHaveText(/who is hunting me tonight\?/);
    const live = log(page).getByTestId("live-text");
    await expect(live).toHaveText(/\S+ \S+/);
    await expect(stopButton(page)).toBeVisible();
    const partial = (await live.innerText()).trim();
    await replyDone(page);
    const full = (await lastReply(page).innerText()).trim();
    expect(full).toContain("I hear you");
    expect(full.length).toBeGreaterThan(partial.length);
    expect(full).toContain(partial.slice(0, 8));
    await expect.poll(() => coins(page)).toBe(start - cost);

    // 2. Stop: the text written so far stays, marked stopped, is stored (still there after a reload) and costs one reply.
    await peerDefaults({ tokenDelayMs: 250 });
    await say(page, "Tell me everything you know about the lease.");
    await expect(live).toHaveText(/\S+ \S+ \S+/);
    await stopButton(page).click();
    const stopped = log(page).locator('[data-role="actor"]', { has: page.getByTestId("stopped") }).last();
    await expect(stopped).toBeVisible();
    const kept = (await stopped.innerText()).replace(/Stopped$/i, "").trim();
    expect(kept.length).toBeGreaterThan(0);
    await replyDone(page);
    await expect.poll(() => coins(page)).toBe(start - 2 * cost);
    await page.reload();
    await expect(log(page).getByTestId("stopped").last()).toBeVisible();
    await expect(lastReply(page)).toContainText(kept.replace(/^Juno Vex:\s*/, "").slice(0, 20));

    // 3. Regenerate: a new alternative of the last reply; the pager goes between them.
    await peerDefaults({ tokenDelayMs: 30, content: "Different words this time: the lease is a cage, choom." });
    // Every reply offers Regenerate now (an earlier one branches): this is the last reply's.
    await page.getByRole("button", { name: "Regenerate this reply" }).last().click();
    await replyDone(page);
    await expect(lastReply(page)).toContainText("the lease is a cage");
    const pager = page.getByTestId("alternative-pager");
    await expect(pager).toHaveText(/2\/2/);
    await page.getByRole("button", { name: "Previous alternative" }).click();
    await expect(pager).toHaveText(/1\/2/);
    await expect(lastReply(page)).not.toContainText("the lease is a cage");
    await page.getByRole("button", { name: "Next alternative" }).click();
    await expect(pager).toHaveText(/2\/2/);
    await expect(lastReply(page)).toContainText("the lease is a cage");
    await expect.poll(() => coins(page)).toBe(start - 3 * cost);
    await settled(page);
    await expectAccessible(page);

    // 4. An action that names an open choice advances the story along it (the peer calls the choice tool).
    await peerDefaults({ tokenDelayMs: 20 });
    const choices = page.getByRole("group", { name: "Your choices" }).getByRole("button");
    await expect(choices.first()).toBeVisible();
    const before = (await choices.locator("span:first-child").allInnerTexts()).map((t) => t.trim());
    const pick = before[0]!;
    const lines = await log(page).locator("[data-role]").count();
    // The player's words name the choice ("I ask Juno who paid, now."); the peer answers with the choice tool.
    await say(page, `I ${pick.charAt(0).toLowerCase()}${pick.slice(1)}, now.`);
    await replyDone(page);
    // The reply, then the script's next scene: new narration and new choices.
    await expect(log(page).locator("[data-role]").last()).not.toHaveAttribute("data-role", "user");
    await expect(choices.first()).toBeVisible();
    await expect.poll(async () => (await choices.locator("span:first-child").allInnerTexts()).map((t) => t.trim())).not.toEqual(before);
    expect(await log(page).locator("[data-role]").count()).toBeGreaterThan(lines + 2);
    // Four model replies (the first, the stopped one, the regenerated one, the one that advanced): four prices, no more.
    await expect.poll(() => coins(page)).toBe(start - 4 * cost);
  });
}

for (const brand of brandSites) {
  test(`${brand.name}: reasoning shown apart and collapsed, a group scene answered in turn and by name, story narration, and an edit`, async ({ page }) => {
    await peerDefaults({ tokenDelayMs: 10 });
    // /chat3: each reply's reasoning sits apart from its text, collapsed until opened.
    await page.goto(`${brand.baseURL}/chat3/${STORY}`);
    await expect(box(page)).toBeEnabled();
    await say(page, "What is the plan?");
    await replyDone(page);
    const reasoning = log(page).getByTestId("reasoning").last();
    await expect(reasoning).toBeVisible();
    await expect(reasoning).not.toHaveAttribute("open", "");
    await expect(reasoning.getByText(/weighs the moment/)).toBeHidden();
    await reasoning.locator("summary").click();
    await expect(reasoning.getByText(/weighs the moment/)).toBeVisible();
    // The reply's own text does not carry the reasoning.
    const reply = log(page).locator('[data-role="narrator"], [data-role="actor"]').last();
    await expect(reply).toContainText("listens");
    const text = await reply.evaluate((el) => Array.from(el.childNodes).filter((n) => !(n instanceof HTMLElement && n.tagName === "DETAILS")).map((n) => n.textContent).join(""));
    expect(text).not.toContain("weighs the moment");

    // /chat2: story mode, the narrator answers.
    await page.goto(`${brand.baseURL}/chat2/${STORY}/${ACTOR}`);
    await expect(box(page)).toBeEnabled();
    await say(page, "I look around the noodle bar.");
    await replyDone(page);
    await expect(log(page).locator('[data-role="narrator"]').last()).toContainText("The narrator listens");

    // /chat4: a group scene — every character answers in turn; named, one answers alone.
    await page.goto(`${brand.baseURL}/chat4/${STORY}/${ACTOR}`);
    await expect(box(page)).toBeEnabled();
    await say(page, "What do we do now?");
    await replyDone(page);
    const scene = log(page);
    const speakers = scene.locator('[data-role="actor"] > span:first-child');
    await expect(speakers).toHaveText(["Juno Vex", "Mr. Lacquer"]);
    // (Naming Mr. Lacquer would take the open choice "Go after Mr. Lacquer": the peer matches words.)
    await page.getByRole("group", { name: "Speak to" }).getByRole("button", { name: "Juno Vex" }).click();
    await expect(box(page)).toHaveValue("Juno Vex, ");
    await box(page).pressSequentially("why my memories?");
    await box(page).press("Enter");
    await replyDone(page);
    await expect(speakers).toHaveText(["Juno Vex"]);

    // Edit the player's last message: it is rewritten and answered anew.
    await page.getByRole("button", { name: "Edit your message" }).click();
    await expect(box(page)).toHaveValue("Juno Vex, why my memories?");
    await box(page).fill("Juno Vex, give them back.");
    await box(page).press("Enter");
    await replyDone(page);
    await expect(scene.locator('[data-role="user"]')).toHaveText(/give them back/);
    await expect(scene.locator('[data-role="actor"]')).toContainText("give them back");
    await page.getByRole("button", { name: /Backlog/ }).click();
    await expect(page.getByText("why my memories?")).toHaveCount(0);
    await settled(page);
    await expectAccessible(page);
  });
}
