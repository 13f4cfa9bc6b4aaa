import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchChoice, startModelPeer, type ModelPeer } from "./index";

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
