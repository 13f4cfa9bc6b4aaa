import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { chatMessages } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest, signedInUser } from "./http";
import { addTestStory, chatLedger, coins, eventually, leaseFree, stream, type Msg } from "./chat.support";

// The money of model replies: each reply's price is held before the model is asked, kept when the
// reply is stored, given back once when it is not; edits and regenerations never lose a paid reply;
// per-address and guest limits on model calls.

interface Turn {
  messages: Msg[];
  coins: number;
  ended: boolean;
}

const SEND = "/api/v1/actor/chat/message.send";
const EDIT = "/api/v1/actor/chat/message.edit";
const REGENERATE = "/api/v1/actor/chat/message.regenerate";
const engine = process.env.DATABASE_URL ? "postgres" : "pglite";

/** A guest (or `token`'s user) who opened `story` with Mara; returns the message offering the choices. */
async function open(api: RunningApi, story: { storyId: string; mara: string }, who?: { token: string; id: number }) {
  const g: { token: string; id: number } = who ?? (await newGuest(api).then((x) => ({ token: x.token, id: x.user.id })));
  const target = { story_id: story.storyId, actor_id: story.mara };
  const start = await call<Turn>(api, "POST", SEND, { token: g.token, body: target });
  expect(start.code).toBe("0");
  return { token: g.token, id: g.id, target, offer: start.data.messages.at(-1)! };
}

const rowsOf = (api: RunningApi, userId: number, storyId: string) =>
  api.ctx.db.select().from(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId))).orderBy(chatMessages.id);

