import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { rowsOf, stories, storyDrafts } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { LORE_LIMITS, type PromptRecord, type StoryDraft } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import { PART_SEPARATOR } from "../src/llm/prompt";
import type { RunningApi } from "../src/server";
import { callEndpoint, newGuest, signedInUser } from "./http";

// The lorebook from the editor to the model, and the prompt inspector, on the real server and
// database against a local model peer speaking the real protocol: the request the peer captured is
// the ground truth.

let api: RunningApi;
let peer: ModelPeer;
beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  api = await startTestApi({
    LLM_BASE_URL: peer.url,
    LLM_API_KEY: "sk-test",
    LLM_MODEL: "peer-model",
    LLM_RETRIES: 1,
    LLM_CONTEXT_TOKENS: 2000,
    LLM_MAX_OUTPUT_TOKENS: 200,
    LLM_FIRST_TOKEN_TIMEOUT_MS: 5000,
    STORY_REVIEW: "off",
  });
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});
beforeEach(() => peer.reset());

const SCRIPT = `The tide is out. Wren waits on the pier.
# speaker: Wren
# goal: Reach the lighthouse
"Coming?" she asks.
* [Follow her] -> lighthouse
* [Stay ashore] -> shore

== lighthouse ==
The lamp room smells of oil and salt.
-> END

== shore ==
You watch the light turn, alone.
-> END
`;
const sand = (n: number) => "sand ".repeat(n).trim();
const LORE = [
  { name: "Lighthouse", keys: ["lighthouse", "/lamp ?room/i"], content: "FIRED-LIGHTHOUSE: the lamp has not turned since the keeper vanished; it mentions the keeper.", priority: 80, position: "after_persona" },
  { name: "Keeper", keys: ["keeper"], content: "FIRED-KEEPER: the keeper was Wren's father, and he owed the harbourmaster.", priority: 70, position: "before_persona" },
  { name: "Harbourmaster", keys: ["harbourmaster"], content: "FIRED-HARBOURMASTER: a depth-2 entry that names the smugglers.", priority: 60, position: "before_turns" },
  { name: "Smugglers", keys: ["smugglers"], content: "NEVER-SMUGGLERS: depth 3, past the recursion limit.", priority: 60 },
  { name: "Tides", always: true, content: "ALWAYS-TIDES: the tide here goes out for a whole day.", priority: 5 },
  { name: "Gulls", keys: ["/gulls?/"], content: "NEVER-GULLS: nothing in the chat names gulls.", priority: 99 },
  { name: "High", keys: ["/pier/"], content: `HIGH-PIER ${sand(220)}`, priority: 90, share: 20 },
  { name: "Low", keys: ["pier"], content: `LOW-PIER ${sand(220)}`, priority: 10, share: 20 },
  { name: "TooLong", keys: ["pier"], content: `TOOLONG-PIER ${sand(150)}`, priority: 95, share: 5 },
];
const draftFields = (over: Record<string, unknown> = {}) => ({
  title: "Lamp Lore",
  hook: "A lighthouse that only shines when the sea is gone.",
  category_id: "mystery",
  tags: ["sea"],
  characters: [{ name: "Wren", persona: "A keeper's daughter, wry and brave.", greeting: "You came back. The tide didn't." }],
  script: SCRIPT,
  lorebook: LORE,
  ...over,
});
const entry = (over: Record<string, unknown> = {}) => ({ name: "E", keys: ["k"], content: "c", ...over });

