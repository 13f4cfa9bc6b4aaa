import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { chatMessages } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory, coins, type Msg } from "./chat.support";

// Ten concurrent sends of one message or one choice: one turn, one charge. Written against `api.url`
// and the database only, so the scale-out stage can run it through two API instances behind a proxy.

const SEND = "/api/v1/actor/chat/message.send";
const db = process.env.DATABASE_URL ? "postgres" : "pglite";

async function opened(api: RunningApi, storyId: string, actorId: string) {
  const g = await newGuest(api);
  const start = await call<{ messages: Msg[] }>(api, "POST", SEND, { token: g.token, body: { story_id: storyId, actor_id: actorId } });
  expect(start.code).toBe("0");
  const offer = start.data.messages.at(-1)!;
  return { token: g.token, id: g.user.id, offer };
}

const thread = (api: RunningApi, userId: number, storyId: string) =>
  api.ctx.db.select().from(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId)));

describe(`ten concurrent sends with a language model (${db})`, () => {
  let api: RunningApi;
  let peer: ModelPeer;
  let story: Awaited<ReturnType<typeof addTestStory>>;
  beforeAll(async () => {
    // Slow enough that all ten requests overlap the one being answered.
    peer = await startModelPeer({ defaults: { tokenDelayMs: 40, reasoning: null } });
    api = await startTestApi({ LLM_BASE_URL: peer.url });
    story = await addTestStory(api.ctx.db);
  });
  afterAll(async () => {
    await api?.stop();
    await peer?.close();
  });

  it("of one typed message: one turn, one reply, one charge; the rest are told a reply is being written", async () => {
    const p = await opened(api, story.storyId, story.mara);
    const body = { story_id: story.storyId, actor_id: story.mara, content: "Where did Lacquer go?" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", SEND, { token: p.token, body })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.code]).toEqual([409, "CONFLICT"]);
    const rows = await thread(api, p.id, story.storyId);
    expect(rows.filter((r) => r.source === "typed")).toHaveLength(1);
    expect(rows.filter((r) => r.source === "model" && !r.pending)).toHaveLength(1);
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 19, sum: 19, charges: 1 });
  });

  it("of one choice: played once and charged once", async () => {
    const p = await opened(api, story.storyId, story.mara);
    const body = { story_id: story.storyId, actor_id: story.mara, choice: 0, choice_of: p.offer.id };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", SEND, { token: p.token, body })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const rows = await thread(api, p.id, story.storyId);
    expect(rows.filter((r) => r.role === "user")).toHaveLength(1);
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 19, sum: 19, charges: 1 });
  });
});

describe(`ten concurrent picks of one choice by the script alone (${db})`, () => {
  let api: RunningApi;
  let story: Awaited<ReturnType<typeof addTestStory>>;
  beforeAll(async () => {
    api = await startTestApi();
    story = await addTestStory(api.ctx.db);
  });
  afterAll(() => api?.stop());

  it("are played once and charged once (the pick names the message that offered it)", async () => {
    const p = await opened(api, story.storyId, story.mara);
    const body = { story_id: story.storyId, actor_id: story.mara, choice: 0, choice_of: p.offer.id };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", SEND, { token: p.token, body })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.code]).toEqual([409, "CONFLICT"]);
    const rows = await thread(api, p.id, story.storyId);
    expect(rows.filter((r) => r.role === "user").map((r) => r.content)).toEqual(["Follow Lacquer into the rain"]);
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 19, sum: 19, charges: 1 });
  });

  it("without naming the offer, every pick is refused and nothing is played or charged", async () => {
    const p = await opened(api, story.storyId, story.mara);
    const body = { story_id: story.storyId, actor_id: story.mara, choice: 0 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", SEND, { token: p.token, body })));
    for (const a of answers) expect([a.status, a.code]).toEqual([400, "VALIDATION_ERROR"]);
    const rows = await thread(api, p.id, story.storyId);
    expect(rows.filter((r) => r.role === "user")).toHaveLength(0);
    expect(await coins(api.ctx.db, p.id)).toEqual({ coins: 20, sum: 20, charges: 0 });
  });
});
