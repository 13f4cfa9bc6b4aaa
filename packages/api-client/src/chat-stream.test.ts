// The streaming chat calls against the real API: without a model (typed messages are refused before
// any stream), and with one — the local model peer — where the events arrive as they are written,
// an abort reaches the model, and the usual client errors come back from the JSON envelopes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "@storyloom/test-api";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { streamChat, isInsufficientCoins, type ChatStreamEvent } from "./chat-stream";
import { createApiClient } from "./client";
import { memoryStorage, StorageKeys } from "./storage";
import { recordingFetch } from "./test-helpers";

const STORY = "neon-requiem";
const ACTOR = "juno-vex";
const target = { story_id: STORY, actor_id: ACTOR, mode: "character" as const };

let plain: TestApi;
let withModel: TestApi;
let peer: ModelPeer;

beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "test-key", defaults: { tokenDelayMs: 0 } });
  [plain, withModel] = await Promise.all([startTestApi(), startTestApi({ LLM_BASE_URL: peer.url, LLM_API_KEY: "test-key", LLM_MODEL: "storyloom-peer" })]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), withModel?.stop()]);
  await peer?.close();
});

/** A signed-in guest whose story has begun (the opening is free). */
async function player(api: TestApi) {
  const rec = recordingFetch();
  const storage = memoryStorage();
  const client = createApiClient({ baseUrl: api.url, storage, fetch: rec.fetch });
  await client.start();
  expect((await client.api.chatSend(target)).ok).toBe(true);
  rec.reset();
  return { client, rec, storage };
}

describe("streamChat without a model", () => {
  it("a typed message is refused before any stream: the 409 envelope, as a failure", async () => {
    const { client } = await player(plain);
    const events: ChatStreamEvent[] = [];
    const r = await streamChat(client, "chatSend", { ...target, content: "Hello?" }, { onEvent: (e) => events.push(e) });
    expect(r).toMatchObject({ ok: false, code: "CONFLICT", status: 409 });
    expect(!r.ok && r.message).toMatch(/free replies need a language model/);
    expect(r.streamed).toBeFalsy();
    expect(events).toEqual([]);
  });

  it("bad input gets the validation envelope naming the field", async () => {
    const { client } = await player(plain);
    const r = await streamChat(client, "chatSend", { ...target, content: "x".repeat(2001) });
    expect(r).toMatchObject({ ok: false, code: "VALIDATION_ERROR", status: 400 });
  });

  it("a refused token is renewed and the call sent once more (401 retry-once rule)", async () => {
    const { client, rec, storage } = await player(plain);
    storage.cookies.set(StorageKeys.token, "sl1.forged.token", 60);
    const r = await streamChat(client, "chatSend", { ...target, content: "Hello?" });
    expect(r).toMatchObject({ ok: false, code: "CONFLICT", status: 409 });
    expect(rec.sent.map((s) => s.path)).toEqual(["/api/v1/actor/chat/message.send", "/api/v1/user.refresh", "/api/v1/actor/chat/message.send"]);
  });
});

