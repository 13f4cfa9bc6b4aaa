import { createServer } from "node:net";
import { countTokens } from "gpt-tokenizer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { ModelClient, ModelError, type ModelSettings } from "../src/llm/client";

// The model client over its transport (undici's request(), src/llm/transport.ts) against a local
// OpenAI-compatible peer: what reaches the sink, and how each failure is told apart.

let peer: ModelPeer;
beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const settings = (over: Partial<ModelSettings> = {}): ModelSettings => ({
  baseURL: peer.url,
  apiKey: "sk-test",
  model: "peer-model",
  maxOutputTokens: 200,
  firstTokenTimeoutMs: 2000,
  replyTimeoutMs: 5000,
  retries: 0,
  ...over,
});

/** Streams one reply, recording when each piece reached the sink. */
async function ask(client: ModelClient, signal = new AbortController().signal) {
  const seen: { kind: "text" | "reasoning"; text: string; at: number }[] = [];
  const t0 = performance.now();
  const reply = await client.stream(
    { messages: [{ role: "user", content: "Tell me about the city" }], signal },
    { text: (text) => seen.push({ kind: "text", text, at: performance.now() - t0 }), reasoning: (text) => seen.push({ kind: "reasoning", text, at: performance.now() - t0 }) },
  );
  return { reply, seen };
}

describe("the model client", () => {
  it("hands each delta to the sink as it arrives, reasoning apart from the reply", async () => {
    peer.script({ content: "one two three four", reasoning: "thinking it over", reasoningStyle: "reasoning_content", tokenDelayMs: 60, usage: { promptTokens: 17, completionTokens: 9 } });
    const { reply, seen } = await ask(new ModelClient(settings()));
    expect(reply).toMatchObject({ text: "one two three four", reasoning: "thinking it over", stopped: false, truncated: false, toolCall: null });
    expect(reply.usage).toEqual({ promptTokens: 17, completionTokens: 9, reported: true });
    const texts = seen.filter((s) => s.kind === "text");
    expect(texts.length).toBeGreaterThan(1);
    // Streamed, not buffered: the pieces arrived spread over the peer's pace.
    expect(texts.at(-1)!.at - texts[0]!.at).toBeGreaterThan(100);
    expect(peer.requests[0]!.headers.authorization).toBe("Bearer sk-test");
    expect(peer.requests[0]!.body).toMatchObject({ model: "peer-model", stream: true, max_tokens: 200 });
  });

  it("names the status of a server that refuses, and retries it before the first token", async () => {
    peer.script({ status: 503 }, { status: 503 });
    await expect(ask(new ModelClient(settings({ retries: 1 })))).rejects.toThrow(new ModelError("The language model answered 503", { text: "", reasoning: "" }));
    expect(peer.requests).toHaveLength(2);
    peer.reset();
    peer.script({ status: 401 });
    await expect(ask(new ModelClient(settings({ retries: 1 })))).rejects.toThrow("The language model answered 401");
    expect(peer.requests).toHaveLength(1);
  });

  it("tells a reply broken off mid-stream, keeping the text so far", async () => {
    peer.script({ content: "one two three four five six", reasoning: null, tokenDelayMs: 10, failAfterTokens: 2, failWith: "disconnect" });
    const err = (await ask(new ModelClient(settings())).catch((e: unknown) => e)) as ModelError;
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toBe("The language model broke off its reply");
    expect(err.partial.text.length).toBeGreaterThan(0);
    // No usage chunk came: what was written is counted with the tokenizer.
    expect(err.usage).toMatchObject({ completionTokens: countTokens(err.partial.text), reported: false });
    expect(err.usage!.promptTokens).toBeGreaterThanOrEqual(countTokens("Tell me about the city"));
  });

  it("tells an unreachable server, and one slower than the first-token timeout", async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    await expect(ask(new ModelClient(settings({ baseURL: `http://127.0.0.1:${closed}/v1` })))).rejects.toThrow(/^The language model could not be reached/);
    peer.script({ content: "late", firstTokenDelayMs: 1500 });
    await expect(ask(new ModelClient(settings({ firstTokenTimeoutMs: 300 })))).rejects.toThrow("The language model did not answer in time");
  });

  it("a stop ends the reply with its text so far and closes the upstream request", async () => {
    peer.script({ content: "one two three four five six seven eight", reasoning: null, tokenDelayMs: 100 });
    const ctl = new AbortController();
    const client = new ModelClient(settings());
    const pending = ask(client, ctl.signal);
    pending.catch(() => undefined); // awaited below
    await expect.poll(() => peer.requests[0]?.chunks ?? 0, { timeout: 2000 }).toBeGreaterThan(1);
    ctl.abort();
    const { reply } = await pending;
    expect(reply.stopped).toBe(true);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.usage).toMatchObject({ completionTokens: countTokens(reply.text), reported: false });
    await expect.poll(() => peer.requests[0]!.outcome, { timeout: 1000 }).toBe("aborted");
  });
});
