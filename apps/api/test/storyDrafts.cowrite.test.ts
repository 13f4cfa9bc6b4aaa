import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { chatMessages, rowsOf } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { checkScript } from "@storyloom/story-script";
import type { CowriteSuggestion, StoryDraft } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest, signedInUser } from "./http";

// The story editor's co-writer against the local model peer (the real OpenAI-compatible wire), and
// user stories' `# speaker:` tags reaching the chat engine's prompt as their characters.

const RATE = 6;
let api: RunningApi;
let peer: ModelPeer;
beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-cowrite" });
  api = await startTestApi({ LLM_BASE_URL: peer.url, LLM_API_KEY: "sk-cowrite", LLM_MODEL: "peer-model", LLM_RETRIES: 0, LLM_RATE_PER_MINUTE: RATE, LLM_FIRST_TOKEN_TIMEOUT_MS: 5000 });
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});
beforeEach(() => peer.reset());

/** A signed-in (e-mail) user: the editor is not for guests. */
const author = (name = "Ada Quill") => signedInUser(api, name);

// `cellar` is diverted to but not written: the knot the co-writer is asked for.
const UNFINISHED = `The lamp room hums.
# speaker: wren
"Coming?" she asks.
* [Climb to the lamp] -> top
* [Go down to the cellar] -> cellar

== top ==
Stars, everywhere.
-> END
`;
const CELLAR = `=== cellar ===
Cold stone and the sound of water.
"Mind the third step," Wren says. # speaker: Wren
* [Follow the water] The passage opens onto the sea. -> END
* [Go back up] -> top`;

const fields = (over: Record<string, unknown> = {}) => ({
  title: "The Lamp Room",
  hook: "A keeper's daughter shows you the light, or what lies under it.",
  category_id: "mystery",
  tags: ["sea"],
  characters: [
    { name: "Wren", persona: "The keeper's daughter.", greeting: "You found the door." },
    { name: "Old Tom", persona: "", greeting: "Evening." },
  ],
  script: UNFINISHED,
  ...over,
});

async function newDraft(a: { token: string }, over: Record<string, unknown> = {}): Promise<string> {
  const c = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields(over), a.token);
  expect(c.status).toBe(200);
  return c.data.draft.id;
}

const cowrite = (token: string, input: Record<string, unknown>) => callEndpoint<{ suggestion: CowriteSuggestion }>(api, "storyDraftCowrite", input, token);
const userMessage = (i = 0) => peer.requests[i]!.body.messages!.at(-1)!.content as string;
const systemMessage = (i = 0) => peer.requests[i]!.body.messages![0]!.content as string;

