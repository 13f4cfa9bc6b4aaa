import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { chatMessages, flaggedMessages } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { revokeUserSessions } from "../src/services/sessions";
import { call, newGuest } from "./http";
import { addTestStory, coins, eventually, leaseFree, type Msg } from "./chat.support";
import { ModerationPeer } from "./moderationPeer";

// The optional check of typed chat messages (MODERATE_MESSAGES) against a local /v1/moderations
// peer: a flagged message is refused before any coin is held or the model is asked, and counted.

const SEND = "/api/v1/actor/chat/message.send";
const EDIT = "/api/v1/actor/chat/message.edit";
let api: RunningApi;
let model: ModelPeer;
let moderation: ModerationPeer;
let story: { storyId: string; mara: string };

beforeAll(async () => {
  model = await startModelPeer({ apiKey: "sk-test" });
  moderation = await new ModerationPeer().start();
  api = await startTestApi({
    LLM_BASE_URL: model.url,
    LLM_API_KEY: "sk-test",
    LLM_MODEL: "peer-model",
    LLM_RATE_PER_MINUTE: 6,
    MODERATION_BASE_URL: moderation.url,
    MODERATE_MESSAGES: true,
  });
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await model?.close();
  await moderation?.stop();
});
beforeEach(() => {
  model.reset();
  moderation.reset();
  moderation.mode = "flagged";
  moderation.flagOnly = /knife/i;
  moderation.flagAs = ["violence", "harassment/threatening"];
});

async function player() {
  const g = await newGuest(api);
  const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" };
  const start = await call(api, "POST", SEND, { token: g.token, body: target });
  expect(start.code).toBe("0");
  return { ...g, id: g.user.id, target };
}
const thread = (userId: number) => api.ctx.db.select().from(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, story.storyId))).orderBy(chatMessages.id);
const flagged = (userId: number) => api.ctx.db.select().from(flaggedMessages).where(eq(flaggedMessages.userId, userId));

describe(`typed messages checked by the moderation endpoint (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("refuses a flagged message with a clear 400: nothing charged, nothing in the thread, the model never asked, the refusal counted", async () => {
    const p = await player();
    const before = { coins: await coins(api.ctx.db, p.id), rows: (await thread(p.id)).length };
    const r = await call<{ fields: { path: string }[]; categories: string[] }>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "I pull a knife on you" } });
    expect(r.status).toBe(400);
    expect(r.code).toBe("VALIDATION_ERROR");
    expect(r.message).toBe("Your message was not sent: it breaks the content rules (harassment/threatening, violence). Nothing was charged; rephrase it and try again.");
    expect(r.data.fields.map((f) => f.path)).toEqual(["content"]);
    expect(r.data.categories).toEqual(["harassment/threatening", "violence"]);
    expect(moderation.inputs).toEqual(["I pull a knife on you"]);
    expect(model.requests).toHaveLength(0);
    expect(await coins(api.ctx.db, p.id)).toEqual(before.coins);
    expect((await thread(p.id)).length).toBe(before.rows);
    const counted = await flagged(p.id);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ storyId: story.storyId, categories: ["harassment/threatening", "violence"] });
    // Only the categories are kept, never the words.
    expect(JSON.stringify(counted)).not.toContain("knife");
  });

  it("answers and charges a clean message as usual; an edit to flagged words is refused and leaves the thread", async () => {
    const p = await player();
    model.script({ content: "Late again, as always." });
    const ok = await call<{ messages: Msg[]; coins: number }>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hello, Mara" } });
    expect(ok.code).toBe("0");
    expect(ok.data.messages.map((m) => m.content)).toEqual(["Hello, Mara", "Late again, as always."]);
    expect((await coins(api.ctx.db, p.id)).charges).toBe(1);
    await eventually(() => leaseFree(api.ctx.db, p.id, story.storyId));
    const rows = await thread(p.id);
    const said = ok.data.messages[0]!.id;
    const ed = await call(api, "POST", EDIT, { token: p.token, body: { ...p.target, message_id: said, content: "Give me the KNIFE" } });
    expect(ed.status).toBe(400);
    expect(ed.code).toBe("VALIDATION_ERROR");
    expect(await thread(p.id)).toEqual(rows);
    expect((await coins(api.ctx.db, p.id)).charges).toBe(1);
    expect(model.requests).toHaveLength(1);
  });

  it("lets a message through when the endpoint fails (the check must not take chat down)", async () => {
    const p = await player();
    moderation.mode = "500";
    model.script({ content: "Still here." });
    const ok = await call<{ messages: Msg[] }>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Are you there?" } });
    expect(ok.code).toBe("0");
    expect(ok.data.messages.at(-1)!.content).toBe("Still here.");
    expect(await flagged(p.id)).toHaveLength(0);
  });

  it("counts every check against the player's per-minute limit: a stranger cannot make unbounded calls", async () => {
    const p = await player();
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: `knife number ${i}` } })).status);
    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    expect(moderation.requests).toHaveLength(6);
  });

  it("asks for a live session before sending anything to the endpoint", async () => {
    const p = await player();
    // The token still verifies; its session is gone.
    await revokeUserSessions(api.ctx.db, p.id, "test");
    const r = await call(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "a knife" } });
    expect(r.status).toBe(401);
    expect(moderation.requests).toHaveLength(0);
    expect(await flagged(p.id)).toHaveLength(0);
  });
});
