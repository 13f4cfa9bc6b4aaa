// The four chat variants against the real API: the story starts for free, a choice shows the
// player's line at once and costs a coin, history survives a reload, and "Play again" asks first.
import { expect, test, type Page } from "../support/test";
import { apiUrl } from "../support/env";
import { brandSites } from "../support/brands";
import { animationsDone, anyViewport, expectAccessible, saveShot, settled } from "../support/checks";

interface ListedStory {
  id: string;
  title: string;
  actors: { id: string; name: string }[];
}

async function popular(): Promise<ListedStory[]> {
  const res = await fetch(`${apiUrl}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sort: "popular", limit: 10 }) });
  return ((await res.json()) as { data: { stories: ListedStory[] } }).data.stories;
}

const coins = async (page: Page) => Number((await page.getByTestId("chat-coins").innerText()).replace(/\D+/g, ""));
const log = (page: Page) => page.getByTestId("chat-log");

for (const brand of brandSites) {
  test.describe(`${brand.name} chat`, () => {
    test("start → choice → coins go down → history persists on reload → play again", async ({ page }, testInfo) => {
      const story = (await popular())[0]!;
      const actor = story.actors[0]!;
      await page.goto(`${brand.baseURL}/chat/${story.id}/${actor.id}`);
      await expect(page).toHaveTitle(`Chat · ${story.title} - ${brand.name}`);
      const choices = page.getByRole("group", { name: "Your choices" }).getByRole("button");
      await expect(choices.first()).toBeVisible();
      await expect(log(page).locator('[data-role="actor"]').first()).toContainText(actor.name);
      await expect(page.getByTestId("chat-coins")).not.toHaveText(/—/);
      const before = await coins(page);
      const lines = await log(page).locator("[data-role]").count();

      const pick = (await choices.first().locator("span").first().innerText()).trim();
      await choices.first().click();
      await expect(log(page).locator('[data-role="user"]').last()).toHaveText(new RegExp(pick.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await expect.poll(() => coins(page)).toBe(before - 1);
      await expect.poll(() => log(page).locator("[data-role]").count()).toBeGreaterThan(lines + 1);
      await settled(page);
      await expectAccessible(page);
      await saveShot(page, testInfo, brand, "chat");

      const afterPick = await log(page).locator("[data-role]").count();
      await page.reload();
      await expect(log(page).locator("[data-role]")).toHaveCount(afterPick);
      await expect.poll(() => coins(page)).toBe(before - 1);

      // Play to the end (scripts are short), then restart through the confirmation dialog.
      for (let i = 0; i < 12 && !(await page.getByRole("button", { name: "Play again" }).isVisible()); i++) {
        await choices.first().click();
        await expect(page.getByTestId("typing")).toHaveCount(0);
      }
      await page.getByRole("button", { name: "Play again" }).click();
      const dialog = page.getByRole("dialog", { name: "Start a new thread?" });
      await expect(dialog).toBeVisible();
      await animationsDone(page);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("button", { name: "Play again" }).click();
      await page.getByTestId("confirm-restart").click();
      await expect(choices.first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Play again" })).toHaveCount(0);
    });

    for (const [path, variant] of [["/chat2", "immersive"], ["/chat3", "reasoning"], ["/chat4", "novel"]] as const) {
      test(`${path} renders the ${variant} variant and plays a choice`, async ({ page }, testInfo) => {
        const story = (await popular())[1]!;
        const target = variant === "reasoning" ? `${path}/${story.id}` : `${path}/${story.id}/${story.actors[0]!.id}`;
        const res = await page.goto(`${brand.baseURL}${target}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByTestId("chat-room")).toHaveAttribute("data-variant", variant);
        await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
        const choices = page.getByRole("group", { name: "Your choices" }).getByRole("button");
        await expect(choices.first()).toBeVisible();
        const before = await coins(page);
        await choices.first().click();
        await expect.poll(() => coins(page)).toBe(before - 1);
        await expect(choices.first()).toBeVisible();
        await settled(page);
        await expectAccessible(page);
        await saveShot(page, testInfo, brand, `chat-${variant}`);
      });
    }

    test("out of coins: a choice opens the purchase dialog and the panel links to the coins page", async ({ page }) => {
      const story = (await popular())[2]!;
      const actor = story.actors[0]!;
      await page.goto(`${brand.baseURL}/chat/${story.id}/${actor.id}`);
      const choices = page.getByRole("group", { name: "Your choices" }).getByRole("button");
      await expect(choices.first()).toBeVisible();
      // Spend this guest's coins through the API with its own token, restarting whenever a thread ends.
      const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
      expect(token, "the session keeps its token in a cookie").toBeTruthy();
      const send = async (body: Record<string, unknown>) => {
        const res = await fetch(`${apiUrl}/api/v1/actor/chat/message.send`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ story_id: story.id, actor_id: actor.id, ...body }),
        });
        return { status: res.status, data: ((await res.json()) as { data: { coins: number; ended: boolean; messages: { id: string; choices?: unknown }[] } | null }).data };
      };
      // A pick names the message that offered it.
      const offerOf = (turn: Awaited<ReturnType<typeof send>>) => [...(turn.data?.messages ?? [])].reverse().find((m) => m.choices)?.id;
      let offer = offerOf(await send({ restart: true }));
      for (let i = 0; i < 200; i++) {
        const turn = await send({ choice: 0, choice_of: offer });
        if (turn.status === 402) break;
        offer = offerOf(turn.status === 409 || turn.data?.ended ? await send({ restart: true }) : turn) ?? offer;
      }
      await page.reload();
      await expect(choices.first()).toBeVisible();
      await choices.first().click();
      // Too few coins opens the purchase dialog; closed, the panel still says why and links to the coins page.
      const purchase = page.getByRole("dialog", { name: "Purchase" });
      await expect(purchase).toBeVisible();
      await animationsDone(page);
      await page.keyboard.press("Escape");
      await expect(purchase).toBeHidden();
      await expect(page.getByRole("alert").filter({ hasText: "Out of coins" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Get coins" })).toHaveAttribute("href", "/user/coins");
      await expect.poll(() => coins(page)).toBe(0);
    });

    test("without a language model, free text is refused with a plain message", anyViewport, async ({ page }) => {
      const story = (await popular())[3]!;
      const actor = story.actors[0]!;
      await page.goto(`${brand.baseURL}/chat/${story.id}/${actor.id}`);
      await expect(page.getByRole("group", { name: "Your choices" }).getByRole("button").first()).toBeVisible();
      // The composer stays in view, off, and says why; the choices play the story.
      const box = page.getByRole("textbox", { name: "Your message" });
      await expect(box).toBeVisible();
      await expect(box).toBeDisabled();
      await expect(page.getByText("Free replies need a language model — pick one of the choices to play.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
      // The API refuses a typed message as plainly (and charges nothing).
      const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
      const before = await coins(page);
      const res = await fetch(`${apiUrl}/api/v1/actor/chat/message.send`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify({ story_id: story.id, actor_id: actor.id, content: "Hello?" }),
      });
      expect(res.status).toBe(409);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("CONFLICT");
      expect(body.message).toMatch(/free replies need a language model/);
      await page.reload();
      await expect.poll(() => coins(page)).toBe(before);
    });

    test("unknown story or character in a chat URL gives not-found", anyViewport, async ({ page }) => {
      for (const path of ["/chat/no-such-story", "/chat/no-such-story/someone", "/chat4/a/b/c"]) {
        const res = await page.goto(`${brand.baseURL}${path}`);
        expect(res?.status(), path).toBe(404);
      }
    });
  });
}
