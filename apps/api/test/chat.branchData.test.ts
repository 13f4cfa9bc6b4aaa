import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { chatMessages, rowsOf } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { readCode } from "@storyloom/test-api";
import type { EndpointName } from "@storyloom/contract";
import type { RunningApi } from "../src/server";
import { startTestApi } from "../src/testing";
import { eraseAccount } from "../src/services/privacy";
import { call, callEndpoint, newGuest } from "./http";
import { addTestStory, stream, type Msg, type TestStory } from "./chat.support";
import { signInAs } from "./safety.support";

// Chat branches (issue 45) where they leave the chat: the staff transcript, the player's data export
// and erasure, and the guest → account merge. The real server on the real database (PGlite, or
// PostgreSQL with DATABASE_URL), the model a local peer speaking the OpenAI streaming protocol.

interface Turn {
  messages: Msg[];
}
interface Thread {
  messages: Msg[];
  branch_id?: string;
}
interface Branch {
  id: string;
  parent_id: string | null;
  fork_message_id: string | null;
  messages: number;
  active: boolean;
}
interface StaffMessage {
  id: string;
  content: string;
  branch_id: string;
  shown: boolean;
  copy_of: string | null;
}
interface StaffBranch {
  id: string;
  parent_id: string | null;
  fork_message_id: string | null;
  messages: number;
  shown: boolean;
}
interface Transcript {
  branch_id: string;
  branches: StaffBranch[];
  messages: StaffMessage[];
  next_cursor: string | null;
}

const SEND = "/api/v1/actor/chat/message.send";
const HISTORY = "/api/v1/actor/chat/game.history";
const LIST = "/api/v1/actor/chat/branch.list";
const SWITCH = "/api/v1/actor/chat/branch.switch";
const FORK = "/api/v1/actor/chat/branch.fork";
const ADMIN = "branch-data.admin@example.com";
const engine = process.env.DATABASE_URL ? "postgres" : "pglite";

let api: RunningApi;
let peer: ModelPeer;
let story: TestStory;
let admin: { token: string; id: number };
beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_API_KEY: "sk-test", LLM_MODEL: "peer-model", LLM_RETRIES: 1, LLM_FIRST_TOKEN_TIMEOUT_MS: 5000, ADMIN_EMAILS: [ADMIN] });
  story = await addTestStory(api.ctx.db);
  admin = await signInAs(api, ADMIN);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});
beforeEach(() => peer.reset());

const target = () => ({ story_id: story.storyId, actor_id: story.mara, mode: "character" as const });
const history = async (token: string) => (await call<Thread>(api, "POST", HISTORY, { token, body: { story_id: story.storyId, actor_id: story.mara } })).data;
const branches = async (token: string) => (await call<{ branches: Branch[] }>(api, "POST", LIST, { token, body: { story_id: story.storyId } })).data.branches;
const switchTo = async (token: string, branchId: string) => {
  const r = await call<Thread>(api, "POST", SWITCH, { token, body: { story_id: story.storyId, branch_id: branchId } });
  expect(r.status, r.message).toBe(200);
  return r.data;
};
const scene = async (token: string) => (await callEndpoint<{ scene: string | null }>(api, "chatScene", { story_id: story.storyId }, token)).data.scene;
const pins = async (token: string) => (await callEndpoint<{ pins: string[] }>(api, "chatMemory", { story_id: story.storyId }, token)).data.pins;
const pin = async (token: string, list: string[]) => expect((await callEndpoint(api, "chatMemorySave", { story_id: story.storyId, pins: list }, token)).status).toBe(200);
const lines = (t: { messages: Msg[] }) => t.messages.map((m) => [m.id, m.content]);
const staff = <T>(name: EndpointName, input: Record<string, unknown>) => callEndpoint<T>(api, name, input, admin.token);

/** The ink state the user's chat stands in: the shown branch's newest saved row. */
async function inkOf(userId: number): Promise<string> {
  const rows = await api.ctx.db
    .select({ state: chatMessages.state })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, story.storyId), isNotNull(chatMessages.state), eq(chatMessages.parked, false)))
    .orderBy(chatMessages.id);
  return (rows.at(-1)!.state as { ink: string }).ink;
}