describe(`the price of a model reply (${engine})`, () => {
  let api: RunningApi;
  let peer: ModelPeer;
  let story: Awaited<ReturnType<typeof addTestStory>>;
  let other: Awaited<ReturnType<typeof addTestStory>>;
  beforeAll(async () => {
    peer = await startModelPeer({ defaults: { reasoning: null } });
    api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_RETRIES: 0 });
    story = await addTestStory(api.ctx.db);
    other = await addTestStory(api.ctx.db);
  });
  afterAll(async () => {
    await api?.stop();
    await peer?.close();
  });
  beforeEach(() => peer.reset());
  const settled = (userId: number, storyId = story.storyId) => eventually(() => leaseFree(api.ctx.db, userId, storyId));

  it("a model failure before any text gives the coins back exactly once; a stopped reply with text is charged once", async () => {
    const p = await open(api, story);
    peer.script({ status: 500 });
    const failed = await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hello?" } });
    expect([failed.status, failed.code]).toEqual([502, "MODEL_ERROR"]);
    await settled(p.id);
    expect(await chatLedger(api.ctx.db, p.id)).toEqual({ debits: 1, refunds: 1, debited: 1, refunded: 1 });
    expect((await coins(api.ctx.db, p.id)).coins).toBe(20);

    peer.script({ content: "a b c d e f g h i j k l m n o p", tokenDelayMs: 100 });
    const ctl = new AbortController();
    const s = await stream(api, SEND, { ...p.target, content: "Talk slowly" }, p.token, ctl.signal);
    for (let e = await s.next(); e && e.event !== "delta"; e = await s.next());
    ctl.abort();
    await peer.waitFor((r) => r.outcome === "aborted", 2000);
    await settled(p.id);
    const reply = (await rowsOf(api, p.id, story.storyId)).at(-1)!;
    expect(reply).toMatchObject({ role: "actor", stopped: true, pending: false });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(await chatLedger(api.ctx.db, p.id)).toEqual({ debits: 2, refunds: 1, debited: 2, refunded: 1 });
    expect((await coins(api.ctx.db, p.id)).coins).toBe(19);
  });

  it("holds the reply's price while it is written: coins cannot be spent twice, and no reply is kept unpaid", async () => {
    const p = await open(api, story);
    const q = await open(api, other, p);
    await api.ctx.db.execute(sql`update users set coins = 1 where id = ${p.id}`);
    peer.script({ content: "one two three four five six", tokenDelayMs: 80 });
    const s = await stream(api, SEND, { ...p.target, content: "Who are you?" }, p.token);
    for (let e = await s.next(); e && e.event !== "delta"; e = await s.next());
    // The coin is held by the reply being written: a choice in another story cannot spend it.
    const choice = await call(api, "POST", SEND, { token: p.token, body: { ...q.target, choice: 0, choice_of: q.offer.id } });
    expect([choice.status, choice.code]).toEqual([402, "INSUFFICIENT_COINS"]);
    const done = (await s.rest()).at(-1)!;
    expect(done).toMatchObject({ event: "done", data: { coins: 0 } });
    expect(await chatLedger(api.ctx.db, p.id)).toEqual({ debits: 1, refunds: 0, debited: 1, refunded: 0 });
    expect((await coins(api.ctx.db, p.id)).coins).toBe(0);
  });

  it("a group scene's further character speaks only once its price is held", async () => {
    const g = await newGuest(api);
    const target = { story_id: story.storyId, actor_id: story.mara, mode: "group" };
    expect((await call(api, "POST", SEND, { token: g.token, body: target })).code).toBe("0");
    const q = await open(api, other, { token: g.token, id: g.user.id });
    await api.ctx.db.execute(sql`update users set coins = 1 where id = ${g.user.id}`);
    peer.script({ content: "one two three four five six", tokenDelayMs: 80 });
    const s = await stream(api, SEND, { ...target, content: "Evening, everyone." }, g.token);
    for (let e = await s.next(); e && e.event !== "delta"; e = await s.next());
    // Spending elsewhere meanwhile finds the coin held by the first character's reply.
    const choice = await call(api, "POST", SEND, { token: g.token, body: { ...q.target, choice: 0, choice_of: q.offer.id } });
    expect([choice.status, choice.code]).toEqual([402, "INSUFFICIENT_COINS"]);
    const done = (await s.rest()).at(-1)!;
    expect(done.event).toBe("done");
    // The second character's price could not be held: the scene ends after the first.
    expect((done.data.messages as Msg[]).map((m) => m.actor_id)).toEqual([null, story.mara]);
    expect(done.data.coins).toBe(0);
    expect(peer.requests).toHaveLength(1);
    expect(await chatLedger(api.ctx.db, g.user.id)).toEqual({ debits: 1, refunds: 0, debited: 1, refunded: 0 });
  });

  it("an edit refused (402, 429) or failing leaves the thread and the player's words as they were", async () => {
    const p = await open(api, story);
    peer.script({ content: "First take." });
    const first = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Tell me" } });
    expect(first.code).toBe("0");
    await settled(p.id);
    const before = await rowsOf(api, p.id, story.storyId);
    const edit = { ...p.target, message_id: first.data.messages[0]!.id, content: "Tell me more" };

    peer.script({ status: 500 });
    const failed = await call(api, "POST", EDIT, { token: p.token, body: edit });
    expect([failed.status, failed.code]).toEqual([502, "MODEL_ERROR"]);
    await settled(p.id);
    expect(await rowsOf(api, p.id, story.storyId)).toEqual(before);
    expect((await coins(api.ctx.db, p.id)).coins).toBe(19);

    await api.ctx.db.execute(sql`update rate_limits set count = 1000 where key = ${`llm:user:${p.id}`}`);
    const limited = await call(api, "POST", EDIT, { token: p.token, body: edit });
    expect([limited.status, limited.code]).toEqual([429, "RATE_LIMITED"]);
    expect(await rowsOf(api, p.id, story.storyId)).toEqual(before);
    await api.ctx.db.execute(sql`delete from rate_limits where key = ${`llm:user:${p.id}`}`);

    await api.ctx.db.execute(sql`update users set coins = 0 where id = ${p.id}`);
    const broke = await call(api, "POST", EDIT, { token: p.token, body: edit });
    expect([broke.status, broke.code]).toEqual([402, "INSUFFICIENT_COINS"]);
    expect(await rowsOf(api, p.id, story.storyId)).toEqual(before);
    expect(peer.requests).toHaveLength(2);

    // A paid edit replaces the words and the reply in one write.
    await api.ctx.db.execute(sql`update users set coins = 5 where id = ${p.id}`);
    peer.script({ content: "Edited answer." });
    const ok = await call<Turn>(api, "POST", EDIT, { token: p.token, body: edit });
    expect(ok.data.messages.map((m) => m.content)).toEqual(["Tell me more", "Edited answer."]);
    const after = await rowsOf(api, p.id, story.storyId);
    expect(after.filter((r) => r.id > Number(edit.message_id)).map((r) => r.content)).toEqual(["Edited answer."]);
    expect(ok.data.coins).toBe(4);
  });

  it("an unpaid or failing regenerate is refused without losing the shown reply", async () => {
    const p = await open(api, story);
    peer.script({ content: "Shown reply." });
    expect((await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Tell me" } })).code).toBe("0");
    await settled(p.id);
    const before = await rowsOf(api, p.id, story.storyId);

    await api.ctx.db.execute(sql`update users set coins = 0 where id = ${p.id}`);
    const broke = await call(api, "POST", REGENERATE, { token: p.token, body: p.target });
    expect([broke.status, broke.code]).toEqual([402, "INSUFFICIENT_COINS"]);
    expect(peer.requests).toHaveLength(1);
    expect(await rowsOf(api, p.id, story.storyId)).toEqual(before);

    await api.ctx.db.execute(sql`update users set coins = 3 where id = ${p.id}`);
    peer.script({ status: 500 });
    const failed = await call(api, "POST", REGENERATE, { token: p.token, body: p.target });
    expect([failed.status, failed.code]).toEqual([502, "MODEL_ERROR"]);
    await settled(p.id);
    expect(await rowsOf(api, p.id, story.storyId)).toEqual(before);
    expect((await coins(api.ctx.db, p.id)).coins).toBe(3);
    expect(await chatLedger(api.ctx.db, p.id)).toMatchObject({ refunds: 1, refunded: 1 });
  });
});

