import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { chatMessages, rowsOf } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory, chatLedger, stream } from "./chat.support";
import { applyLedger } from "../src/services/ledger";
import { settleLapsedHolds } from "../src/services/chatLease";

// What an instance that crashed mid-reply leaves behind: its chat's lease (expired once no heartbeat
// renews it) and the reply's pending row, which no reader shows and nothing would ever fill.
let api: RunningApi;
let peer: ModelPeer;
beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_API_KEY: "sk-test", LLM_MODEL: "peer-model", CHAT_LEASE_TTL_MS: 1000 });
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});

async function crashedTurn(userId: number, storyId: string, lease: "expired" | "live" | "long expired", holdKey: string | null = null) {
  const expires = lease === "expired" ? sql`now() - interval '1 second'` : lease === "live" ? sql`now() + interval '1 minute'` : sql`now() - interval '5 minutes'`;
  if (holdKey) await applyLedger(api.ctx.db, { userId, amount: -1, reason: "chat", idempotencyKey: holdKey, meta: { story_id: storyId } });
  await api.ctx.db.execute(sql`insert into chat_leases (user_id, story_id, holder, expires_at, hold_key) values (${userId}, ${storyId}, 'crashed-instance', ${expires}, ${holdKey})
    on conflict (user_id, story_id) do update set holder = excluded.holder, expires_at = excluded.expires_at, hold_key = excluded.hold_key`);
  const [slot] = await api.ctx.db.insert(chatMessages).values({ userId, storyId, actorId: null, role: "narrator", content: "", source: "model", pending: true }).returning();
  return slot!.id;
}
const exists = async (id: number) => (await api.ctx.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, id))).length === 1;

describe(`a chat left by a crashed instance (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("the next typed turn takes the expired lease and deletes the stale pending row", async () => {
    const { storyId, mara } = await addTestStory(api.ctx.db);
    const g = await newGuest(api);
    const send = (body: Record<string, unknown>) => call<{ messages: { content: string }[] }>(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: { story_id: storyId, actor_id: mara, ...body } });
    expect((await send({})).status).toBe(200);
    // While the crashed turn's lease lives, the chat is busy and its row is left alone.
    const live = await crashedTurn(g.id, storyId, "live");
    expect((await send({ content: "Anyone there?" })).status).toBe(409);
    expect(await exists(live)).toBe(true);
    const stale = await crashedTurn(g.id, storyId, "expired");
    const r = await send({ content: "Anyone there?" });
    expect(r.status).toBe(200);
    expect(await exists(live)).toBe(false);
    expect(await exists(stale)).toBe(false);
    const pending = await api.ctx.db.select().from(chatMessages).where(sql`${chatMessages.userId} = ${g.id} and ${chatMessages.pending}`);
    expect(pending).toEqual([]);
  });

  it("a reply streaming longer than CHAT_LEASE_TTL_MS keeps its chat: the heartbeat renews the lease", async () => {
    const { storyId, mara } = await addTestStory(api.ctx.db);
    const g = await newGuest(api);
    const body = { story_id: storyId, actor_id: mara };
    expect((await call(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body })).status).toBe(200);
    peer.script({ content: Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "), reasoning: null, toolCall: null, tokenDelayMs: 100 });
    const s = await stream(api, "/api/v1/actor/chat/message.send", { ...body, content: "Talk to me." }, g.token);
    // Read on until the reply has streamed for more than twice the lease's lifetime.
    let first: number | null = null;
    for (let e = await s.next(); e; e = await s.next()) {
      if (e.event !== "delta") continue;
      first ??= e.at;
      if (e.at - first > 2000) break;
    }
    const meanwhile = await call(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: { ...body, content: "Hello?" } });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.message).toMatch(/still being written/);
    const rest = await s.rest();
    expect(rest.at(-1)!.event).toBe("done");
  });

  it("the coins held for the crashed reply come back once: on the next typed turn, a regenerate, or the prune", async () => {
    const { storyId, mara } = await addTestStory(api.ctx.db);
    const g = await newGuest(api);
    const send = (body: Record<string, unknown>) => call(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: { story_id: storyId, actor_id: mara, ...body } });
    expect((await send({})).status).toBe(200);
    const start = await chatLedger(api.ctx.db, g.id);
    // A typed turn takes over the lapsed lease: the crashed hold is given back, the new reply paid.
    await crashedTurn(g.id, storyId, "expired", `chat:hold:crashed-${g.id}-1`);
    expect((await send({ content: "Anyone there?" })).status).toBe(200);
    let now = await chatLedger(api.ctx.db, g.id);
    expect(now.refunds - start.refunds).toBe(1);
    expect(now.debited - now.refunded - (start.debited - start.refunded)).toBe(1);
    // A regenerate (which writes no pending row) settles the same way.
    await crashedTurn(g.id, storyId, "expired", `chat:hold:crashed-${g.id}-2`);
    expect((await call(api, "POST", "/api/v1/actor/chat/message.regenerate", { token: g.token, body: { story_id: storyId, actor_id: mara } })).status).toBe(200);
    now = await chatLedger(api.ctx.db, g.id);
    expect(now.refunds - start.refunds).toBe(2);
    // A chat its player never comes back to: the prune gives the coins back and frees the lease.
    await crashedTurn(g.id, storyId, "long expired", `chat:hold:crashed-${g.id}-3`);
    expect(await settleLapsedHolds(api.ctx.db)).toBeGreaterThanOrEqual(1);
    now = await chatLedger(api.ctx.db, g.id);
    expect(now.refunds - start.refunds).toBe(3);
    expect(rowsOf(await api.ctx.db.execute(sql`select 1 from chat_leases where user_id = ${g.id} and story_id = ${storyId}`))).toEqual([]);
    // Settled holds are never given back twice, and stored replies' holds never at all.
    await settleLapsedHolds(api.ctx.db);
    expect((await send({ content: "Still here." })).status).toBe(200);
    const end = await chatLedger(api.ctx.db, g.id);
    expect(end.refunds - start.refunds).toBe(3);
    const { coins } = (await call<{ user: { coins: number } }>(api, "GET", "/api/v1/user.whoami", { token: g.token })).data.user;
    const sum = rowsOf<{ s: number }>(await api.ctx.db.execute(sql`select coalesce(sum(amount), 0)::int as s from coin_ledger where user_id = ${g.id}`))[0]!.s;
    expect(coins).toBe(Number(sum));
  });

  it("a scripted turn (restart) does the same", async () => {
    const { storyId, mara } = await addTestStory(api.ctx.db);
    const g = await newGuest(api);
    const send = (body: Record<string, unknown>) => call(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: { story_id: storyId, actor_id: mara, ...body } });
    expect((await send({})).status).toBe(200);
    const stale = await crashedTurn(g.id, storyId, "expired");
    expect((await send({ restart: true })).status).toBe(200);
    expect(await exists(stale)).toBe(false);
  });
});