describe("the co-writer", () => {
  it("says it is on, and writes the knot the script diverts to but lacks, as plain ink that fits (free: no coins move)", async () => {
    const a = await author();
    const id = await newDraft(a);
    const got = await callEndpoint<{ draft: StoryDraft; cowrite: boolean }>(api, "storyDraftGet", { id }, a.token);
    expect(got.data.cowrite).toBe(true);
    const before = await balanceAndLedger(api.ctx.db, a.id);

    peer.script({ content: `Here it is:\n\`\`\`ink\n${CELLAR}\n\`\`\``, reasoning: null });
    const r = await cowrite(a.token, { id, kind: "knot", note: "Wren knows a way out" });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.data.suggestion).toEqual({ kind: "knot", text: CELLAR, knot: "cellar", character: null, truncated: false });
    // Accepted at the end of the script, it completes the story: it compiles and every path ends.
    const check = checkScript(`${UNFINISHED}\n${r.data.suggestion.text}\n`);
    expect(check.problems).toEqual([]);
    expect(check.report!.endings.length).toBe(2);

    // What the model was asked: the draft (title, hook, cast), the script, the missing knot, the author's wish.
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]!.headers.authorization).toBe("Bearer sk-cowrite");
    expect(peer.requests[0]!.body).toMatchObject({ model: "peer-model", stream: true });
    expect(systemMessage()).toContain('"The Lamp Room"');
    expect(systemMessage()).toContain("- Wren: The keeper's daughter.");
    for (const part of ["Write the knot `cellar`", "-> cellar", "Knots already written: top.", "The author's wish for it: Wren knows a way out"]) expect(userMessage()).toContain(part);
    expect(await balanceAndLedger(api.ctx.db, a.id)).toEqual(before);
  });

  it("asks for a new knot when nothing is missing, and adds the knot's heading when the model leaves it out", async () => {
    const a = await author();
    const id = await newDraft(a, { script: `${UNFINISHED}\n${CELLAR}\n` });
    peer.script({ content: "The gulls wheel over the dunes.\n-> END", reasoning: null });
    const r = await cowrite(a.token, { id, kind: "knot" });
    expect(r.data.suggestion).toMatchObject({ kind: "knot", knot: "next_scene", text: "=== next_scene ===\nThe gulls wheel over the dunes.\n-> END" });
    expect(userMessage()).toContain("Write the story's next knot");
  });

  it("writes a character's persona as plain text: no label, no quotes, markup kept as the characters it is", async () => {
    const a = await author();
    const id = await newDraft(a);
    peer.script({ content: 'Persona: "You are Old Tom, <b>the ferryman</b>. You speak in short, salted sentences."', reasoning: null });
    const r = await cowrite(a.token, { id, kind: "persona", character: 1 });
    expect(r.status).toBe(200);
    expect(r.data.suggestion).toEqual({ kind: "persona", text: "You are Old Tom, <b>the ferryman</b>. You speak in short, salted sentences.", knot: null, character: 1, truncated: false });
    expect(userMessage()).toContain("Write the persona of Old Tom");
    // The suggestion is stored nowhere: the draft changes only when the author accepts and saves.
    const got = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token);
    expect(got.data.draft.characters[1]!.persona).toBe("");
  });

  it("keeps a long answer within the limits, marked cut short", async () => {
    const a = await author();
    const id = await newDraft(a);
    const long = `=== cellar ===\n${Array.from({ length: 200 }, (_, i) => `Line ${i} of a very long cellar that goes on and on.`).join("\n")}\n-> END`;
    peer.script({ content: long, reasoning: null }, { content: `You are Old Tom. ${"He rows. ".repeat(400)}`, reasoning: null });
    const knot = (await cowrite(a.token, { id, kind: "knot" })).data.suggestion;
    expect(knot.text.length).toBeLessThanOrEqual(4000);
    expect(knot.text.endsWith(".")).toBe(true);
    expect(knot.truncated).toBe(true);
    const persona = (await cowrite(a.token, { id, kind: "persona", character: 1 })).data.suggestion;
    expect(persona.text.length).toBeLessThanOrEqual(2000);
    expect(persona.text.endsWith("rows.")).toBe(true);
    expect(persona.truncated).toBe(true);
  });

  it("never reads another author's draft, refuses guests and callers without a token, and asks the model nothing", async () => {
    const a = await author();
    const b = await author("Bex");
    const id = await newDraft(a);
    const other = await cowrite(b.token, { id, kind: "knot" });
    expect(other.status).toBe(404);
    expect(other.code).toBe("NOT_FOUND");
    expect(JSON.stringify([other.message, other.data])).not.toContain("lamp room");
    const g = await newGuest(api);
    expect((await cowrite(g.token, { id, kind: "knot" })).status).toBe(403);
    const anon = await fetch(`${api.url}/api/v1/story-draft.cowrite`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, kind: "knot" }) });
    expect(anon.status).toBe(401);
    expect(peer.requests).toHaveLength(0);
  });

  it("refuses bad input with the field named, a character the draft lacks, and a full script, before the model is asked", async () => {
    const a = await author();
    const id = await newDraft(a);
    for (const [path, input] of [
      ["kind", { id, kind: "chapter" }],
      ["character", { id, kind: "persona" }],
      ["note", { id, kind: "knot", note: "two\nlines" }],
      ["note", { id, kind: "knot", note: "x".repeat(201) }],
      ["script", { id, kind: "knot", script: "mine" }],
    ] as const) {
      const r = await callEndpoint<{ fields: { path: string; message: string }[] }>(api, "storyDraftCowrite", input, a.token);
      expect(r.status, path).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(r.data.fields), path).toContain(path);
    }
    const missing = await cowrite(a.token, { id, kind: "persona", character: 4 });
    expect(missing.status).toBe(400);
    expect(missing.message).toContain("character is not a character of this draft");
    const full = await newDraft(a, { script: `${UNFINISHED}// ${"x".repeat(59_850 - UNFINISHED.length)}\n` });
    const refused = await cowrite(a.token, { id: full, kind: "knot" });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain("no room for another knot");
    expect(peer.requests).toHaveLength(0);
  });

  it("answers MODEL_ERROR when the model fails or writes nothing", async () => {
    const a = await author();
    const id = await newDraft(a);
    peer.script({ status: 500 }, { content: "  ", reasoning: null });
    const failed = await cowrite(a.token, { id, kind: "knot" });
    expect(failed.status).toBe(502);
    expect(failed).toMatchObject({ code: "MODEL_ERROR", message: "The language model answered 500" });
    const empty = await cowrite(a.token, { id, kind: "persona", character: 0 });
    expect(empty.status).toBe(502);
    expect(empty).toMatchObject({ code: "MODEL_ERROR", message: "The language model wrote an empty suggestion" });
  });

  it(`is rate limited with the caller's chat replies: ${RATE} model calls a minute, then 429 with the wait`, async () => {
    const a = await author();
    const id = await newDraft(a);
    peer.defaults = { content: "=== cellar ===\nDark.\n-> END", reasoning: null };
    try {
      for (let i = 0; i < RATE; i++) expect((await cowrite(a.token, { id, kind: "knot" })).status).toBe(200);
      const limited = await cowrite(a.token, { id, kind: "knot" });
      expect(limited.status).toBe(429);
      expect(limited.code).toBe("RATE_LIMITED");
      expect((limited.data as unknown as { retry_after: number }).retry_after).toBeGreaterThan(0);
      expect(peer.requests).toHaveLength(RATE);
      // Another author has a budget of their own.
      const b = await author("Bex");
      expect((await cowrite(b.token, { id: await newDraft(b), kind: "knot" })).status).toBe(200);
    } finally {
      peer.defaults = {};
    }
  });
});

