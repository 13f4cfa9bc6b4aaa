import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { chatMessages, rowsOf, stories, users } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";

interface Msg {
  id: string;
  role: string;
  actor_id: string | null;
  content: string;
  choices?: { index: number; text: string }[];
}
interface Turn {
  messages: Msg[];
  coins: number;
  ended: boolean;
}

let api: RunningApi;
let storyId: string;
let actorId: string;
beforeAll(async () => {
  api = await startTestApi();
  const [s] = await api.ctx.db.select().from(stories).limit(1);
  storyId = s!.id;
  const detail = await call<{ story: { actors_full: { id: string }[] } }>(api, "GET", "/api/v1/story.get", { query: { id: storyId } });
  actorId = detail.data.story.actors_full[0]!.id;
});
afterAll(() => api?.stop());

const send = (token: string, body: Record<string, unknown>) => call<Turn>(api, "POST", "/api/v1/actor/chat/message.send", { token, body: { story_id: storyId, ...body } });
const ledgerSum = async (userId: number) =>
  rowsOf<{ s: number }>(await api.ctx.db.execute(sql`select coalesce(sum(amount),0)::int as s from coin_ledger where user_id = ${userId}`))[0]!.s;

describe(`chat by the story's script (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("starts free: the character greets, the opening is told, choices are open, the play is recorded", async () => {
    const g = await newGuest(api);
    const r = await send(g.token, { actor_id: actorId });
    expect(r.code).toBe("0");
    expect(r.data.messages[0]).toMatchObject({ role: "actor", actor_id: actorId });
    const last = r.data.messages.at(-1)!;
    expect(last.role).toBe("narrator");
    expect(last.choices!.length).toBeGreaterThan(0);
    expect(r.data.coins).toBe(20);
    const history = await call<{ stories: { id: string }[] }>(api, "GET", "/api/v1/game-history.list", { token: g.token });
    expect(history.data.stories.map((s) => s.id)).toContain(storyId);
  });

  it("a choice advances the script and costs one coin through the ledger; history replays the thread", async () => {
    const g = await newGuest(api);
    const start = await send(g.token, {});
    const choice = start.data.messages.at(-1)!.choices![0]!;
    const r = await send(g.token, { choice: choice.index, choice_of: start.data.messages.at(-1)!.id });
    expect(r.data.messages[0]).toMatchObject({ role: "user", content: choice.text });
    expect(r.data.messages.length).toBeGreaterThan(1);
    expect(r.data.coins).toBe(19);
    expect(await ledgerSum(g.user.id)).toBe(19);
    const h = await call<{ messages: Msg[] }>(api, "POST", "/api/v1/actor/chat/game.history", { token: g.token, body: { story_id: storyId, actor_id: actorId } });
    expect(h.data.messages).toHaveLength(start.data.messages.length + r.data.messages.length);
    expect(h.data.messages.filter((m) => m.choices)).toHaveLength(1);
    const reasoning = await call<{ messages: Msg[] }>(api, "POST", "/api/v1/actor/chat/reasoning/game.history", { token: g.token, body: { story_id: storyId } });
    expect(reasoning.data.messages).toEqual(h.data.messages);
  });

  it("plays to the end, refuses further choices, and restarts on request", async () => {
    const g = await newGuest(api);
    let turn = (await send(g.token, {})).data;
    for (let i = 0; i < 10 && !turn.ended; i++) turn = (await send(g.token, { choice: turn.messages.at(-1)!.choices![0]!.index, choice_of: turn.messages.at(-1)!.id })).data;
    expect(turn.ended).toBe(true);
    const after = await send(g.token, { choice: 0, choice_of: turn.messages.at(-1)!.id });
    expect(after.status).toBe(409);
    const again = await send(g.token, { restart: true });
    expect(again.data.ended).toBe(false);
  });

  it("without enough coins a choice writes nothing and charges nothing", async () => {
    const g = await newGuest(api);
    const start = await send(g.token, {});
    await api.ctx.db.execute(sql`update users set coins = 0 where id = ${g.user.id}`);
    await api.ctx.db.execute(sql`insert into coin_ledger (user_id, amount, balance_after, reason, idempotency_key) values (${g.user.id}, -20, 0, 'test-drain', ${`drain:${g.user.id}`})`);
    const before = await api.ctx.db.select().from(chatMessages).where(eq(chatMessages.userId, g.user.id));
    const r = await send(g.token, { choice: start.data.messages.at(-1)!.choices![0]!.index, choice_of: start.data.messages.at(-1)!.id });
    expect(r.status).toBe(402);
    expect(r.code).toBe("INSUFFICIENT_COINS");
    expect(await api.ctx.db.select().from(chatMessages).where(eq(chatMessages.userId, g.user.id))).toHaveLength(before.length);
    const [u] = await api.ctx.db.select().from(users).where(eq(users.id, g.user.id));
    expect(u!.coins).toBe(0);
  });

  it("refuses a choice that is not open, free text without a model, and unknown stories or characters", async () => {
    const g = await newGuest(api);
    const offer = (await send(g.token, {})).data.messages.at(-1)!.id;
    expect((await send(g.token, { choice: 42, choice_of: offer })).status).toBe(400);
    const typed = await send(g.token, { content: "hello" });
    expect([typed.status, typed.message]).toEqual([409, "This story is played by its choices: free replies need a language model"]);
    // A caller whose session is not live gets 401 for typed words, before any other answer.
    const gone = await newGuest(api);
    await api.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${gone.user.id}`);
    expect((await send(gone.token, { content: "hello" })).status).toBe(401);
    const thread = await call<{ free_text: boolean }>(api, "POST", "/api/v1/actor/chat/game.history", { token: g.token, body: { story_id: storyId, actor_id: actorId } });
    expect(thread.data.free_text).toBe(false);
    for (const path of ["message.regenerate", "message.edit"]) {
      const r = await call(api, "POST", `/api/v1/actor/chat/${path}`, { token: g.token, body: { story_id: storyId, ...(path === "message.edit" ? { message_id: "1", content: "x" } : {}) } });
      expect(r.status).toBe(409);
    }
    expect((await send(g.token, { choice: 0, restart: true })).status).toBe(400);
    expect((await call(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: { story_id: "no-such-story" } })).status).toBe(404);
    expect((await send(g.token, { actor_id: "no-such-actor" })).status).toBe(404);
    expect((await call(api, "POST", "/api/v1/actor/chat/game.history", { token: g.token, body: { story_id: storyId, actor_id: "nobody" } })).status).toBe(404);
  });

  it("ten concurrent picks of the same choice advance the story once and charge once", async () => {
    const g = await newGuest(api);
    const start = await send(g.token, {});
    const pick = { choice: start.data.messages.at(-1)!.choices![0]!.index, choice_of: start.data.messages.at(-1)!.id };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(g.token, pick)));
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== "0")) expect([a.status, a.code]).toEqual([409, "CONFLICT"]);
    const userMsgs = (await api.ctx.db.select().from(chatMessages).where(eq(chatMessages.userId, g.user.id))).filter((m) => m.role === "user");
    expect(userMsgs).toHaveLength(1);
    expect(await ledgerSum(g.user.id)).toBe(19);
  });

  it("a pick sent again after it was played is refused and charged once; a pick must name the message that offered it", async () => {
    const g = await newGuest(api);
    const start = await send(g.token, {});
    const pick = { choice: start.data.messages.at(-1)!.choices![0]!.index, choice_of: start.data.messages.at(-1)!.id };
    expect((await send(g.token, pick)).code).toBe("0");
    const again = await send(g.token, pick);
    expect([again.status, again.code, again.message]).toEqual([409, "CONFLICT", "This choice was already played; the story has moved on"]);
    const unnamed = await send(g.token, { choice: pick.choice });
    expect([unnamed.status, unnamed.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(unnamed.data).toMatchObject({ fields: [{ path: "choice_of", message: "is required with a choice: the id of the message that offered it" }] });
    expect((await api.ctx.db.select().from(chatMessages).where(eq(chatMessages.userId, g.user.id))).filter((m) => m.role === "user")).toHaveLength(1);
    expect(await ledgerSum(g.user.id)).toBe(19);
  });
});