/** Signs `email` in by code, as the guest `guestUuid` when given (the merge); the account's token and id. */
async function login(email: string, guestUuid?: string): Promise<{ token: string; id: number }> {
  await api.ctx.db.execute(sql`delete from rate_limits where key = ${`code-email:${email}`}`);
  await callEndpoint(api, "sendCode", { email });
  const r = await callEndpoint<{ auth: { access_token: string }; user: { id: number } }>(api, "login", { email, code: await readCode(api, email), ...(guestUuid ? { user_id: guestUuid } : {}) });
  expect(r.status, r.message).toBe(200);
  return { token: r.data.auth.access_token, id: r.data.user.id };
}

/**
 * A chat with two branches: the opening, "Hello" answered "First reply.", words that take the first
 * choice (the story moves to the flooded alley): the first branch, pinned `pin1`. Then "First reply."
 * written again forks the second branch (the turns up to it, "Second take.", the story back at the
 * bar), pinned `pin2`, shown.
 */
async function forked(token: string, userId: number, pin1: string, pin2: string) {
  expect((await call<Turn>(api, "POST", SEND, { token, body: target() })).code).toBe("0");
  peer.script({ content: "First reply." });
  const hello = await call<Turn>(api, "POST", SEND, { token, body: { ...target(), content: "Hello" } });
  expect(hello.code).toBe("0");
  peer.script({ content: "Into the rain.", toolCall: { name: "take_choice", arguments: '{"index": 0}' } });
  const go = await call<Turn>(api, "POST", SEND, { token, body: { ...target(), content: "Let's follow her" } });
  expect(go.data.messages.at(-1)).toMatchObject({ content: "The alley is knee-deep in water and Lacquer is gone." });
  await pin(token, [pin1]);
  const first = await history(token);
  const firstInk = await inkOf(userId);
  const replyId = hello.data.messages[1]!.id;
  peer.script({ content: "Second take." });
  const done = (await (await stream(api, FORK, { ...target(), message_id: replyId }, token)).rest()).at(-1)!;
  expect(done.event).toBe("done");
  await pin(token, [pin2]);
  const second = await history(token);
  const list = await branches(token);
  expect(list.map((b) => b.active)).toEqual([false, true]);
  return { first, second, firstInk, secondInk: await inkOf(userId), replyId, firstId: list[0]!.id, secondId: list[1]!.id };
}

