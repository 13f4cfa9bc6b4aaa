import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { countTokens } from "gpt-tokenizer";
import { chatMessages, rowsOf, type Db } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import type { StoryDraft } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, callEndpoint, newGuest, signedInUser } from "./http";
import { addTestStory, coins, eventually, leaseFree, stream, type Msg } from "./chat.support";

// Tokens of every model call, on the reply's row and in the day's total, and the site's daily
// token budget, against the local model peer (the real OpenAI-compatible wire, usage chunk included).

const SEND = "/api/v1/actor/chat/message.send";
const BUDGET = 1000;
let api: RunningApi;
let capped: RunningApi;
let peer: ModelPeer;

beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-budget" });
  const llm = { LLM_BASE_URL: peer.url, LLM_API_KEY: "sk-budget", LLM_MODEL: "peer-model", LLM_RETRIES: 0, LLM_FIRST_TOKEN_TIMEOUT_MS: 5000 };
  [api, capped] = await Promise.all([startTestApi(llm), startTestApi({ ...llm, LLM_DAILY_TOKEN_BUDGET: BUDGET })]);
});
afterAll(async () => {
  await Promise.all([api?.stop(), capped?.stop()]);
  await peer?.close();
});
beforeEach(() => peer.reset());

interface Turn {
  messages: Msg[];
  coins: number;
}

/** A guest who opened a fresh test story with Mara on `on`. */
async function player(on: RunningApi) {
  const story = await addTestStory(on.ctx.db);
  const g = await newGuest(on);
  const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" };
  expect((await call<Turn>(on, "POST", SEND, { token: g.token, body: target })).code).toBe("0");
  return { token: g.token, id: g.user.id, storyId: story.storyId, target };
}

const thread = (db: Db, userId: number) => db.select().from(chatMessages).where(eq(chatMessages.userId, userId)).orderBy(chatMessages.id);
const day = async (db: Db) =>
  rowsOf<{ prompt: unknown; completion: unknown; calls: unknown }>(
    await db.execute(sql`select prompt_tokens as prompt, completion_tokens as completion, calls from model_usage_daily where day = (now() at time zone 'utc')::date`),
  ).map((r) => ({ prompt: Number(r.prompt), completion: Number(r.completion), calls: Number(r.calls) }))[0] ?? { prompt: 0, completion: 0, calls: 0 };
/** The id of the turn a choice answers: the thread's last saved state. */
const lastSaved = async (db: Db, userId: number, storyId: string) =>
  String((await db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId), isNotNull(chatMessages.state))).orderBy(desc(chatMessages.id)).limit(1))[0]!.id);

