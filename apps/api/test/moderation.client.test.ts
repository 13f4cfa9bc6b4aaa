import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inkTexts } from "../src/moderation/inkTexts";
import { ModerationClient, moderationCalls, moderationInputs, type ModerationSettings } from "../src/moderation/client";
import { compileScript } from "@storyloom/story-script";
import { ModerationPeer } from "./moderationPeer";

// The moderation client over its transport against a local peer speaking /v1/moderations: the
// verdict of clean and flagged answers, and every failure (500, a hang, an answer it cannot read)
// told apart as "error", never as clean.

let peer: ModerationPeer;
beforeAll(async () => {
  peer = await new ModerationPeer().start();
});
afterAll(() => peer.stop());
beforeEach(() => peer.reset());

const client = (over: Partial<ModerationSettings> = {}) => new ModerationClient({ baseURL: peer.url, apiKey: "sk-mod", model: "omni-moderation-latest", timeoutMs: 2000, ...over });

describe("the moderation client", () => {
  it("sends { model, input } with the key and answers clean", async () => {
    const v = await client().checkStory(["The Low Tide", "A lighthouse that only shines when the sea is gone."], ["The tide is out.", "Follow her"]);
    expect(v).toMatchObject({ status: "clean", categories: [], model: "omni-moderation-latest", error: null });
    expect(v.checked_at).not.toBeNull();
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]!.authorization).toBe("Bearer sk-mod");
    expect(peer.requests[0]!.body).toEqual({ model: "omni-moderation-latest", input: ["The Low Tide", "A lighthouse that only shines when the sea is gone.", "The tide is out.\nFollow her"] });
  });

  it("answers flagged with the union of the flagged inputs' categories", async () => {
    peer.mode = "flagged";
    peer.flagOnly = /knife/;
    peer.flagAs = ["violence", "violence/graphic"];
    const v = await client().checkStory(["Title", "He draws a knife."], []);
    expect(v).toMatchObject({ status: "flagged", categories: ["violence", "violence/graphic"], error: null });
  });

  it("counts a 500, a hang past the timeout and an unreadable answer as errors, never clean", async () => {
    peer.mode = "500";
    expect(await client().check(["hello"])).toMatchObject({ status: "error", categories: [], error: "the moderation endpoint answered 500" });
    peer.mode = "hang";
    const t0 = Date.now();
    const hung = await client({ timeoutMs: 300 }).check(["hello"]);
    expect(hung).toMatchObject({ status: "error", error: "the moderation endpoint did not answer within 300 ms" });
    expect(Date.now() - t0).toBeLessThan(2000);
    peer.mode = "malformed";
    const bad = await client().check(["one", "two"]);
    expect(bad.status).toBe("error");
    expect(bad.error).toMatch(/answered 0 results for 2 inputs/);
  });

  it("tells an unreachable endpoint", async () => {
    const v = await new ModerationClient({ baseURL: "http://127.0.0.1:9/v1", apiKey: "k", model: "m", timeoutMs: 1000 }).check(["hello"]);
    expect(v.status).toBe("error");
    expect(v.error).toMatch(/could not be reached|did not answer/);
  });

  it("splits long texts and packs short ones within the limits, in several calls when needed", async () => {
    const long = "word ".repeat(1000); // 5,000 characters
    const inputs = moderationInputs(["T", long], Array.from({ length: 400 }, (_, i) => `line ${i} of the script`), 2000);
    expect(inputs.every((i) => i.length <= 2000)).toBe(true);
    // Nothing is lost: every piece of text is in some input.
    expect(inputs.join(" ").split(/\s+/).filter((w) => w === "word")).toHaveLength(1000);
    expect(inputs.filter((i) => i.includes("line 399 of the script"))).toHaveLength(1);
    const calls = moderationCalls(inputs, 4);
    expect(calls.length).toBe(Math.ceil(inputs.length / 4));
    expect(calls.every((c) => c.length <= 4)).toBe(true);

    const v = await client({ maxInputs: 4, maxChars: 2000 }).checkStory(["T", long], Array.from({ length: 400 }, (_, i) => `line ${i} of the script`));
    expect(v.status).toBe("clean");
    expect(peer.requests.length).toBe(calls.length);
    expect(peer.requests.every((r) => (r.body.input as string[]).length <= 4)).toBe(true);
    expect(peer.inputs).toEqual(inputs);
    // One flagged input in any call flags the whole check.
    peer.reset();
    peer.mode = "flagged";
    peer.flagOnly = /line 399 /;
    expect((await client({ maxInputs: 4 }).checkStory(["T", long], Array.from({ length: 400 }, (_, i) => `line ${i} of the script`))).status).toBe("flagged");
  });

  it("reads every text string of a compiled ink story: lines, choices and tags", () => {
    const compiled = compileScript(`Wren waits on the pier. # speaker: Wren\n* [Follow her] -> lamp\n* [Stay] -> END\n== lamp ==\nThe lamp room smells of oil.\n-> END\n`);
    if (!compiled.ok) throw new Error("did not compile");
    const texts = inkTexts(compiled.json);
    expect(texts).toEqual(expect.arrayContaining(["Wren waits on the pier. ", "Follow her", "Stay", "The lamp room smells of oil."]));
    expect(texts.join(" ")).toMatch(/speaker: Wren/);
    // Control commands and divert targets are not text.
    expect(texts.some((t) => t === "lamp" || t === "END")).toBe(false);
  });
});