describe(`guest → account merge with chat branches (${engine})`, () => {
  it("both have a chat of the story: the account's stays shown as it was; the guest's branches become parked branches of it, each with its lines, ink and memory", async () => {
    const email = `merge-both-${process.pid}-${Date.now()}@example.com`;
    const account = await login(email, (await newGuest(api)).uuid);
    // The account's chat: the opening and one exchange, the story still at the bar, a pin.
    expect((await call<Turn>(api, "POST", SEND, { token: account.token, body: target() })).code).toBe("0");
    peer.script({ content: "Account reply." });
    expect((await call<Turn>(api, "POST", SEND, { token: account.token, body: { ...target(), content: "Hi from the account" } })).code).toBe("0");
    await pin(account.token, ["account pin"]);
    const before = await history(account.token);
    const accountInk = await inkOf(account.id);
    const accountScene = await scene(account.token);
    expect(accountScene).toBe("The Lantern Bar");

    const g = await newGuest(api);
    const guest = await forked(g.token, g.id, "guest pin one", "guest pin two");
    expect(guest.firstInk).not.toBe(accountInk);

    const merged = await login(email, g.uuid);
    expect(merged.id).toBe(account.id);
    // The account's thread reads exactly as before, its ink and memory its own.
    expect(lines(await history(merged.token))).toEqual(lines(before));
    expect(await inkOf(account.id)).toBe(accountInk);
    expect(await scene(merged.token)).toBe(accountScene);
    expect(await pins(merged.token)).toEqual(["account pin"]);

    // The guest's chat is there as branches: the two it had, not shown, and the account's, shown.
    const list = await branches(merged.token);
    expect(list).toHaveLength(3);
    const shown = list.find((b) => b.active)!;
    expect(shown).toMatchObject({ messages: before.messages.length });
    expect(list.filter((b) => !b.active).map((b) => [b.id, b.messages])).toEqual([
      [guest.firstId, guest.first.messages.length],
      [guest.secondId, guest.second.messages.length],
    ]);

    // Switching to one shows the guest's lines in order, its own ink position and memory.
    expect(lines(await switchTo(merged.token, guest.firstId))).toEqual(lines(guest.first));
    expect(await inkOf(account.id)).toBe(guest.firstInk);
    expect(await scene(merged.token)).toBe("The flooded alley");
    expect(await pins(merged.token)).toEqual(["guest pin one"]);
    expect(lines(await switchTo(merged.token, guest.secondId))).toEqual(lines(guest.second));
    expect(await inkOf(account.id)).toBe(guest.secondInk);
    expect(await pins(merged.token)).toEqual(["guest pin two"]);
    // And back: the account's chat as it was.
    expect(lines(await switchTo(merged.token, shown.id))).toEqual(lines(before));
    expect(await inkOf(account.id)).toBe(accountInk);
    expect(await pins(merged.token)).toEqual(["account pin"]);
    // Nothing stayed with the guest.
    const left = rowsOf<{ n: number }>(
      await api.ctx.db.execute(sql`select ((select count(*) from chat_messages where user_id = ${g.id}) + (select count(*) from chat_branches where user_id = ${g.id}) + (select count(*) from chat_memories where user_id = ${g.id}))::int as n`),
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it("both chats never forked: the guest's becomes the account's second branch", async () => {
    const email = `merge-plain-${process.pid}-${Date.now()}@example.com`;
    const account = await login(email, (await newGuest(api)).uuid);
    expect((await call<Turn>(api, "POST", SEND, { token: account.token, body: target() })).code).toBe("0");
    peer.script({ content: "Account reply." });
    await call<Turn>(api, "POST", SEND, { token: account.token, body: { ...target(), content: "Mine" } });
    await pin(account.token, ["account pin"]);
    const before = await history(account.token);
    const g = await newGuest(api);
    expect((await call<Turn>(api, "POST", SEND, { token: g.token, body: target() })).code).toBe("0");
    peer.script({ content: "Guest reply." });
    await call<Turn>(api, "POST", SEND, { token: g.token, body: { ...target(), content: "Theirs" } });
    await pin(g.token, ["guest pin"]);
    const theirs = await history(g.token);

    const merged = await login(email, g.uuid);
    expect(lines(await history(merged.token))).toEqual(lines(before));
    expect(await pins(merged.token)).toEqual(["account pin"]);
    const list = await branches(merged.token);
    expect(list.map((b) => [b.active, b.messages])).toEqual([
      [true, before.messages.length],
      [false, theirs.messages.length],
    ]);
    expect(lines(await switchTo(merged.token, list[1]!.id))).toEqual(lines(theirs));
    expect(await pins(merged.token)).toEqual(["guest pin"]);
  });

  it("only the guest has a chat of the story: it moves as it is, branches, shown branch and memories", async () => {
    const email = `merge-guest-only-${process.pid}-${Date.now()}@example.com`;
    await login(email, (await newGuest(api)).uuid);
    const g = await newGuest(api);
    const guest = await forked(g.token, g.id, "pin one", "pin two");
    const merged = await login(email, g.uuid);
    expect(lines(await history(merged.token))).toEqual(lines(guest.second));
    expect(await inkOf(merged.id)).toBe(guest.secondInk);
    expect(await pins(merged.token)).toEqual(["pin two"]);
    expect((await branches(merged.token)).map((b) => [b.id, b.active])).toEqual([
      [guest.firstId, false],
      [guest.secondId, true],
    ]);
    expect(lines(await switchTo(merged.token, guest.firstId))).toEqual(lines(guest.first));
    expect(await inkOf(merged.id)).toBe(guest.firstInk);
    expect(await pins(merged.token)).toEqual(["pin one"]);
  });
});

describe(`the staff transcript of a chat with branches (${engine})`, () => {
  it("reads the shown branch, lists every branch, reads another or the one holding a message; counts each message once", async () => {
    const g = await newGuest(api);
    const c = await forked(g.token, g.id, "one", "two");
    const d = await staff<{ chats: { story_id: string; messages: number; branches: number }[] }>("adminPlayerGet", { user_id: g.id });
    expect(d.status).toBe(200);
    // The second branch's lines are copies of the first's up to the fork (its reply another take of the same message).
    expect(d.data.chats).toEqual([expect.objectContaining({ story_id: story.storyId, messages: c.first.messages.length, branches: 2 })]);

    const shown = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, limit: 100 });
    expect(shown.status).toBe(200);
    expect(shown.data.branch_id).toBe(c.secondId);
    expect(shown.data.branches).toEqual([
      expect.objectContaining({ id: c.firstId, parent_id: null, shown: false, messages: c.first.messages.length }),
      expect.objectContaining({ id: c.secondId, parent_id: c.firstId, fork_message_id: c.replyId, shown: true, messages: c.second.messages.length }),
    ]);
    expect(shown.data.messages.map((m) => [m.id, m.content])).toEqual(lines(c.second).reverse());
    expect(shown.data.messages.every((m) => m.branch_id === c.secondId && m.shown)).toBe(true);
    // Every line of the fork is a copy: of the first branch's message at its place.
    expect(shown.data.messages.map((m) => m.copy_of).reverse()).toEqual(c.first.messages.slice(0, c.second.messages.length).map((m) => m.id));

    const other = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, branch_id: c.firstId, limit: 100 });
    expect(other.data.branch_id).toBe(c.firstId);
    expect(other.data.messages.map((m) => [m.id, m.content])).toEqual(lines(c.first).reverse());
    expect(other.data.messages.every((m) => m.branch_id === c.firstId && !m.shown && m.copy_of === null)).toBe(true);

    // A message on the parked branch (e.g. a reported one) opens its branch; a shown one the shown branch.
    const parkedLine = c.first.messages.find((m) => m.content === "Let's follow her")!;
    const found = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, message_id: parkedLine.id, limit: 100 });
    expect(found.data.branch_id).toBe(c.firstId);
    expect(found.data.messages.map((m) => m.id)).toContain(parkedLine.id);
    const onShown = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, message_id: c.second.messages.at(-1)!.id });
    expect(onShown.data.branch_id).toBe(c.secondId);
    // Deeper than a page: the transcript opens at the message, the one newer message a page of 3 has
    // room for above it, and pages on from there down to the oldest.
    const ids = lines(c.first).map(([id]) => id);
    expect(ids.length).toBeGreaterThan(4);
    const deep = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, message_id: ids[2], limit: 3 });
    expect(deep.data.branch_id).toBe(c.firstId);
    expect(deep.data.messages.map((m) => m.id)).toEqual([ids[3], ids[2], ids[1]]);
    const rest = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, message_id: ids[2], limit: 3, cursor: deep.data.next_cursor });
    expect(rest.data.messages.map((m) => m.id)).toEqual([ids[0]]);
    // At the default page size, five newer messages at most stand above it.
    const wide = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, message_id: ids[0] });
    expect(wide.data.messages.map((m) => m.id)).toEqual(ids.slice(0, 6).reverse());

    // Paged within the branch.
    const p1 = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, branch_id: c.firstId, limit: 2 });
    const p2 = await staff<Transcript>("adminPlayerChat", { user_id: g.id, story_id: story.storyId, branch_id: c.firstId, limit: 100, cursor: p1.data.next_cursor });
    expect([...p1.data.messages, ...p2.data.messages].map((m) => m.id)).toEqual(lines(c.first).reverse().map(([id]) => id));

    // Bad input is a clear 4xx.
    const other2 = await newGuest(api);
    expect((await call<Turn>(api, "POST", SEND, { token: other2.token, body: target() })).code).toBe("0");
    const theirLines = (await history(other2.token)).messages.map((m) => m.id);
    const theirLine = theirLines[0]!;
    for (const [bad, status] of [
      [{ branch_id: "abc" }, 400],
      [{ message_id: "0" }, 400],
      [{ branch_id: c.firstId, message_id: parkedLine.id }, 400],
      [{ branch_id: "0" }, 404],
      [{ branch_id: "999999999" }, 404],
      [{ message_id: theirLine }, 404],
    ] as const) {
      expect((await staff("adminPlayerChat", { user_id: g.id, story_id: story.storyId, ...bad })).status, JSON.stringify(bad)).toBe(status);
    }
    // A chat that never forked is one branch, "0".
    const plain = await staff<Transcript>("adminPlayerChat", { user_id: other2.id, story_id: story.storyId });
    expect(plain.data).toMatchObject({ branch_id: "0", branches: [expect.objectContaining({ id: "0", shown: true, parent_id: null })] });
    expect(plain.data.messages.map((m) => m.id)).toEqual([...theirLines].reverse());
    expect((await staff<Transcript>("adminPlayerChat", { user_id: other2.id, story_id: story.storyId, branch_id: "0" })).data.branch_id).toBe("0");
  });
});