describe(`model calls per client address (${engine})`, () => {
  let api: RunningApi;
  let peer: ModelPeer;
  let story: Awaited<ReturnType<typeof addTestStory>>;
  beforeAll(async () => {
    peer = await startModelPeer({ defaults: { reasoning: null } });
    api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_RATE_PER_IP_PER_MINUTE: 12 });
    story = await addTestStory(api.ctx.db);
  });
  afterAll(async () => {
    await api?.stop();
    await peer?.close();
  });

  it("6 accounts × 10 typed messages from one address: at most 12 replies, the rest 429 with retry_after, nothing charged for them", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => open(api, story)));
    const answers = await Promise.all(
      players.map(async (p) => {
        const out = [];
        for (let i = 0; i < 10; i++) out.push(await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: `Message ${i}` } }));
        return out;
      }),
    );
    const all = answers.flat();
    const ok = all.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThanOrEqual(12);
    for (const a of all.filter((x) => x.status !== 200)) {
      expect([a.status, a.code, a.message]).toEqual([429, "RATE_LIMITED", "Too many replies from your network in a minute; wait a moment"]);
      expect((a.data as { retry_after?: number }).retry_after).toBeGreaterThanOrEqual(1);
    }
    expect(peer.requests).toHaveLength(ok.length);
    for (const [i, p] of players.entries()) {
      const replies = answers[i]!.filter((a) => a.status === 200).length;
      expect(await chatLedger(api.ctx.db, p.id)).toMatchObject({ debits: replies, refunds: 0 });
      expect((await coins(api.ctx.db, p.id)).coins).toBe(20 - replies);
    }
  });
});

describe(`a guest's model replies per day (${engine})`, () => {
  let api: RunningApi;
  let peer: ModelPeer;
  let story: Awaited<ReturnType<typeof addTestStory>>;
  beforeAll(async () => {
    peer = await startModelPeer({ defaults: { reasoning: null } });
    api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_GUEST_REPLIES_PER_DAY: 3 });
    story = await addTestStory(api.ctx.db);
  });
  afterAll(async () => {
    await api?.stop();
    await peer?.close();
  });

  it("past the day's replies a guest is asked to sign in, charged nothing; a signed-in player goes on", async () => {
    const g = await open(api, story);
    for (let i = 0; i < 3; i++) expect((await call(api, "POST", SEND, { token: g.token, body: { ...g.target, content: `Hi ${i}` } })).status).toBe(200);
    const past = await call(api, "POST", SEND, { token: g.token, body: { ...g.target, content: "One more" } });
    expect([past.status, past.code, past.message]).toEqual([429, "RATE_LIMITED", "Guests get 3 replies a day; sign in to keep chatting"]);
    expect((past.data as { retry_after?: number }).retry_after).toBeGreaterThan(3600);
    expect((await coins(api.ctx.db, g.id)).coins).toBe(17);
    const regen = await call(api, "POST", REGENERATE, { token: g.token, body: g.target });
    expect([regen.status, regen.code]).toEqual([429, "RATE_LIMITED"]);
    expect(peer.requests).toHaveLength(3);

    const signed = await signedInUser(api, "Reader");
    const s = await open(api, story, signed);
    for (let i = 0; i < 4; i++) expect((await call(api, "POST", SEND, { token: s.token, body: { ...s.target, content: `Hi ${i}` } })).status).toBe(200);
  });
});
