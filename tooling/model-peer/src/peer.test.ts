import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAME_BYTES, matchChoice, mp3Frames, silentMp3, speechMs, startModelPeer, type ModelPeer } from "./index";

let peer: ModelPeer;
beforeAll(async () => {
  peer = await startModelPeer();
});
afterAll(() => peer.close());

const tool = {
  type: "function",
  function: {
    name: "take_choice",
    description: "Advance the story along one open choice.\n0: Follow Lacquer into the rain\n1: Stay at the bar and wait",
    parameters: { type: "object", properties: { index: { type: "integer", enum: [0, 1] } }, required: ["index"] },
  },
};

/** The data lines of an SSE answer, parsed. */
async function chunks(res: Response): Promise<Record<string, unknown>[]> {
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((e) => e.startsWith("data: ") && !e.includes("[DONE]"))
    .map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
}

const post = (body: unknown, signal?: AbortSignal) =>
  fetch(`${peer.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });

describe("the model peer", () => {
  it("streams reasoning, an in-persona reply and the choice tool the player named", async () => {
    const res = await post({ model: "m", stream: true, tools: [tool], messages: [{ role: "system", content: "You are Juno Vex, a courier." }, { role: "user", content: "I follow Lacquer into the rain" }] });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const all = await chunks(res);
    const deltas = all.map((c) => (c.choices as { delta: Record<string, unknown>; finish_reason: string | null }[])[0]!);
    expect(deltas.every((d, i) => i === 0 || d.delta.role === undefined)).toBe(true);
    const text = deltas.map((d) => d.delta.content ?? "").join("");
    expect(text).toContain("Juno Vex");
    expect(deltas.map((d) => d.delta.reasoning_content ?? "").join("")).toContain("weighs the moment");
    const args = deltas.flatMap((d) => (d.delta.tool_calls as { function: { arguments?: string } }[] | undefined) ?? []).map((t) => t.function.arguments ?? "").join("");
    expect(JSON.parse(args)).toEqual({ index: 0 });
    expect(deltas.at(-1)!.finish_reason).toBe("tool_calls");
  });

  it("names no choice when the player's words fit none, or two", () => {
    const choices = [{ index: 0, text: "Follow Lacquer into the rain" }, { index: 1, text: "Stay at the bar and wait" }];
    expect(matchChoice("what is your name?", choices)).toBeNull();
    expect(matchChoice("I stay at the bar, I wait", choices)).toBe(1);
  });

  it("plays scripted behaviours in order and records a client's abort", async () => {
    peer.reset();
    peer.script({ status: 503 }, { content: "one two three four five six", tokenDelayMs: 200 });
    expect((await post({ stream: true, messages: [{ role: "user", content: "x" }] })).status).toBe(503);
    const ctl = new AbortController();
    const res = await post({ stream: true, messages: [{ role: "user", content: "x" }] }, ctl.signal);
    const reader = res.body!.getReader();
    await reader.read();
    ctl.abort();
    const rec = await peer.waitFor((r) => r.outcome === "aborted", 1000);
    expect(rec.id).toBe(2);
    expect(peer.requests[0]!.outcome).toBe("failed");
  });

  it("reports usage in a last chunk when asked, the scripted counts, and none when told to", async () => {
    peer.script({ usage: { promptTokens: 123, completionTokens: 45 } }, { usage: null }, {});
    const asked = { stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: "x" }] };
    const last = (await chunks(await post(asked))).at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({ prompt_tokens: 123, completion_tokens: 45, total_tokens: 168 });
    expect((await chunks(await post(asked))).some((c) => "usage" in c)).toBe(false);
    expect((await chunks(await post({ ...asked, stream_options: undefined }))).some((c) => "usage" in c)).toBe(false);
  });

  it("puts reasoning inside <think> when asked, and answers without streaming too", async () => {
    peer.script({ reasoningStyle: "think", reasoning: "hmm", content: "Hello." });
    const r = (await (await post({ messages: [{ role: "user", content: "x" }] })).json()) as { choices: { message: { content: string } }[] };
    expect(r.choices[0]!.message.content).toBe("<think>hmm</think>Hello.");
  });
});

describe("a chat's summary", () => {
  it("is written from the turns a summarisation request names, and a model of its own is answered apart from the queue", async () => {
    const ask = (model: string) =>
      post({
        model,
        stream: false,
        messages: [
          { role: "system", content: 'You keep the memory of the interactive story "Rain". Fold the new turns in.' },
          { role: "user", content: "# Summary so far\n(none yet)\n\n# New turns\nPlayer: Where is the key?\nMara Quill: Under the bar.\n\nWrite the updated summary." },
        ],
      }).then(async (r) => ((await r.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content);
    expect(await ask("any")).toBe('Earlier, Player said "Where is the key?"; Mara Quill said "Under the bar.".');
    peer.models["summary-model"] = { content: "Own answer." };
    peer.script({ content: "Queued." });
    expect(await ask("summary-model")).toBe("Own answer.");
    expect(await ask("any")).toBe("Queued.");
    peer.reset();
    expect(peer.models).toEqual({});
  });
});

describe("speech (POST /v1/audio/speech)", () => {
  let voiced: ModelPeer;
  beforeAll(async () => {
    voiced = await startModelPeer({ apiKey: "sk-voice", speech: { msPerWord: 100 } });
  });
  afterAll(() => voiced.close());

  const speak = (body: unknown, key = "sk-voice") =>
    fetch(`${voiced.url}/audio/speech`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  const control = (path: string, body?: unknown) =>
    fetch(`${voiced.url.replace(/\/v1$/, "")}/_peer/${path}`, { method: body === undefined ? "GET" : "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

  it("makes whole silent MPEG-1 Layer III frames, as many as the time asks", () => {
    const one = silentMp3(1);
    expect(one.length).toBe(FRAME_BYTES);
    expect([...one.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x18, 0xc4]);
    expect(mp3Frames(silentMp3(1000))).toEqual({ frames: 28, durationMs: 1008, sampleRate: 32000, bitrate: 32 });
    expect(speechMs("Cabin seven, she whispers.", 250)).toBe(1000);
    expect(speechMs("   ", 250)).toBe(36);
    expect(() => mp3Frames(Buffer.from("voice:hello|"))).toThrow(/not an MPEG-1 Layer III frame/);
  });

  it("answers MP3 that grows with the input, and lists the request on the control path", async () => {
    voiced.reset();
    const short = await speak({ model: "tts-1", input: "Listen.", voice: "nova", response_format: "mp3" });
    expect(short.status).toBe(200);
    expect(short.headers.get("content-type")).toBe("audio/mpeg");
    const a = mp3Frames(new Uint8Array(await short.arrayBuffer()));
    const long = await speak({ model: "tts-1", input: "Cabin seven, she whispers, and the rain keeps falling.", voice: "nova" });
    const b = mp3Frames(new Uint8Array(await long.arrayBuffer()));
    expect(a.durationMs).toBeGreaterThanOrEqual(100);
    expect(b.durationMs).toBeGreaterThanOrEqual(900);
    expect(b.frames).toBeGreaterThan(a.frames);
    const listed = ((await (await control("requests")).json()) as { requests: { path: string; body: Record<string, unknown>; outcome: string; audioMs: number }[] }).requests;
    expect(listed.map((r) => [r.path, r.body.input, r.body.voice, r.outcome])).toEqual([
      ["/v1/audio/speech", "Listen.", "nova", "completed"],
      ["/v1/audio/speech", "Cabin seven, she whispers, and the rain keeps falling.", "nova", "completed"],
    ]);
    expect(listed[0]).toMatchObject({ body: { model: "tts-1", response_format: "mp3" }, audioMs: a.durationMs });
  });

  it("checks the API key and the body as OpenAI does, recording nothing it refused", async () => {
    voiced.reset();
    expect((await speak({ input: "Hi.", voice: "nova" }, "wrong")).status).toBe(401);
    expect((await speak({ voice: "nova" })).status).toBe(400);
    expect((await speak({ input: "Hi." })).status).toBe(400);
    expect((await speak({ input: "Hi.", voice: "nova", response_format: "wav" })).status).toBe(400);
    expect(voiced.requests).toEqual([]);
  });

  it("fails on demand over the control path: every request, or those naming a text, until reset", async () => {
    voiced.reset();
    expect(await (await control("speech", { speech: { status: 500 } })).json()).toMatchObject({ ok: true });
    const failed = await speak({ input: "Hi.", voice: "nova" });
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: { type: string } }).error.type).toBe("server_error");
    await control("speech", { speech: { failOn: "second" } });
    expect((await speak({ input: "The first one.", voice: "nova" })).status).toBe(200);
    expect((await speak({ input: "The second one.", voice: "nova" })).status).toBe(500);
    expect(voiced.requests.map((r) => r.outcome)).toEqual(["failed", "completed", "failed"]);
    // Setting speech again keeps the options' pace; reset forgets the failure.
    expect(voiced.speech).toEqual({ msPerWord: 100, failOn: "second" });
    await control("reset", {});
    expect(voiced.speech).toEqual({ msPerWord: 100 });
    expect((await speak({ input: "The second one.", voice: "nova" })).status).toBe(200);
  });

  it("takes its time when told to, and records a client that gave up waiting", async () => {
    voiced.reset();
    voiced.speech = { msPerWord: 100, delayMs: 300 };
    const ctl = new AbortController();
    const gaveUp = fetch(`${voiced.url}/audio/speech`, { method: "POST", headers: { authorization: "Bearer sk-voice" }, body: JSON.stringify({ input: "Slow.", voice: "nova" }), signal: ctl.signal });
    await voiced.waitFor(() => true, 1000);
    ctl.abort();
    await expect(gaveUp).rejects.toThrow();
    const rec = await voiced.waitFor((r) => r.outcome === "aborted", 1000);
    expect(rec.audioMs).toBeUndefined();
    const slow = await speak({ input: "Slow.", voice: "nova" });
    expect(slow.status).toBe(200);
    expect(voiced.requests[1]!.firstChunkAt! - voiced.requests[1]!.receivedAt).toBeGreaterThanOrEqual(290);
  });
});