async function draftRow(id: string) {
  return (await api.handle.db.select().from(storyDrafts).where(eq(storyDrafts.id, Number(id))))[0]!;
}
const draftCount = async () => Number(rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from story_drafts`))[0]!.n);

describe(`lorebook (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("refuses bad and oversized lorebooks with 400 and changes nothing", async () => {
    const a = await signedInUser(api, "Lore Author");
    const before = await draftCount();
    const bad: [string, unknown[]][] = [
      ["a pattern RE2 cannot run (backreference)", [entry({ keys: ["/(a)\\1/"] })]],
      ["a lookahead", [entry({ keys: ["/(?=x)y/"] })]],
      ["broken syntax", [entry({ keys: ["/(open/"] })]],
      ["too many entries", Array.from({ length: LORE_LIMITS.entries + 1 }, (_, i) => entry({ name: `E${i}` }))],
      ["too many keys", [entry({ keys: Array.from({ length: LORE_LIMITS.keysPerEntry + 1 }, (_, i) => `k${i}`) })]],
      ["too long content", [entry({ content: "x".repeat(LORE_LIMITS.contentChars + 1) })]],
      ["too long pattern", [entry({ keys: [`/${"a".repeat(LORE_LIMITS.regexChars + 1)}/`] })]],
      ["no keys and not always on", [entry({ keys: [] })]],
      ["an unknown position", [entry({ position: "middle" })]],
      ["a share over the limit", [entry({ share: LORE_LIMITS.maxShare + 1 })]],
      ["an unknown field", [entry({ script: "x" })]],
    ];
    for (const [what, lorebook] of bad) {
      const r = await callEndpoint(api, "storyDraftCreate", draftFields({ lorebook }), a.token);
      expect(r.status, what).toBe(400);
      expect(r.code, what).toBe("VALIDATION_ERROR");
    }
    expect(await draftCount()).toBe(before);

    // An update with a bad pattern leaves the stored lorebook as it was.
    const c = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", draftFields({ lorebook: [entry()] }), a.token);
    expect(c.status).toBe(200);
    const u = await callEndpoint(api, "storyDraftUpdate", { id: c.data.draft.id, lorebook: [entry({ keys: ["ok", "/(?<=a)b/"] })] }, a.token);
    expect(u.status).toBe(400);
    expect(u.message).toMatch(/lorebook\.0\.keys\.1/);
    expect((await draftRow(c.data.draft.id)).lorebook).toEqual([{ name: "E", keys: ["k"], content: "c", always: false, priority: 50, position: "after_persona", share: 10 }]);
  });

  it("travels with the draft and its publish; fired entries reach the model; the inspector's parts are the prompt it received", async () => {
    const a = await signedInUser(api, "Lore Author");
    const c = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", draftFields(), a.token);
    expect(c.status).toBe(200);
    expect(c.data.draft.lorebook.map((e) => e.name)).toEqual(LORE.map((e) => e.name));
    const got = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id: c.data.draft.id }, a.token);
    expect(got.data.draft.lorebook).toEqual(c.data.draft.lorebook);
    const p = await callEndpoint<{ story_id: string }>(api, "storyDraftPublish", { id: c.data.draft.id }, a.token);
    expect(p.status).toBe(200);
    const storyId = p.data.story_id;
    const [story] = await api.handle.db.select({ lorebook: stories.lorebook }).from(stories).where(eq(stories.id, storyId));
    expect(story!.lorebook).toEqual(c.data.draft.lorebook);

    // The author plays: open the story, then type words that name the lighthouse.
    const actorId = `${storyId}-c1`;
    const target = { story_id: storyId, actor_id: actorId, mode: "character" };
    expect((await callEndpoint(api, "chatSend", target, a.token)).status).toBe(200);
    peer.script({ content: "The lamp has been dark for a year.", reasoning: null });
    const turn = await callEndpoint<{ messages: { id: string; role: string }[] }>(api, "chatSend", { ...target, content: "Why is the lighthouse dark?" }, a.token);
    expect(turn.status).toBe(200);
    const replyId = turn.data.messages.at(-1)!.id;
    expect(peer.requests).toHaveLength(1);
    const sent = peer.requests[0]!.body.messages!;
    const system = sent[0]!.content as string;
    // Keys (a word and a pattern), recursion down to depth 2, the always-on entry; not depth 3, not unnamed ones.
    for (const s of ["FIRED-LIGHTHOUSE", "FIRED-KEEPER", "FIRED-HARBOURMASTER", "ALWAYS-TIDES", "HIGH-PIER"]) expect(system, s).toContain(s);
    for (const s of ["NEVER-SMUGGLERS", "NEVER-GULLS", "LOW-PIER", "TOOLONG-PIER"]) expect(system, s).not.toContain(s);
    // Placement: before the persona, after it, and last before the turns.
    expect(system.indexOf("FIRED-KEEPER")).toBeLessThan(system.indexOf("Persona:"));
    expect(system.indexOf("FIRED-LIGHTHOUSE")).toBeGreaterThan(system.indexOf("Persona:"));
    expect(system.trimEnd().endsWith("FIRED-HARBOURMASTER: a depth-2 entry that names the smugglers.")).toBe(true);

    // The inspector: the caller's own reply, part by part.
    const ins = await callEndpoint<{ message_id: string; prompt: PromptRecord }>(api, "chatPrompt", { story_id: storyId, message_id: replyId }, a.token);
    expect(ins.status).toBe(200);
    const rec = ins.data.prompt;
    const systemParts = rec.parts.filter((x) => x.message === "system");
    expect(systemParts.map((x) => x.text).join(PART_SEPARATOR)).toBe(system);
    expect(rec.parts.filter((x) => x.message !== "system").map((x) => ({ role: x.message, content: x.text }))).toEqual(sent.slice(1).map((m) => ({ role: m.role, content: m.content })));
    expect(rec.tokens).toBe(rec.parts.reduce((n, x) => n + x.tokens, 0) + rec.tool_tokens);
    expect(rec.tokens).toBeLessThanOrEqual(rec.budget);
    expect(rec.budget).toBe(1800);
    expect(rec.parts.map((x) => x.kind)).toEqual(expect.arrayContaining(["instructions", "persona", "scene", "choices", "lore", "turn"]));
    const lore = Object.fromEntries(rec.lore.map((l) => [l.name, l]));
    expect(lore.Lighthouse).toMatchObject({ depth: 0, included: true, matched: [{ key: "lighthouse", text: "lighthouse" }] });
    expect(lore.Keeper).toMatchObject({ depth: 1, included: true, matched: [{ key: "keeper", text: "keeper" }] });
    expect(lore.Harbourmaster).toMatchObject({ depth: 2, included: true });
    expect(lore.Tides).toMatchObject({ always: true, matched: [], included: true });
    expect(lore.High).toMatchObject({ included: true, matched: [{ key: "/pier/", text: "pier" }] });
    expect(lore.Low).toMatchObject({ included: false, reason: "over_budget" });
    expect(lore.TooLong).toMatchObject({ included: false, reason: "over_share" });
    expect(lore.Smugglers).toBeUndefined();
    expect(lore.Gulls).toBeUndefined();
    expect(rec.trimmed.lore_entries).toBe(2);

    // Nobody else sees it: another player, and the author for a message that is not a recorded reply.
    const other = await newGuest(api);
    const theirs = await callEndpoint(api, "chatPrompt", { story_id: storyId, message_id: replyId }, other.token);
    expect(theirs.status).toBe(404);
    const opening = turn.data.messages[0]!.id; // the player's own words: no prompt
    expect((await callEndpoint(api, "chatPrompt", { story_id: storyId, message_id: opening }, a.token)).status).toBe(404);
    expect((await callEndpoint(api, "chatPrompt", { story_id: storyId, message_id: "abc" }, a.token)).status).toBe(400);

    // A new alternative replaces the record with its own prompt's.
    peer.script({ content: "Another answer.", reasoning: null });
    const regen = await callEndpoint(api, "chatRegenerate", target, a.token);
    expect(regen.status).toBe(200);
    const again = await callEndpoint<{ prompt: PromptRecord }>(api, "chatPrompt", { story_id: storyId, message_id: replyId }, a.token);
    expect(again.data.prompt.parts.filter((x) => x.message === "system").map((x) => x.text).join(PART_SEPARATOR)).toBe(peer.requests[1]!.body.messages![0]!.content);
  });
});
