import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { chatMessages, rowsOf } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import { openTurnSql } from "../src/services/chat";
import { takeChatLeaseCounted } from "../src/services/chatLease";
import { signAccessToken, verifyAccessToken } from "../src/auth/tokens";
import { liveCallerSql } from "../src/auth/session";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory, chatLedger, coins, eventually, leaseFree, stream, type Msg } from "./chat.support";

// The engine against a local OpenAI-compatible peer speaking the real streaming protocol.

interface Turn {
  messages: Msg[];
  coins: number;
  ended: boolean;
}

const SEND = "/api/v1/actor/chat/message.send";
let api: RunningApi;
let peer: ModelPeer;
let story: { storyId: string; mara: string; tobin: string };

beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_API_KEY: "sk-test", LLM_MODEL: "peer-model", LLM_RETRIES: 1, LLM_MAX_OUTPUT_TOKENS: 123, LLM_FIRST_TOKEN_TIMEOUT_MS: 5000 });
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});
beforeEach(() => peer.reset());

/** A guest who opened the test story with Mara. */
async function player(mode: "character" | "story" | "group" = "character") {
  const g = await newGuest(api);
  const target = { story_id: story.storyId, ...(mode === "story" ? {} : { actor_id: story.mara }), mode };
  const start = await call<Turn>(api, "POST", SEND, { token: g.token, body: target });
  expect(start.code).toBe("0");
  return { ...g, id: g.user.id, target, offer: start.data.messages.at(-1)!.id };
}
const rows = (userId: number) => api.ctx.db.select().from(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, story.storyId))).orderBy(chatMessages.id);
const settled = (userId: number) => eventually(() => leaseFree(api.ctx.db, userId, story.storyId));

