// The console's chat transcript of a chat with branches (issue 45) against the real API and the
// local model peer: a player regenerates an earlier reply (a fork: the later turns stay on the old
// branch, now parked), and staff read the shown branch, switch to the parked one from the list of
// branches by keyboard, and open the branch holding a message from its id. axe checks each view.
// Desktop only: the console is a staff tool.
import { expect, test } from "../support/test";
import { consoleSignIn, expectConsoleAccessible } from "../support/console";
import { adminUrl, apiUrl } from "../support/env";
import { settled } from "../support/checks";
import { CONSOLE_STAFF_EMAILS } from "../support/staff";
import { ACTOR, STORY, peerDefaults, resetPeer } from "../support/chat-peer";
import { freshEmail, readCode } from "../specs/account-flows";

test.skip(({ isMobile }) => isMobile, "the console is checked on the desktop viewport");
test.afterEach(resetPeer);

type Envelope<T> = { code: string; message: string; data: T };
type Msg = { id: string; role: string; content: string };

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${apiUrl}/api/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== "0") throw new Error(`${path}: ${res.status} ${env.code} ${env.message}`);
  return env.data;
}

/** A new player: a guest signed in by e-mail code (the guest becomes the account). */
async function player(): Promise<{ token: string; id: number }> {
  const g = await post<{ user: { uuid: string } }>("user-guest.sign-up", { device_id: `e2e-branches-${Date.now()}-${Math.random().toString(36).slice(2)}`, gender: "unknown" });
  const email = freshEmail("console-branches");
  await post("verify-code.send", { email });
  const r = await post<{ auth: { access_token: string }; user: { id: number } }>("user.auth", { email, code: await readCode(email), user_id: g.user.uuid });
  return { token: r.auth.access_token, id: r.user.id };
}

test.describe("the console's chat transcript", () => {
  test("shows the branch the player reads, lists every branch, and opens a parked one by keyboard or from a message id", async ({ page }) => {
    const account = await player();
    const target = { story_id: STORY, actor_id: ACTOR, mode: "character" };
    const say = async (content: string, answer: string) => {
      await peerDefaults({ tokenDelayMs: 0, content: answer, toolCall: null });
      const sent = await post<{ messages: Msg[] }>("actor/chat/message.send", { ...target, content }, account.token);
      return sent.messages.filter((m) => m.role === "actor").at(-1)!;
    };
    await post("actor/chat/message.send", target, account.token);
    const first = await say("Where were you last night?", "First take.");
    const guestLine = await say("And after that?", "I went to the docks.");
    // Regenerating the earlier reply forks: the new branch is shown, the docks line stays on the parked one.
    await peerDefaults({ tokenDelayMs: 0, content: "Second take.", toolCall: null });
    await post("actor/chat/branch.fork", { ...target, message_id: first.id }, account.token);
    const shown = await post<{ messages: Msg[] }>("actor/chat/game.history", { story_id: STORY, actor_id: ACTOR }, account.token);
    const mine = { messages: shown.messages };

    await consoleSignIn(page, CONSOLE_STAFF_EMAILS[4]!, `/players/${account.id}/chats/${encodeURIComponent(STORY)}`);
    const branches = page.getByRole("navigation", { name: "Branches of this chat" });
    await expect(branches.getByRole("link")).toHaveCount(2);
    const current = branches.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(branches.getByRole("listitem").filter({ has: page.locator('[aria-current="page"]') })).toContainText("shown to the player");
    await expect(page.getByRole("heading", { level: 2, name: /shown to the player$/ })).toBeVisible();
    const thread = page.getByRole("list", { name: /shown to the player$/ });
    await expect(thread.getByRole("listitem")).toHaveCount(mine.messages.length);
    await expect(thread).not.toContainText(`#${guestLine.id}`);
    await settled(page);
    await expectConsoleAccessible(page);

    // The parked branch, reached by keyboard from the list.
    const parked = branches.locator("a:not([aria-current])");
    const parkedName = (await parked.textContent()) ?? "";
    await parked.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/branch=/);
    const other = page.getByRole("list", { name: /not shown to the player \(parked\)$/ });
    await expect(other.getByText(`#${guestLine.id}`, { exact: false })).toBeVisible();
    await expect(branches.locator('[aria-current="page"]')).toHaveText(parkedName);
    await settled(page);
    await expectConsoleAccessible(page);

    // From a message id (a reported message): back on the shown branch first, then the guest's line.
    await page.goto(`${adminUrl}/players/${account.id}/chats/${encodeURIComponent(STORY)}`);
    await page.getByLabel("Message id").fill(guestLine.id);
    await page.getByRole("button", { name: "Open its branch" }).click();
    await expect(page).toHaveURL(new RegExp(`message=${guestLine.id}`));
    const sought = page.locator('li[aria-current="true"]');
    await expect(sought).toContainText("the message looked up");
    await expect(sought).toContainText(`#${guestLine.id}`);
    await expect(page.getByRole("heading", { level: 2, name: /parked\)$/ })).toBeVisible();
    await settled(page);
    await expectConsoleAccessible(page);
    // The page opened at the message; the branch's newest messages are one link away.
    await page.getByRole("link", { name: "Read this branch from its newest message" }).click();
    await expect(page).toHaveURL(/[?&]branch=\d+/);
    await expect(page).not.toHaveURL(/message=/);
    await expect(page.getByRole("heading", { level: 2, name: /parked\)$/ })).toBeVisible();
    await expect(page.locator('li[aria-current="true"]')).toHaveCount(0);
  });
});
