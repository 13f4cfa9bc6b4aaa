import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { chatMessages } from "@storyloom/db";
import type { ModelPeer } from "@storyloom/model-peer";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { chatLedger, coins, stopMidReply, stream, type Msg, type TestStory, useModelChat, wholeReply } from "./chat.support";

// Swipe any character reply, and branch (issue 45): the real server on the real database, the model
// a local peer speaking the OpenAI streaming protocol.

interface Turn {
  messages: Msg[];
  coins: number;
  ended: boolean;
}
interface Thread {
  messages: Msg[];
  ended: boolean;
  branch_id?: string;
}
interface Branch {
  id: string;
  parent_id: string | null;
  fork_message_id: string | null;
  line: string | null;
  last_line: string | null;
  messages: number;
  active: boolean;
}

const SEND = "/api/v1/actor/chat/message.send";
const HISTORY = "/api/v1/actor/chat/game.history";
const LIST = "/api/v1/actor/chat/branch.list";
const SWITCH = "/api/v1/actor/chat/branch.switch";
const FORK = "/api/v1/actor/chat/branch.fork";
const stack = useModelChat();
let api: RunningApi;
let peer: ModelPeer;
let story: TestStory;
beforeAll(() => void ({ api, peer, story } = stack));

/** The ink state a user's chat stands in (the shown branch's newest saved row). */
async function inkOf(userId: number): Promise<string> {
  const [row] = await api.ctx.db
    .select({ state: chatMessages.state })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, story.storyId), isNotNull(chatMessages.state), eq(chatMessages.parked, false)))
    .orderBy(chatMessages.id)
    .limit(1000)
    .then((rows) => rows.slice(-1));
  return (row!.state as { ink: string }).ink;
}

/**
 * A guest with a played chat: the opening, "Hello" answered "First reply.", then words that take
 * the first choice ("Into the rain.", the story moves to the flooded alley).
 */
async function played() {
  const g = await newGuest(api);
  const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" as const };
  expect((await call<Turn>(api, "POST", SEND, { token: g.token, body: target })).code).toBe("0");
  const openingInk = await inkOf(g.user.id);
  peer.script({ content: "First reply." });
  const hello = await call<Turn>(api, "POST", SEND, { token: g.token, body: { ...target, content: "Hello" } });
  expect(hello.code).toBe("0");
  peer.script({ content: "Into the rain.", toolCall: { name: "take_choice", arguments: '{"index": 0}' } });
  const go = await call<Turn>(api, "POST", SEND, { token: g.token, body: { ...target, content: "Let's follow her" } });
  expect(go.data.messages.at(-1)).toMatchObject({ role: "narrator", content: "The alley is knee-deep in water and Lacquer is gone." });
  const thread = (await call<Thread>(api, "POST", HISTORY, { token: g.token, body: { story_id: story.storyId, actor_id: story.mara } })).data;
  return { ...g, id: g.user.id, target, replyId: hello.data.messages[1]!.id, openingInk, advancedInk: await inkOf(g.user.id), thread };
}

const history = async (token: string) => (await call<Thread>(api, "POST", HISTORY, { token, body: { story_id: story.storyId, actor_id: story.mara } })).data;
const branches = async (token: string) => (await call<{ branches: Branch[] }>(api, "POST", LIST, { token, body: { story_id: story.storyId } })).data.branches;