describe(`the AI story engine (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("says free replies are on, and streams the reply as the model writes it", async () => {
    const p = await player();
    const h = await call<{ free_text: boolean }>(api, "POST", "/api/v1/actor/chat/game.history", { token: p.token, body: { story_id: story.storyId, actor_id: story.mara } });
    expect(h.data.free_text).toBe(true);

    peer.script({ content: "one two three four five six", reasoning: null, tokenDelayMs: 120 });
    const s = await stream(api, SEND, { ...p.target, content: "Who are you?" }, p.token, undefined, { origin: "http://localhost:3000" });
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(s.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(s.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.res.headers.get("x-accel-buffering")).toBe("no");
    expect(s.res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(await s.next()).toMatchObject({ event: "start", data: { role: "actor", actor_id: story.mara } });
    const first = await s.next();
    expect(first).toMatchObject({ event: "delta", data: { text: "one" } });
    // The first token reached us while the peer was still writing: nothing buffers the stream.
    expect(peer.requests[0]!.outcome).toBe("streaming");
    const rest = await s.rest();
    const text = ["one", ...rest.filter((e) => e.event === "delta").map((e) => e.data.text as string)].join("");
    expect(text).toBe("one two three four five six");
    const done = rest.at(-1)!;
    expect(done.event).toBe("done");
    const msgs = done.data.messages as Msg[];
    expect(msgs.map((m) => m.role)).toEqual(["user", "actor"]);
    expect(msgs[1]).toMatchObject({ content: text, source: "model", alternatives: { index: 0, count: 1 } });
    expect(done.data.message_id).toBe(msgs[1]!.id);
    expect(done.data.coins).toBe(19);
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 19, sum: 19, charges: 1 });

    // The request the model saw: the configured model, output cap, persona, scene with tags, open choices and the choice tool.
    const req = peer.requests[0]!;
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.body).toMatchObject({ model: "peer-model", max_tokens: 123, stream: true });
    const system = req.body.messages![0]!.content as string;
    for (const part of ["You are Mara Quill", "A wry courier who never lies.", "You're late.", "Scene: The Lantern Bar", "goal: Decide whether to trust Lacquer", "Rain hammers the neon sign", `Mara Quill: "Don't follow her," Mara mutters.`, "0: Follow Lacquer into the rain", "1: Stay at the bar and wait"]) {
      expect(system).toContain(part);
    }
    expect(req.body.messages!.at(-1)).toEqual({ role: "user", content: "Who are you?" });
    expect(req.body.tools?.[0]?.function?.name).toBe("take_choice");
  });

  it("reads the thread for the prompt without the states, reasonings and alternatives it does not use", async () => {
    const p = await player();
    peer.script({ content: "Fine.", reasoning: "a long think" });
    expect((await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hello" } })).code).toBe("0");
    await settled(p.id);
    // What the next typed message's one statement reads (taken here, then released unused).
    const open = openTurnSql(p.id, story.storyId, "next", { actorId: story.mara, role: "actor" });
    const caller = { liveSql: liveCallerSql(verifyAccessToken(api.ctx.config.TOKEN_SECRET, p.token)!), cost: 1 };
    const { lease, row } = await takeChatLeaseCounted<Parameters<typeof open.read>[0]>(api.ctx.db, p.id, story.storyId, 5000, [{ key: `test:${p.id}`, limit: 100, windowS: 60, message: "" }], caller, open);
    await lease.release();
    const { thread, inserted } = open.read(row);
    expect(inserted?.map((r) => r.role)).toEqual(["user", "actor"]);
    const stored = await rows(p.id);
    expect(stored.some((r) => r.state !== null) && stored.some((r) => r.reasoning === "a long think")).toBe(true);
    expect(thread.rows.map((r) => [r.id, r.role, r.content])).toEqual(stored.filter((r) => r.id < inserted![0]!.id && !r.pending).map((r) => [r.id, r.role, r.content]));
    expect(thread.rows.every((r) => r.state === null && r.reasoning === null && r.alternatives === null)).toBe(true);
    // The state the story stands in comes once, whole, with the row that saved it.
    expect(thread.saved?.state).toEqual(stored.findLast((r) => r.state !== null)!.state);
  });

  it("answers the whole reply as a JSON envelope without the stream header, with its reasoning kept apart", async () => {
    const p = await player();
    for (const style of ["reasoning_content", "reasoning", "think"] as const) {
      peer.script({ content: "Fine.", reasoning: `thinking (${style})`, reasoningStyle: style });
      const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hello" } });
      expect(r.code).toBe("0");
      expect(r.data.messages[1]).toMatchObject({ content: "Fine.", reasoning: `thinking (${style})` });
    }
    peer.script({ content: "Sure.", reasoning: "hmm", reasoningStyle: "reasoning" });
    const s = await stream(api, SEND, { ...p.target, content: "Again" }, p.token);
    const events = await s.rest();
    expect(events.filter((e) => e.event === "reasoning").map((e) => e.data.text).join("")).toBe("hmm");
    expect(events.filter((e) => e.event === "delta").map((e) => e.data.text).join("")).toBe("Sure.");
    const history = await call<{ messages: Msg[] }>(api, "POST", "/api/v1/actor/chat/reasoning/game.history", { token: p.token, body: { story_id: story.storyId } });
    expect(history.data.messages.at(-1)).toMatchObject({ content: "Sure.", reasoning: "hmm" });
  });

  it("a stopped reply keeps its text and is charged once; the abort reaches the model within a second", async () => {
    const p = await player();
    peer.script({ content: "a b c d e f g h i j k l m n o p", reasoning: null, tokenDelayMs: 100 });
    const ctl = new AbortController();
    const s = await stream(api, SEND, { ...p.target, content: "Talk slowly" }, p.token, ctl.signal);
    let seen = "";
    for (let e = await s.next(); e && seen.length < 4; e = await s.next()) if (e.event === "delta") seen += e.data.text as string;
    const stoppedAt = Date.now();
    ctl.abort();
    const rec = await peer.waitFor((r) => r.outcome === "aborted", 2000);
    expect(rec.abortedAt! - stoppedAt).toBeLessThan(1000);
    await settled(p.id);
    const reply = (await rows(p.id)).at(-1)!;
    expect(reply).toMatchObject({ role: "actor", stopped: true, pending: false });
    expect(reply.content.startsWith(seen.trim())).toBe(true);
    expect(reply.content.length).toBeLessThan("a b c d e f g h i j k l m n o p".length);
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 19, sum: 19, charges: 1 });
  });

  it("a reply stopped before its first word, or failing, costs nothing and leaves no reply", async () => {
    const p = await player();
    peer.script({ firstTokenDelayMs: 3000 });
    const ctl = new AbortController();
    const s = await stream(api, SEND, { ...p.target, content: "Hello?" }, p.token, ctl.signal);
    expect((await s.next())!.event).toBe("start");
    await peer.waitFor((r) => r.outcome === "streaming", 2000);
    ctl.abort();
    await peer.waitFor((r) => r.outcome === "aborted", 2000);
    await settled(p.id);
    expect((await rows(p.id)).filter((r) => r.role === "actor" && r.source === "model")).toHaveLength(0);

    peer.script({ content: "one two three four", failAfterTokens: 2 });
    const f = await stream(api, SEND, { ...p.target, content: "Go on" }, p.token);
    const events = await f.rest();
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ event: "error", data: { code: "MODEL_ERROR" } });
    peer.script({ status: 500 }, { status: 500 });
    const j = await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Still there?" } });
    expect(j.status).toBe(502);
    expect(j.code).toBe("MODEL_ERROR");
    await settled(p.id);
    expect((await rows(p.id)).filter((r) => r.role === "actor" && r.source === "model")).toHaveLength(0);
    // Each reply's price was held before the model was asked and given back, once, when no reply came.
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: 20, sum: 20 });
    expect(await chatLedger(api.ctx.db, p.id)).toEqual({ debits: 3, refunds: 3, debited: 3, refunded: 3 });
  });

  it("cuts off a reply from a server that ignores the output cap", async () => {
    const p = await player();
    peer.script({ content: "word ".repeat(600), reasoning: null });
    const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Talk forever" } });
    expect(r.data.messages[1]!.content.length).toBeLessThanOrEqual(123 * 8);
    expect(r.data.messages[1]!.stopped).toBeUndefined();
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: 19, charges: 1 });
  });

  it("retries a model failure before the first token", async () => {
    const p = await player();
    peer.script({ status: 503 }, { content: "Back again." });
    const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hi" } });
    expect(r.data.messages[1]!.content).toBe("Back again.");
    expect(peer.requests.map((q) => q.outcome)).toEqual(["failed", "completed"]);
  });

  it("typed words that take an open choice advance the story; an invalid index advances nothing", async () => {
    const p = await player();
    peer.script({ toolCall: { name: "take_choice", arguments: '{"index": 7}' } });
    const bad = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hmm" } });
    expect(bad.data.messages.map((m) => m.role)).toEqual(["user", "actor"]);

    const s = await stream(api, SEND, { ...p.target, content: "I follow Lacquer into the rain" }, p.token);
    const events = await s.rest();
    expect(events.find((e) => e.event === "choices")!.data.choices).toEqual([
      { index: 0, text: "Call out for Lacquer" },
      { index: 1, text: "Turn back" },
    ]);
    const msgs = events.at(-1)!.data.messages as Msg[];
    expect(msgs.map((m) => m.role)).toEqual(["user", "actor", "narrator"]);
    expect(msgs[2]).toMatchObject({ content: "The alley is knee-deep in water and Lacquer is gone.", source: "script" });
    expect(msgs[2]!.choices).toHaveLength(2);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: 18, charges: 2 });
  });

  it("after a scripted choice the character speaks in persona before the next scene; the choice is charged once", async () => {
    const p = await player();
    peer.script({ content: "Then let's get wet." });
    const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, choice: 0, choice_of: p.offer } });
    expect(r.data.messages.map((m) => [m.role, m.source ?? null])).toEqual([
      ["user", null],
      ["actor", "model"],
      ["narrator", "script"],
    ]);
    expect(r.data.messages[1]!.content).toBe("Then let's get wet.");
    expect(peer.requests[0]!.body.tools).toBeUndefined();
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 19, sum: 19, charges: 1 });
  });

  it("regenerates the last reply keeping the alternatives, selects one for free, edits the last message", async () => {
    const p = await player();
    peer.script({ content: "First take." }, { content: "Second take." });
    const first = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Tell me" } });
    const replyId = first.data.messages[1]!.id;
    const s = await stream(api, "/api/v1/actor/chat/message.regenerate", p.target, p.token);
    const done = (await s.rest()).at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.messages).toEqual([expect.objectContaining({ id: replyId, content: "Second take.", alternatives: { index: 1, count: 2 } })]);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: 18, charges: 2 });

    const sel = await call<{ message: Msg }>(api, "POST", "/api/v1/actor/chat/message.select", { token: p.token, body: { story_id: story.storyId, message_id: replyId, index: 0 } });
    expect(sel.data.message).toMatchObject({ content: "First take.", alternatives: { index: 0, count: 2 } });
    expect((await call(api, "POST", "/api/v1/actor/chat/message.select", { token: p.token, body: { story_id: story.storyId, message_id: replyId, index: 2 } })).status).toBe(400);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: 18 });

    peer.script({ content: "Edited answer." });
    const userId = first.data.messages[0]!.id;
    const ed = await call<Turn>(api, "POST", "/api/v1/actor/chat/message.edit", { token: p.token, body: { ...p.target, message_id: userId, content: "Tell me more" } });
    expect(ed.data.messages.map((m) => m.content)).toEqual(["Tell me more", "Edited answer."]);
    const thread = await rows(p.id);
    expect(thread.some((r) => r.id === Number(replyId))).toBe(false);
    expect(peer.requests.at(-1)!.body.messages!.at(-1)).toEqual({ role: "user", content: "Tell me more" });
    // Only the player's last typed message can be edited.
    const greeting = thread.find((r) => r.role === "actor")!;
    expect((await call(api, "POST", "/api/v1/actor/chat/message.edit", { token: p.token, body: { ...p.target, message_id: String(greeting.id), content: "x" } })).status).toBe(409);
  });

  it("in a group scene several characters answer in turn, and one answers alone when named", async () => {
    const p = await player("group");
    const all = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Evening, everyone." } });
    expect(all.data.messages.map((m) => m.actor_id)).toEqual([null, story.mara, story.tobin]);
    expect(all.data.messages[2]!.content).toContain("Tobin Reyes");
    expect(peer.requests[1]!.body.messages![0]!.content).toContain("Also in this scene: Mara Quill");
    const named = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Tobin, pour me one." } });
    expect(named.data.messages.map((m) => m.actor_id)).toEqual([null, story.tobin]);
    expect(await coins(api.ctx.db, p.id)).toMatchObject({ coins: 17, charges: 3 });
  });

  it("refuses before calling the model: too few coins (402), a second generation (409), too many calls (429)", async () => {
    const p = await player();
    await api.ctx.db.execute(sql`update users set coins = 0 where id = ${p.id}`);
    const broke = await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hi" } });
    expect([broke.status, broke.code]).toEqual([402, "INSUFFICIENT_COINS"]);
    expect(peer.requests).toHaveLength(0);
    await api.ctx.db.execute(sql`update users set coins = 20 where id = ${p.id}`);

    peer.script({ tokenDelayMs: 100, content: "slow slow slow slow slow" });
    const s = await stream(api, SEND, { ...p.target, content: "First" }, p.token);
    await s.next();
    const second = await stream(api, SEND, { ...p.target, content: "Second" }, p.token);
    expect(second.res.status).toBe(409);
    expect(second.res.headers.get("content-type")).toContain("application/json");
    await s.rest();

    const limit = api.ctx.config.LLM_RATE_PER_MINUTE;
    api.ctx.config.LLM_RATE_PER_MINUTE = 3; // this user already made 2 attempts (one refused 409)
    try {
      expect((await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Two" } })).status).toBe(200);
      const before = (await rows(p.id)).length;
      const third = await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Three" } });
      expect([third.status, third.code]).toEqual([429, "RATE_LIMITED"]);
      expect(await rows(p.id)).toHaveLength(before);
      // The refused attempt took no lease (the limit and the lease are one statement)…
      expect(await leaseFree(api.ctx.db, p.id, p.target.story_id)).toBe(true);
      // …and a chat busy with a reply says so, also past the limit.
      api.ctx.config.LLM_RATE_PER_MINUTE = 5;
      peer.script({ tokenDelayMs: 100, content: "slow slow slow slow slow" });
      const fourth = await stream(api, SEND, { ...p.target, content: "Four" }, p.token);
      await fourth.next();
      const during = (await rows(p.id)).length;
      const fifth = await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Five" } });
      expect([fifth.status, fifth.code]).toEqual([409, "CONFLICT"]);
      expect(await rows(p.id)).toHaveLength(during);
      await fourth.rest();
    } finally {
      api.ctx.config.LLM_RATE_PER_MINUTE = limit;
    }
  });

  it("checks the caller in the statement that opens a typed turn: a session not live gets 401, and nothing is counted or written", async () => {
    const hits = async (userId: number) =>
      Number(rowsOf<{ n: number }>(await api.ctx.db.execute(sql`select coalesce(max(count), 0) as n from rate_limits where key = ${`llm:user:${userId}`}`))[0]!.n);
    // Everything a refused attempt could have touched, for one player.
    const untouched = async (userId: number, rowsBefore: number) => {
      expect(await rows(userId)).toHaveLength(rowsBefore);
      expect(await hits(userId)).toBe(0);
      expect(await leaseFree(api.ctx.db, userId, story.storyId)).toBe(true);
      expect(peer.requests).toHaveLength(0);
    };
    const said = (p: { token: string; target: object }, body: object = {}) => call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hi", ...body } });

    // Signed out: 401 for typed words, also where a live caller would get another error (404, 400).
    const out = await player();
    const outRows = (await rows(out.id)).length;
    await api.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${out.id}`);
    for (const body of [{}, { story_id: "no-such-story" }, { actor_id: "no-such-actor" }]) {
      const r = await said(out, body);
      expect([r.status, r.code]).toEqual([401, "UNAUTHORIZED"]);
    }
    await untouched(out.id, outRows);

    // A disabled account, and a token whose user is not its session's (signed with the server's secret).
    const off = await player();
    await api.ctx.db.execute(sql`update users set status = 'disabled' where id = ${off.id}`);
    expect((await said(off)).status).toBe(401);
    await untouched(off.id, (await rows(off.id)).length);
    const other = await player();
    const claims = verifyAccessToken(api.ctx.config.TOKEN_SECRET, other.token)!;
    const forged = signAccessToken(api.ctx.config.TOKEN_SECRET, { ...claims, uid: out.id });
    expect((await said({ ...other, token: forged })).status).toBe(401);
    await untouched(other.id, (await rows(other.id)).length);
    await untouched(out.id, outRows);

    // A live caller: the usual errors, then a reply. Too few coins counts nothing either.
    const live = await player();
    const liveRows = (await rows(live.id)).length;
    expect([(await said(live, { story_id: "no-such-story" })).status, (await said(live, { actor_id: "no-such-actor" })).status]).toEqual([404, 404]);
    await api.ctx.db.execute(sql`update users set coins = 0 where id = ${live.id}`);
    const broke = await said(live);
    expect([broke.status, broke.code, broke.data]).toEqual([402, "INSUFFICIENT_COINS", { balance: 0, needed: 1 }]);
    await untouched(live.id, liveRows);
    await api.ctx.db.execute(sql`update users set coins = 5 where id = ${live.id}`);
    peer.script({ content: "Hello there." });
    const ok = await call<Turn>(api, "POST", SEND, { token: live.token, body: { ...live.target, content: "Hi" } });
    expect([ok.status, ok.data.coins]).toEqual([200, 4]);
    expect(await hits(live.id)).toBe(1);
  });

  it("refuses typed words in a story not yet opened and writes nothing", async () => {
    const g = await newGuest(api);
    const r = await call(api, "POST", SEND, { token: g.token, body: { story_id: story.storyId, actor_id: story.mara, content: "Hello?" } });
    expect([r.status, r.code, r.message]).toEqual([409, "CONFLICT", "This story has not started yet; open it to begin"]);
    expect(await rows(g.user.id)).toHaveLength(0);
    expect(await leaseFree(api.ctx.db, g.user.id, story.storyId)).toBe(true);
    expect(peer.requests).toHaveLength(0);
  });

  it("story mode answers as the narrator", async () => {
    const p = await player("story");
    const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "I look around" } });
    expect(r.data.messages[1]).toMatchObject({ role: "narrator", actor_id: null, source: "model" });
    expect(peer.requests[0]!.body.messages![0]!.content).toContain("You are the narrator");
  });
});