type Export = { export: { tables: Record<string, Record<string, unknown>[]> } };
const count = async (table: string, userId: number) =>
  Number(rowsOf<{ n: number }>(await api.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`))[0]!.n);

describe(`the data export and erasure of a chat with branches (${engine})`, () => {
  it("exports every row with its branch, origin and parked flag, and the branches; erasure deletes rows, branches and branch memories", async () => {
    const g = await newGuest(api);
    const c = await forked(g.token, g.id, "export pin one", "export pin two");
    // A turn on the shown branch after the fork: its rows are that branch's too.
    peer.script({ content: "After the fork." });
    expect((await call<Turn>(api, "POST", SEND, { token: g.token, body: { ...target(), content: "More" } })).code).toBe("0");
    c.second = await history(g.token);
    const r = await callEndpoint<Export>(api, "dataExport", {}, g.token);
    expect(r.status).toBe(200);
    const t = r.data.export.tables;
    const rows = t.chat_messages!;
    // Every row is the player's data: both branches' (the fork's copies too).
    expect(rows).toHaveLength(c.first.messages.length + c.second.messages.length);
    const onFirst = rows.filter((m) => String(m.branch_id) === c.firstId);
    const onSecond = rows.filter((m) => String(m.branch_id) === c.secondId);
    expect(onFirst.map((m) => String(m.id)).sort()).toEqual(c.first.messages.map((m) => m.id).sort());
    expect(onFirst.every((m) => m.parked === true && m.origin_id === null)).toBe(true);
    expect(onSecond.map((m) => String(m.id)).sort()).toEqual(c.second.messages.map((m) => m.id).sort());
    expect(onSecond.every((m) => m.parked === false)).toBe(true);
    expect(onSecond.filter((m) => m.origin_id !== null)).toHaveLength(c.second.messages.length - 2);
    expect(t.chat_branches!.map((b) => [String(b.id), b.active, b.parent_id === null ? null : String(b.parent_id), b.fork_origin === null ? null : String(b.fork_origin)])).toEqual([
      [c.secondId, true, c.firstId, c.replyId],
      [c.firstId, false, null, null],
    ]);
    expect(t.chat_memories!.map((m) => [m.branch_id, m.pins]).sort()).toEqual(
      [
        [c.firstId, ["export pin one"]],
        [c.secondId, ["export pin two"]],
      ].sort(),
    );

    expect(await count("chat_branches", g.id)).toBe(2);
    expect(await count("chat_memories", g.id)).toBe(2);
    await api.ctx.db.transaction((tx) => eraseAccount(tx, g.id));
    for (const table of ["chat_messages", "chat_branches", "chat_memories"]) expect(await count(table, g.id), table).toBe(0);
    const prompts = rowsOf<{ n: number }>(
      await api.ctx.db.execute(sql`select count(*)::int as n from chat_prompts where message_id in (${sql.join(
        [...c.first.messages, ...c.second.messages].map((m) => sql`${Number(m.id)}`),
        sql`, `,
      )})`),
    );
    expect(Number(prompts[0]!.n)).toBe(0);
  });
});
