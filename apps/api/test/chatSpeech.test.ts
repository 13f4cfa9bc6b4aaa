import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "@storyloom/db";
import { SPEECH_LIMITS, SPEECH_PATH, type StoryDraft } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, callEndpoint, newGuest, signedInUser } from "./http";
import { addTestStory, type Msg } from "./chat.support";
import { startSpeechPeer, type SpeechPeer } from "./speechPeer";

// Read aloud through an OpenAI-compatible speech server (issue 45), on the real server against a
// local /v1/audio/speech peer: one request per sentence with the character's voice and the model,
// the audio streamed back in order, only the caller's own replies, bounded input, a failing server
// as a clear 502, and no speech route at all when no server is configured.

const SEND = "/api/v1/actor/chat/message.send";
const KEY = "sk-speech";
const RATE = 6;
let api: RunningApi;
let peer: SpeechPeer;
let story: { storyId: string; mara: string; tobin: string };

beforeAll(async () => {
  peer = await startSpeechPeer(KEY);
  api = await startTestApi({ TTS_BASE_URL: peer.url, TTS_API_KEY: KEY, TTS_MODEL: "peer-tts", TTS_VOICE: "house-voice", LLM_RATE_PER_MINUTE: RATE });
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});

/** Asks for a reply's audio: the raw answer (audio, or a JSON envelope when refused). */
function speech(body: unknown, token?: string, on: RunningApi = api): Promise<Response> {
  return fetch(`${on.url}${SPEECH_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** A reply of Mara's in `userId`'s chat of the test story, written straight into the thread. */
async function reply(userId: number, content: string, role = "actor"): Promise<string> {
  const [row] = await api.ctx.db
    .insert(chatMessages)
    .values({ userId, storyId: story.storyId, actorId: role === "user" ? null : story.mara, role, content, source: "model" })
    .returning({ id: chatMessages.id });
  return String(row!.id);
}

const SCRIPT = `The tide is out. Wren waits on the pier.
# speaker: Wren
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

describe("read aloud through the speech server", () => {
  it("says it is available", async () => {
    const r = await call<{ available: boolean }>(api, "GET", SPEECH_PATH);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ available: true });
  });

  it("reads a published character's reply in the voice its author set, one request per sentence", async () => {
    const author = await signedInUser(api, "Ada Voice");
    const wren = { name: "Wren", persona: "A keeper's daughter, wry and brave.", greeting: "You came back. The tide didn't.", voice: "af_bella" };
    const created = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", { title: "Tide Voice", hook: "A lighthouse.", category_id: "mystery", characters: [wren], script: SCRIPT }, author.token);
    expect(created.status, created.message).toBe(200);
    expect(created.data.draft.characters[0]).toMatchObject({ voice: "af_bella" });
    const published = await callEndpoint<{ story_id: string }>(api, "storyDraftPublish", { id: created.data.draft.id }, author.token);
    expect(published.status, published.message).toBe(200);
    const storyId = published.data.story_id;

    const player = await newGuest(api);
    const start = await call<{ messages: Msg[] }>(api, "POST", SEND, { token: player.token, body: { story_id: storyId, actor_id: `${storyId}-c1`, mode: "character" } });
    expect(start.code, start.message).toBe("0");
    const greeting = start.data.messages.find((m) => m.content === wren.greeting);
    expect(greeting).toBeDefined();

    const before = peer.requests.length;
    const res = await speech({ story_id: storyId, message_id: greeting!.id }, player.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^audio\/mpeg/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect(Buffer.from(await res.arrayBuffer()).toString("utf8")).toBe("af_bella:You came back.|af_bella:The tide didn't.|");
    const asked = peer.requests.slice(before);
    expect(asked.map((r) => r.body)).toEqual([
      { model: "peer-tts", input: "You came back.", voice: "af_bella", response_format: "mp3" },
      { model: "peer-tts", input: "The tide didn't.", voice: "af_bella", response_format: "mp3" },
    ]);
    expect(asked.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it("drops role-play marks and uses the default voice for a character without one", async () => {
    const g = await newGuest(api);
    const id = await reply(g.id, "*She leans closer.* You're late.\n\n**Run!**");
    const before = peer.requests.length;
    const res = await speech({ story_id: story.storyId, message_id: id }, g.token);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString("utf8")).toBe("house-voice:She leans closer.|house-voice:You're late.|house-voice:Run!|");
    expect(peer.requests.slice(before).map((r) => r.body.input)).toEqual(["She leans closer.", "You're late.", "Run!"]);
  });

  it("answers 404 for another player's reply, the player's own line and an unknown id, asking the server nothing", async () => {
    const owner = await newGuest(api);
    const other = await newGuest(api);
    const theirs = await reply(owner.id, "A secret. Only for the owner.");
    const own = await reply(other.id, "I say something.", "user");
    const before = peer.requests.length;
    for (const [token, messageId] of [
      [other.token, theirs],
      [other.token, own],
      [other.token, "999999999"],
    ] as const) {
      const res = await speech({ story_id: story.storyId, message_id: messageId }, token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("NOT_FOUND");
    }
    // The right reply under another story's id is not found either.
    expect((await speech({ story_id: "no-such-story", message_id: theirs }, owner.token)).status).toBe(404);
    expect(peer.requests.length).toBe(before);
  });

  it("refuses bad input with 400, no session with 401, and a reply over the limit; nothing is asked", async () => {
    const g = await newGuest(api);
    const id = await reply(g.id, "Fine words.");
    const long = await reply(g.id, `${"Word. ".repeat(Math.ceil(SPEECH_LIMITS.textChars / 6))}End.`);
    const before = peer.requests.length;
    for (const body of [{}, { story_id: story.storyId }, { story_id: story.storyId, message_id: "abc" }, { story_id: story.storyId, message_id: id, text: "speak this instead" }, { story_id: "Bad Slug!", message_id: id }]) {
      const res = await speech(body, g.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
    }
    const tooLong = await speech({ story_id: story.storyId, message_id: long }, g.token);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toMatch(/too long to read aloud/);
    expect((await speech({ story_id: story.storyId, message_id: id })).status).toBe(401);
    expect(peer.requests.length).toBe(before);
  });

  it("answers a clear 502 when the speech server fails on the first sentence", async () => {
    const g = await newGuest(api);
    const id = await reply(g.id, "Broken bell rings. Nobody hears.");
    peer.failOn = "Broken bell";
    try {
      const res = await speech({ story_id: story.storyId, message_id: id }, g.token);
      expect(res.status).toBe(502);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("MODEL_ERROR");
      expect(body.message).toMatch(/speech server could not read this reply \(it answered 500\)/);
    } finally {
      peer.failOn = null;
    }
  });

  it("cuts the stream short when a later sentence fails (the audio is not passed off as whole)", async () => {
    const g = await newGuest(api);
    const id = await reply(g.id, "First part plays. Second part breaks. Third never comes.");
    peer.failOn = "Second part";
    try {
      const res = await speech({ story_id: story.storyId, message_id: id }, g.token);
      expect(res.status).toBe(200);
      await expect(res.arrayBuffer()).rejects.toThrow();
      expect(peer.requests.at(-1)!.body.input).toBe("Second part breaks.");
    } finally {
      peer.failOn = null;
    }
  });

  it("counts readings against the player's per-minute limit", async () => {
    const g = await newGuest(api);
    const id = await reply(g.id, "Again.");
    for (let i = 0; i < RATE; i++) expect((await speech({ story_id: story.storyId, message_id: id }, g.token)).status).toBe(200);
    const before = peer.requests.length;
    const limited = await speech({ story_id: story.storyId, message_id: id }, g.token);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect(peer.requests.length).toBe(before);
  });
});

describe("read aloud without a speech server", () => {
  let bare: RunningApi;
  beforeAll(async () => {
    bare = await startTestApi();
  });
  afterAll(() => bare?.stop());

  it("says it is not available and refuses readings with a clear 404", async () => {
    const r = await call<{ available: boolean }>(bare, "GET", SPEECH_PATH);
    expect(r.data).toEqual({ available: false });
    const g = await newGuest(bare);
    const res = await speech({ story_id: story.storyId, message_id: "1" }, g.token, bare);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/TTS_BASE_URL/);
  });
});
