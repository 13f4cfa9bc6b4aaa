import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { chatMessages } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory, chatLedger, coins, type Msg } from "./chat.support";

// A player with 2 coins (1 a reply) typing into 8 chats at once: the coins of each reply are taken
// before the model is asked, so at most 2 replies are written, each paid for, and the balance never
// goes below 0. Written against `api.url` and the database only: the scale-out stage runs it through
// two API instances behind a proxy.

const SEND = "/api/v1/actor/chat/message.send";
const db = process.env.DATABASE_URL ? "postgres" : "pglite";
const CHATS = 8;

/** A guest with `CHATS` opened stories and a balance of 2. */
async function player(api: RunningApi) {
  const g = await newGuest(api);
  const chats: { storyId: string; mara: string }[] = [];
  for (let i = 0; i < CHATS; i++) {
    const s = await addTestStory(api.ctx.db);
    const start = await call(api, "POST", SEND, { token: g.token, body: { story_id: s.storyId, actor_id: s.mara } });
    expect(start.code).toBe("0");
    chats.push(s);
  }
  await api.ctx.db.execute(sql`update users set coins = 2 where id = ${g.user.id}`);
  return { token: g.token, id: g.user.id, chats };
}

/** The stored (not pending) model replies of a player across `storyIds`. */
async function replies(api: RunningApi, userId: number, storyIds: string[]) {
  const rows = await api.ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), inArray(chatMessages.storyId, storyIds), eq(chatMessages.source, "model")));
  return rows.filter((r) => !r.pending);
}

describe(`typed messages into ${CHATS} chats at once with 2 coins (${db})`, () => {
  let api: RunningApi;
  let peer: ModelPeer;
  let failing: ModelPeer;
  let failingApi: RunningApi;
  beforeAll(async () => {
    // Slow enough that every request overlaps the ones being answered.
    peer = await startModelPeer({ defaults: { tokenDelayMs: 40, reasoning: null } });
    failing = await startModelPeer({ defaults: { status: 500 } });
    api = await startTestApi({ LLM_BASE_URL: peer.url });
    failingApi = await startTestApi({ LLM_BASE_URL: failing.url, LLM_RETRIES: 0 });
  });
  afterAll(async () => {
    await api?.stop();
    await failingApi?.stop();
    await peer?.close();
    await failing?.close();
  });

  it("get at most 2 replies, each with its ledger debit; the rest are refused with 402 and the balance stays ≥ 0", async () => {
    const p = await player(api);
    const answers = await Promise.all(
      p.chats.map((c) => call<{ messages: Msg[]; coins: number }>(api, "POST", SEND, { token: p.token, body: { story_id: c.storyId, actor_id: c.mara, content: "Where did Lacquer go?" } })),
    );
    const ok = answers.filter((a) => a.status === 200);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.code]).toEqual([402, "INSUFFICIENT_COINS"]);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(2);
    const written = await replies(api, p.id, p.chats.map((c) => c.storyId));
    expect(written).toHaveLength(ok.length);
    const ledger = await chatLedger(api.ctx.db, p.id);
    // Every reply has its debit; every debit without a reply was given back.
    expect(ledger.debits - ledger.refunds).toBe(written.length);
    const { coins: balance } = await coins(api.ctx.db, p.id);
    expect(balance).toBe(2 - (ledger.debited - ledger.refunded));
    expect(balance).toBeGreaterThanOrEqual(0);
    // The refused requests wrote nothing: one typed message per reply.
    const typed = await api.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, p.id), inArray(chatMessages.storyId, p.chats.map((c) => c.storyId)), eq(chatMessages.source, "typed")));
    expect(typed).toHaveLength(ok.length);
  });

  it("when the model fails, every held coin is given back exactly once", async () => {
    const p = await player(failingApi);
    const answers = await Promise.all(
      p.chats.map((c) => call(failingApi, "POST", SEND, { token: p.token, body: { story_id: c.storyId, actor_id: c.mara, content: "Hello?" } })),
    );
    for (const a of answers) expect([402, 502]).toContain(a.status);
    expect(answers.filter((a) => a.status === 502).length).toBeGreaterThanOrEqual(1);
    expect(await replies(failingApi, p.id, p.chats.map((c) => c.storyId))).toHaveLength(0);
    const ledger = await chatLedger(failingApi.ctx.db, p.id);
    expect(ledger.debits).toBeGreaterThanOrEqual(1);
    expect(ledger).toMatchObject({ refunds: ledger.debits, refunded: ledger.debited });
    expect((await coins(failingApi.ctx.db, p.id)).coins).toBe(2);
  });
});