describe("speaker tags of a story written in the editor", () => {
  it("name its characters as the author wrote them (any case): the engine resolves them to the character ids", async () => {
    const a = await author();
    const id = await newDraft(a, { script: `${UNFINISHED}\n${CELLAR}\n` });
    const pub = await callEndpoint<{ story_id: string }>(api, "storyDraftPublish", { id }, a.token);
    expect(pub.status).toBe(200);
    const storyId = pub.data.story_id;
    const wren = `${storyId}-c1`;

    const player = await newGuest(api);
    const send = (body: Record<string, unknown>) => callEndpoint<{ messages: { content: string }[] }>(api, "chatSend", { story_id: storyId, actor_id: wren, ...body }, player.token);
    expect((await send({})).status).toBe(200);
    const [saved] = await api.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, player.id), eq(chatMessages.storyId, storyId), isNotNull(chatMessages.state)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    // `# speaker: wren` is stored as Wren's id, as a seeded script's `# speaker: <id>` is.
    expect((saved!.state as { speakers: (string | null)[] }).speakers).toEqual([null, wren]);

    peer.script({ content: "Careful on the stairs.", reasoning: null, toolCall: null });
    expect((await send({ content: "Who are you?" })).status).toBe(200);
    const system = systemMessage();
    expect(system).toContain(`Wren: "Coming?" she asks.`);
    expect(system).toContain("Speaking now: Wren");
    expect(system).not.toContain(wren);
    expect(rowsOf(await api.ctx.db.execute(sql`select 1 from actors where id = ${wren} and name = 'Wren'`))).toHaveLength(1);
  });
});