describe("streamChat with a model", () => {
  it("reports start, deltas and done in order; text arrives before the reply is finished", async () => {
    const { client } = await player(withModel);
    peer.defaults = { tokenDelayMs: 40 };
    const events: { e: ChatStreamEvent; at: number }[] = [];
    const r = await streamChat(client, "chatSend", { ...target, content: "Who is after me?" }, { onEvent: (e) => events.push({ e, at: Date.now() }) });
    peer.defaults = { tokenDelayMs: 0 };
    expect(r.ok).toBe(true);
    const types = events.map((x) => x.e.type);
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("done");
    const deltas = events.filter((x) => x.e.type === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    const text = deltas.map((x) => (x.e as { text: string }).text).join("");
    expect(text).toContain("I hear you");
    // Streamed, not buffered: the first words reached the player while the model was still writing.
    const written = peer.requests.at(-1)!;
    expect(written.endedAt).toBeDefined();
    expect(deltas[0]!.at).toBeLessThan(written.endedAt!);
    if (!r.ok) return;
    expect(r.data.messages.some((m) => m.role === "actor" && m.source === "model" && m.content === text)).toBe(true);
    expect(typeof r.data.coins).toBe("number");
  });

  it("an abort stops the reply: resolved as stopped, and the model's request is aborted", async () => {
    const { client } = await player(withModel);
    peer.defaults = { tokenDelayMs: 150 };
    const controller = new AbortController();
    const before = peer.requests.length;
    let abortedAt = 0;
    const r = await streamChat(client, "chatSend", { ...target, content: "Tell me everything." }, {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "delta" && !abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    peer.defaults = { tokenDelayMs: 0 };
    expect(r).toMatchObject({ ok: false, stopped: true });
    // That the browser's abort reaches the model is what this checks; the API's own suite
    // (chat.model.test.ts) holds the one-second bound, away from this file's browser emulation.
    const upstream = await peer.waitFor((q) => q.id > before && q.outcome === "aborted", 5000);
    expect(upstream.abortedAt! - abortedAt).toBeLessThan(5000);
    // The text written until then is kept, marked stopped (stored a moment after the abort).
    let last: { content: string; stopped?: boolean } | undefined;
    for (let i = 0; i < 20 && !last?.stopped; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const history = await client.api.chatHistory({ story_id: STORY, actor_id: ACTOR });
      last = history.ok ? history.data.messages.at(-1) : undefined;
    }
    expect(last).toMatchObject({ stopped: true });
    expect(last!.content.length).toBeGreaterThan(0);
  });

  it("continue and a new alternative of an earlier reply stream like the others; picking an existing alternative does not", async () => {
    const { client, rec } = await player(withModel);
    peer.defaults = { tokenDelayMs: 0 };
    const first = await client.api.chatSend({ ...target, content: "Hello" });
    const second = await client.api.chatSend({ ...target, content: "And then?" });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    const earlier = first.data.messages.find((m) => m.source === "model")!;
    const last = second.data.messages.find((m) => m.source === "model")!;

    // Continue: start, the new words, done; the stored reply is the old text with those words after it.
    const grown: ChatStreamEvent[] = [];
    const c = await streamChat(client, "chatContinue", target, { onEvent: (e) => grown.push(e) });
    expect(c).toMatchObject({ ok: true, streamed: true });
    expect(grown[0]!.type).toBe("start");
    expect(grown.at(-1)!.type).toBe("done");
    const added = grown.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("").trim();
    expect(added.length).toBeGreaterThan(0);
    if (!c.ok) return;
    expect(c.data.messages).toEqual([expect.objectContaining({ id: last.id })]);
    expect(c.data.messages[0]!.content.startsWith(last.content)).toBe(true);
    expect(c.data.messages[0]!.content.endsWith(added)).toBe(true);

    // A new alternative of the earlier reply: streamed, and the thread is the new branch ending with it.
    const forked: ChatStreamEvent[] = [];
    const f = await streamChat(client, "chatBranchFork", { ...target, message_id: earlier.id }, { onEvent: (e) => forked.push(e) });
    expect(f).toMatchObject({ ok: true, streamed: true });
    expect(forked.map((e) => e.type).filter((t) => t !== "delta" && t !== "reasoning")).toEqual(["start", "done"]);
    if (!f.ok) return;
    const text = forked.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("").trim();
    expect(f.data.messages).toEqual([expect.objectContaining({ content: text, alternatives: { index: 1, count: 2 } })]);
    const history = await client.api.chatHistory({ story_id: STORY, actor_id: ACTOR });
    expect(history.ok && history.data.messages.at(-1)).toMatchObject({ id: f.data.messages[0]!.id, content: text });

    // Picking an existing alternative writes nothing: refused without a request (it is the JSON call).
    rec.reset();
    const pick = await streamChat(client, "chatBranchFork", { ...target, message_id: earlier.id, index: 0 } as never);
    expect(pick).toMatchObject({ ok: false, code: "VALIDATION_ERROR" });
    expect(rec.sent).toEqual([]);
  });

  it("INSUFFICIENT_COINS comes back before any stream and is told apart", async () => {
    const { client } = await player(withModel);
    // A pick names the message that offered it.
    const offerOf = (turn: Awaited<ReturnType<typeof client.api.chatSend>>) => (turn.ok ? [...turn.data.messages].reverse().find((m) => m.choices)?.id : undefined);
    let offer = offerOf(await client.api.chatSend({ ...target, restart: true }));
    for (let i = 0; i < 300; i++) {
      const turn = await client.api.chatSend({ ...target, choice: 0, choice_of: offer });
      if (!turn.ok && turn.status === 402) break;
      offer = offerOf(!turn.ok || turn.data.ended ? await client.api.chatSend({ ...target, restart: true }) : turn) ?? offer;
    }
    const requests = peer.requests.length;
    const r = await streamChat(client, "chatSend", { ...target, content: "One more word?" });
    expect(r).toMatchObject({ ok: false, code: "INSUFFICIENT_COINS", status: 402 });
    expect(!r.ok && isInsufficientCoins(r)).toBe(true);
    expect(peer.requests.length).toBe(requests);
  });
});