describe(`tokens of each reply (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stores the prompt and completion tokens the model reports on the reply, adds a regenerate's to them, and counts both in the day's total", async () => {
    const p = await player(api);
    const before = await day(api.ctx.db);
    peer.script({ content: "Rain again.", usage: { promptTokens: 321, completionTokens: 54 } }, { content: "Rain, still.", usage: { promptTokens: 10, completionTokens: 5 } });
    const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "Who are you?" } });
    expect(r.code).toBe("0");
    expect(peer.requests[0]!.body.stream_options).toEqual({ include_usage: true });
    const reply = (await thread(api.ctx.db, p.id)).at(-1)!;
    expect(reply).toMatchObject({ content: "Rain again.", source: "model", promptTokens: 321, completionTokens: 54 });
    // The player's own words and the script's lines took no model call.
    expect((await thread(api.ctx.db, p.id)).filter((m) => m.source !== "model").every((m) => m.promptTokens === null && m.completionTokens === null)).toBe(true);

    await eventually(() => leaseFree(api.ctx.db, p.id, p.storyId));
    const s = await stream(api, "/api/v1/actor/chat/message.regenerate", p.target, p.token);
    expect((await s.rest()).at(-1)!.event).toBe("done");
    expect((await thread(api.ctx.db, p.id)).at(-1)).toMatchObject({ id: reply.id, content: "Rain, still.", promptTokens: 331, completionTokens: 59 });
    expect(await day(api.ctx.db)).toEqual({ prompt: before.prompt + 331, completion: before.completion + 59, calls: before.calls + 2 });
  });

  it("counts with the tokenizer when the model reports no usage: the prompt sent, and the text with its reasoning", async () => {
    const p = await player(api);
    const content = "The lantern gutters; Mara pockets the key and watches the door without a word.";
    const reasoning = "She weighs whether the stranger can be trusted.";
    peer.script({ content, reasoning, usage: null });
    expect((await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, content: "What is that key?" } })).code).toBe("0");
    const reply = (await thread(api.ctx.db, p.id)).at(-1)!;
    const expected = countTokens(content) + countTokens(reasoning);
    expect(reply.completionTokens).toBeGreaterThanOrEqual(expected - 2);
    expect(reply.completionTokens).toBeLessThanOrEqual(expected + 2);
    const sent = peer.requests[0]!.body;
    const words = sent.messages!.reduce((n, m) => n + countTokens(typeof m.content === "string" ? m.content : ""), 0);
    const framing = 4 * sent.messages!.length + 3 + countTokens(JSON.stringify(sent.tools ?? []));
    expect(reply.promptTokens).toBeGreaterThanOrEqual(words);
    expect(reply.promptTokens).toBeLessThanOrEqual(words + framing);
  });

  it("stores the tokens of the character's words after a scripted choice", async () => {
    const p = await player(api);
    peer.script({ content: "Then let's get wet.", usage: { promptTokens: 200, completionTokens: 7 } });
    const r = await call<Turn>(api, "POST", SEND, { token: p.token, body: { ...p.target, choice: 0, choice_of: await lastSaved(api.ctx.db, p.id, p.storyId) } });
    expect(r.code).toBe("0");
    const spoke = (await thread(api.ctx.db, p.id)).find((m) => m.source === "model")!;
    expect(spoke).toMatchObject({ content: "Then let's get wet.", promptTokens: 200, completionTokens: 7 });
  });
});

describe(`the daily token budget (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("counts the co-writer's and the chat's tokens in one budget; once spent, typed words get 503 and cost nothing, choices still play", async () => {
    const author = await signedInUser(capped, "Ada Budget");
    const draft = await callEndpoint<{ draft: StoryDraft }>(
      capped,
      "storyDraftCreate",
      { title: "The Lamp Room", hook: "A keeper's daughter shows you the light.", category_id: "mystery", tags: [], characters: [{ name: "Wren", persona: "", greeting: "Hi." }], script: "Hello.\n-> END\n" },
      author.token,
    );
    expect(draft.status).toBe(200);
    const cowrite = () => callEndpoint(capped, "storyDraftCowrite", { id: draft.data.draft.id, kind: "persona", character: 0 }, author.token);

    // 600 of the budget's 1000 go to the co-writer: one chat reply fits, the next does not.
    peer.script({ content: "You are Wren, the keeper's daughter.", usage: { promptTokens: 500, completionTokens: 100 } });
    expect((await cowrite()).code).toBe("0");
    const p = await player(capped);
    peer.script({ content: "Evening.", usage: { promptTokens: 350, completionTokens: 50 } });
    expect((await call<Turn>(capped, "POST", SEND, { token: p.token, body: { ...p.target, content: "Hello" } })).code).toBe("0");
    expect(await day(capped.ctx.db)).toEqual({ prompt: 850, completion: 150, calls: 2 });
    await eventually(() => leaseFree(capped.ctx.db, p.id, p.storyId));

    const money = await coins(capped.ctx.db, p.id);
    const rows = await thread(capped.ctx.db, p.id);
    const refused = await call(capped, "POST", SEND, { token: p.token, body: { ...p.target, content: "Still there?" } });
    expect(refused).toMatchObject({ status: 503, code: "UNAVAILABLE", message: "Free replies are paused for today; the story goes on by its choices" });
    const regen = await call(capped, "POST", "/api/v1/actor/chat/message.regenerate", { token: p.token, body: p.target });
    expect(regen).toMatchObject({ status: 503, code: "UNAVAILABLE" });
    const said = String(rows.findLast((m) => m.source === "typed")!.id);
    const edit = await call(capped, "POST", "/api/v1/actor/chat/message.edit", { token: p.token, body: { ...p.target, message_id: said, content: "Hello again" } });
    expect(edit).toMatchObject({ status: 503, code: "UNAVAILABLE" });
    expect(peer.requests).toHaveLength(2);
    expect(await coins(capped.ctx.db, p.id)).toEqual(money);
    expect(await thread(capped.ctx.db, p.id)).toEqual(rows);

    // The script's choice plays (its price, no model words after it).
    const choice = await call<Turn>(capped, "POST", SEND, { token: p.token, body: { ...p.target, choice: 0, choice_of: await lastSaved(capped.ctx.db, p.id, p.storyId) } });
    expect(choice.code).toBe("0");
    expect(choice.data.messages.map((m) => m.role)).toEqual(["user", "narrator"]);
    expect(choice.data.messages[1]!.content).toBe("The alley is knee-deep in water and Lacquer is gone.");
    expect(peer.requests).toHaveLength(2);

    // The co-writer is refused too.
    expect(await cowrite()).toMatchObject({ status: 503, code: "UNAVAILABLE", message: "Free replies are paused for today; the story goes on by its choices" });
    expect(peer.requests).toHaveLength(2);
  });
});