describe(`branches of a chat (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a chat that never forked is one branch, and every model reply pages its alternatives", async () => {
    const p = await played();
    const list = await branches(p.token);
    expect(list).toEqual([expect.objectContaining({ id: "0", parent_id: null, line: null, active: true, messages: p.thread.messages.length })]);
    expect(list[0]!.last_line).toBe("The alley is knee-deep in water and Lacquer is gone.");
    // The earlier reply pages too (not only the last one).
    expect(p.thread.messages.find((m) => m.id === p.replyId)).toMatchObject({ content: "First reply.", alternatives: { index: 0, count: 1 } });
    expect((await call<Thread>(api, "POST", SWITCH, { token: p.token, body: { story_id: story.storyId, branch_id: "0" } })).code).toBe("0");
  });

  it("regenerating an earlier reply forks: charged once, the old branch intact, the ink position and variables of that turn restored", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    expect(p.advancedInk).not.toBe(p.openingInk);

    peer.script({ content: "Second take." });
    const s = await stream(api, FORK, { ...p.target, message_id: p.replyId }, p.token);
    const done = (await s.rest()).at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.messages).toEqual([expect.objectContaining({ content: "Second take.", alternatives: { index: 1, count: 2 } })]);
    // The model wrote the new alternative from the turns before the reply.
    expect(peer.requests.at(-1)!.body.messages!.at(-1)).toEqual({ role: "user", content: "Hello" });
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });

    // The new branch: the turns up to the reply, its new alternative, the story where it stood then.
    const now = await history(p.token);
    const at = p.thread.messages.findIndex((m) => m.id === p.replyId);
    expect(now.messages.map((m) => m.content)).toEqual([...p.thread.messages.slice(0, at).map((m) => m.content), "Second take."]);
    expect(now.messages.filter((m) => m.choices).at(-1)!.choices!.map((c) => c.text)).toEqual(["Follow Lacquer into the rain", "Stay at the bar and wait"]);
    expect(await inkOf(p.id)).toBe(p.openingInk);

    // The old branch is kept: listed with its lines, and shown again for free, as it was.
    const list = await branches(p.token);
    expect(list).toHaveLength(2);
    const [old, fresh] = list as [Branch, Branch];
    expect(old).toMatchObject({ parent_id: null, active: false, messages: p.thread.messages.length, last_line: "The alley is knee-deep in water and Lacquer is gone." });
    expect(fresh).toMatchObject({ parent_id: old.id, active: true, line: "Second take.", fork_message_id: p.replyId, messages: at + 1 });
    const back = await call<Thread>(api, "POST", SWITCH, { token: p.token, body: { story_id: story.storyId, branch_id: old.id } });
    expect(back.data.branch_id).toBe(old.id);
    expect(back.data.messages.map((m) => [m.id, m.content])).toEqual(p.thread.messages.map((m) => [m.id, m.content]));
    expect(await inkOf(p.id)).toBe(p.advancedInk);
    // The old branch's reply pages the new alternative too; choosing it shows the branch that has it (no new fork).
    expect(back.data.messages.find((m) => m.id === p.replyId)!.alternatives).toEqual({ index: 0, count: 2 });
    expect((await call<Turn>(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: p.replyId, index: 1 } })).code).toBe("0");
    expect((await branches(p.token)).map((b) => [b.id, b.active])).toEqual([
      [old.id, false],
      [fresh.id, true],
    ]);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });

    // The new branch plays on by itself; the old one keeps its turns.
    peer.script({ content: "We stay dry." });
    const typed = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Let's stay" } });
    expect(typed.data.messages.map((m) => m.content)).toEqual(["Let's stay", "We stay dry."]);
    await call(api, "POST", SWITCH, { token: p.token, body: { story_id: story.storyId, branch_id: old.id } });
    expect((await history(p.token)).messages.map((m) => m.content)).toEqual(p.thread.messages.map((m) => m.content));
  });

  it("the last reply pages in place; choosing another alternative of an earlier reply forks for free", async () => {
    const p = await played();
    peer.script({ content: "Another first." }, { content: "Third take." });
    await call<Turn>(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: p.replyId } });
    const forked = (await history(p.token)).messages.at(-1)!;
    // Nothing follows it on this branch: a new alternative is written in place, and paged in place.
    const again = await call<Turn>(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: forked.id } });
    expect(again.data.messages).toEqual([expect.objectContaining({ id: forked.id, content: "Third take.", alternatives: { index: 2, count: 3 } })]);
    expect(await branches(p.token)).toHaveLength(2);
    const before = await coins(api.ctx.db, p.id);
    await call<Turn>(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: forked.id, index: 1 } });
    expect((await history(p.token)).messages.at(-1)).toMatchObject({ id: forked.id, content: "Another first.", alternatives: { index: 1, count: 3 } });
    expect(await branches(p.token)).toHaveLength(2);

    // On the old branch, the earlier reply pages all three; its third continues on a new branch.
    const old = (await branches(p.token))[0]!;
    await call(api, "POST", SWITCH, { token: p.token, body: { story_id: story.storyId, branch_id: old.id } });
    expect((await history(p.token)).messages.find((m) => m.id === p.replyId)!.alternatives).toEqual({ index: 0, count: 3 });
    expect((await call<Turn>(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: p.replyId, index: 2 } })).code).toBe("0");
    const list = await branches(p.token);
    expect(list).toHaveLength(3);
    expect(list[2]).toMatchObject({ parent_id: old.id, active: true, line: "Third take." });
    expect((await history(p.token)).messages.at(-1)).toMatchObject({ content: "Third take.", alternatives: { index: 2, count: 3 } });
    expect(await coins(api.ctx.db, p.id)).toEqual(before);
  });

  it("a new alternative of an earlier reply streams: start, deltas, done in order; the new branch's reply is what streamed", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    peer.script({ content: "Second take, told slowly.", reasoning: null, tokenDelayMs: 5 });
    const reply = await wholeReply<Turn & { message_id: string }>(await stream(api, FORK, { ...p.target, message_id: p.replyId }, p.token));
    expect(reply.kinds).toEqual(["start", "delta", "done"]);
    expect(reply.start).toEqual({ role: "actor", actor_id: story.mara });
    const text = reply.text.trim();
    expect(text).toBe("Second take, told slowly.");
    const done = reply.done;
    expect(done.messages).toEqual([expect.objectContaining({ id: done.message_id, content: text, alternatives: { index: 1, count: 2 } })]);
    expect(done.messages[0]!.stopped).toBeFalsy();
    const now = await history(p.token);
    expect(now.messages.at(-1)).toMatchObject({ id: done.message_id, content: text });
    expect(await branches(p.token)).toHaveLength(2);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
    expect(done.coins).toBe(before.coins - 1);
  });

  it("a fork stopped mid-stream stores the branch with the words so far, marked stopped, and charges once", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    const ledger = await chatLedger(api.ctx.db, p.id);
    const { seen, full } = await stopMidReply({ api, peer, db: api.ctx.db, userId: p.id, storyId: story.storyId }, FORK, { ...p.target, message_id: p.replyId }, p.token);
    const now = await history(p.token);
    const at = p.thread.messages.findIndex((m) => m.id === p.replyId);
    expect(now.messages.slice(0, -1).map((m) => m.content)).toEqual(p.thread.messages.slice(0, at).map((m) => m.content));
    const reply = now.messages.at(-1)!;
    expect(reply).toMatchObject({ stopped: true, alternatives: { index: 1, count: 2 } });
    expect(reply.content.startsWith(seen.trim())).toBe(true);
    expect(reply.content.length).toBeLessThan(full.length);
    expect(await branches(p.token)).toHaveLength(2);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
    expect(await chatLedger(api.ctx.db, p.id)).toMatchObject({ debits: ledger.debits + 1, refunds: ledger.refunds });
  });

  it("a double click makes one branch and one charge", async () => {
    const p = await played();
    const before = await coins(api.ctx.db, p.id);
    peer.script({ content: "Once.", firstTokenDelayMs: 300 }, { content: "Twice." });
    const body = { ...p.target, message_id: p.replyId };
    const [a, b] = await Promise.all([call<Turn>(api, "POST", FORK, { token: p.token, body }), call<Turn>(api, "POST", FORK, { token: p.token, body })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await branches(p.token)).toHaveLength(2);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: before.coins - 1, charges: before.charges + 1 });
  });

  it("is the owner's alone (404), and refuses bad input with nothing changed", async () => {
    const p = await played();
    peer.script({ content: "Mine." });
    await call(api, "POST", FORK, { token: p.token, body: { ...p.target, message_id: p.replyId } });
    const list = await branches(p.token);
    const other = await newGuest(api);
    // Another player sees only their own chat, and cannot reach this one's branches or messages.
    expect(await branches(other.token)).toEqual([expect.objectContaining({ id: "0", messages: 0 })]);
    expect((await call(api, "POST", SWITCH, { token: other.token, body: { story_id: story.storyId, branch_id: list[0]!.id } })).status).toBe(404);
    expect((await call(api, "POST", FORK, { token: other.token, body: { ...p.target, message_id: p.replyId, index: 0 } })).status).toBe(404);
    expect((await call(api, "POST", FORK, { token: other.token, body: { ...p.target, message_id: p.replyId } })).status).toBe(404);
    expect((await call(api, "POST", LIST, { body: { story_id: story.storyId } })).status).toBe(401);
    expect((await call(api, "POST", LIST, { token: p.token, body: { story_id: "no-such-story" } })).status).toBe(404);

    const shown = await history(p.token);
    const reply = shown.messages.at(-1)!;
    const bad = [
      { body: { story_id: story.storyId, branch_id: "abc" }, path: SWITCH, status: 400 },
      { body: { story_id: story.storyId, branch_id: "999999999" }, path: SWITCH, status: 404 },
      { body: { ...p.target, message_id: reply.id, index: 20 }, path: FORK, status: 400 },
      { body: { ...p.target, message_id: reply.id, index: 5 }, path: FORK, status: 400 },
      { body: { ...p.target, message_id: "x1" }, path: FORK, status: 400 },
      { body: { ...p.target, message_id: reply.id, extra: 1 }, path: FORK, status: 400 },
      // A player's own words have no alternatives; a reply on the other branch must be shown first.
      { body: { ...p.target, message_id: shown.messages.find((m) => m.role === "user")!.id, index: 0 }, path: FORK, status: 409 },
      { body: { ...p.target, message_id: p.thread.messages.at(-2)!.id, index: 0 }, path: FORK, status: 409 },
    ];
    for (const b of bad) expect({ path: b.path, body: b.body, status: (await call(api, "POST", b.path, { token: p.token, body: b.body })).status }).toEqual({ ...b });
    expect(await branches(p.token)).toEqual(list);
    expect((await history(p.token)).messages).toEqual(shown.messages);
  });
});
