import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import type { StoryDetail, StorySummary } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { AGE_GATE_MESSAGE } from "../src/services/catalogue";
import { invalidateCatalogue } from "../src/services/publicRead";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { call, callEndpoint, newGuest, signedInUser, type Answer } from "./http";
import { addTestStory, coins } from "./chat.support";

// Who sees what: a story outside the catalogue (pending, rejected, hidden, unpublished) exists for its
// author alone; a mature one for signed-in players who confirmed their age, and is refused to anyone
// else with the age gate. States are set in the database, as the review and staff flows will set them.

let api: RunningApi;
const exec = (q: ReturnType<typeof sql>) => api.handle.db.execute(q);

/** A caller: a label, a bearer token (none: a visitor) and their user id. */
interface Caller {
  name: string;
  token?: string;
  id?: number;
}
let visitor: Caller;
let guest: Caller;
let other: Caller;
let adult: Caller;
let author: Caller;

/** A seeded story taken for one case: its id, title and a character's id and slug. */
interface Pick {
  id: string;
  title: string;
  actorId: string;
  slug: string;
}
let picks: Pick[] = [];
const pick = (i: number) => picks[i]!;

const STATES = ["pending", "rejected", "hidden", "unpublished"] as const;
const stateSql: Record<(typeof STATES)[number], ReturnType<typeof sql>> = {
  pending: sql`review_state = 'pending'`,
  rejected: sql`review_state = 'rejected'`,
  hidden: sql`hidden_at = now(), hidden_reason = 'test'`,
  unpublished: sql`published = false`,
};

beforeAll(async () => {
  api = await startTestApi();
  // One character per story is enough: the first, by its place in the cast.
  picks = rowsOf<Pick>(
    await exec(sql`select s.id, s.title, a.id as "actorId", a.slug from stories s
      join lateral (select id, slug from actors where story_id = s.id order by sort, id limit 1) a on true
      where s.visible order by s.id limit 8`),
  );
  expect(picks).toHaveLength(8);
  visitor = { name: "visitor" };
  const g = await newGuest(api);
  guest = { name: "guest", token: g.token, id: g.id };
  other = { name: "signed-in, unconfirmed", ...(await signedInUser(api, "Other")) };
  adult = { name: "confirmed adult", ...(await signedInUser(api, "Adult")) };
  author = { name: "author", ...(await signedInUser(api, "Author")) };
  await exec(sql`update users set adult_confirmed_at = now() where id = ${adult.id!}`);
  // picks 0–3: one state each, written by `author`; pick 4: mature; 5–7: left in the catalogue.
  for (const [i, state] of STATES.entries()) {
    await exec(sql`update stories set author_id = ${author.id!}, ${stateSql[state]} where id = ${pick(i).id}`);
  }
  await exec(sql`update stories set rating = 'mature' where id = ${pick(4).id}`);
  invalidateCatalogue(api.ctx.db);
});
afterAll(() => api.stop());

/** Every story of the caller's catalogue (all pages, popular order). */
async function wholeCatalogue(c: Caller, q?: string): Promise<StorySummary[]> {
  const out: StorySummary[] = [];
  let cursor: string | null = null;
  do {
    const r: Answer<{ stories: StorySummary[]; next_cursor: string | null }> = await callEndpoint(
      api,
      "storyList",
      { limit: 50, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) },
      c.token,
    );
    expect(r.status, `${c.name} story.list`).toBe(200);
    out.push(...r.data.stories);
    cursor = r.data.next_cursor;
  } while (cursor);
  return out;
}

const startChat = (c: Caller, p: Pick) => callEndpoint(api, "chatSend", { story_id: p.id, actor_id: p.actorId }, c.token);

describe("a story outside the catalogue", () => {
  for (const [i, state] of STATES.entries()) {
    it(`(${state}) is absent from lists, search, story.get, character.get and chat for everyone but its author`, async () => {
      const p = pick(i);
      for (const c of [visitor, guest, other, adult]) {
        expect((await wholeCatalogue(c)).map((s) => s.id), c.name).not.toContain(p.id);
        expect((await wholeCatalogue(c, p.title)).map((s) => s.id), c.name).not.toContain(p.id);
        const got = await callEndpoint(api, "storyGet", { id: p.id }, c.token);
        expect([got.status, got.code], c.name).toEqual([404, "NOT_FOUND"]);
        const ch = await callEndpoint(api, "characterGet", { slug: p.slug }, c.token);
        expect([ch.status, ch.code], c.name).toEqual([404, "NOT_FOUND"]);
        if (c.token) {
          const chat = await startChat(c, p);
          expect([chat.status, chat.code], c.name).toEqual([404, "NOT_FOUND"]);
          const liked = await callEndpoint(api, "favoriteCreate", { story_id: p.id }, c.token);
          expect(liked.status, c.name).toBe(404);
          if (c !== guest) {
            const sub = await callEndpoint(api, "subscribe", { story_id: p.id, email: "reader@example.com" }, c.token);
            expect(sub.status, c.name).toBe(404);
          }
        }
      }
      // Nothing was written for them: no play, no like, no thread.
      const [row] = rowsOf<{ likes: number; plays: number; msgs: number }>(
        await exec(sql`select (select count(*)::int from favorites where story_id = ${p.id}) as likes,
          (select count(*)::int from game_history where story_id = ${p.id}) as plays,
          (select count(*)::int from chat_messages where story_id = ${p.id}) as msgs`),
      );
      expect(row).toEqual({ likes: 0, plays: 0, msgs: 0 });
      const [subs] = rowsOf<{ n: number }>(await exec(sql`select count(*)::int as n from subscriptions where story_id = ${p.id}`));
      expect(subs!.n).toBe(0);
    });

    it(`(${state}) still opens and plays for its author, never with a public Cache-Control`, async () => {
      const p = pick(i);
      const got = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: p.id }, author.token);
      expect(got.status).toBe(200);
      expect(got.data.story.id).toBe(p.id);
      expect(got.headers.get("cache-control")).toBe("private, no-store");
      const ch = await callEndpoint<{ story: StorySummary }>(api, "characterGet", { slug: p.slug }, author.token);
      expect(ch.status).toBe(200);
      expect(ch.data.story.id).toBe(p.id);
      expect(ch.headers.get("cache-control")).toBe("private, no-store");
      const chat = await startChat(author, p);
      expect(chat.status).toBe(200);
      const thread = await callEndpoint<{ messages: unknown[] }>(api, "chatHistory", { story_id: p.id, actor_id: p.actorId }, author.token);
      expect(thread.status).toBe(200);
      expect(thread.data.messages.length).toBeGreaterThan(0);
      // The author's own lists stay the catalogue's.
      expect((await wholeCatalogue(author)).map((s) => s.id)).not.toContain(p.id);
    });
  }

  it("is found again by everyone once back in the catalogue (the check can fail)", async () => {
    const p = pick(5);
    for (const c of [visitor, guest, other, adult]) {
      expect((await wholeCatalogue(c)).map((s) => s.id), c.name).toContain(p.id);
      expect((await wholeCatalogue(c, p.title)).map((s) => s.id), c.name).toContain(p.id);
      expect((await callEndpoint(api, "storyGet", { id: p.id }, c.token)).status, c.name).toBe(200);
      expect((await callEndpoint(api, "characterGet", { slug: p.slug }, c.token)).status, c.name).toBe(200);
    }
    expect((await startChat(other, p)).status).toBe(200);
  });
});

describe("a mature story", () => {
  it("answers the age gate to visitors, guests and unconfirmed players on story.get, character.get and chat", async () => {
    const p = pick(4);
    for (const c of [visitor, guest, other]) {
      const got = await callEndpoint(api, "storyGet", { id: p.id }, c.token);
      expect([got.status, got.code, got.message, got.data], c.name).toEqual([403, "FORBIDDEN", AGE_GATE_MESSAGE, { age_gate: true }]);
      expect(got.headers.get("cache-control") ?? "", c.name).not.toContain("public");
      const ch = await callEndpoint(api, "characterGet", { slug: p.slug }, c.token);
      expect([ch.status, ch.data], c.name).toEqual([403, { age_gate: true }]);
      if (c.token) {
        const chat = await startChat(c, p);
        expect([chat.status, chat.data], c.name).toEqual([403, { age_gate: true }]);
        expect((await callEndpoint(api, "chatHistory", { story_id: p.id, actor_id: p.actorId }, c.token)).status, c.name).toBe(403);
        expect((await callEndpoint(api, "favoriteCreate", { story_id: p.id }, c.token)).status, c.name).toBe(403);
      }
      expect((await wholeCatalogue(c)).map((s) => s.id), c.name).not.toContain(p.id);
      expect((await wholeCatalogue(c, p.title)).map((s) => s.id), c.name).not.toContain(p.id);
    }
  });

  it("is listed, searched, opened and played by a confirmed adult, marked mature, never publicly cacheable", async () => {
    const p = pick(4);
    const listed = (await wholeCatalogue(adult)).find((s) => s.id === p.id);
    expect(listed?.rating).toBe("mature");
    expect((await wholeCatalogue(adult, p.title)).map((s) => s.id)).toContain(p.id);
    const page = await callEndpoint(api, "storyList", { limit: 50 }, adult.token);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const got = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: p.id }, adult.token);
    expect(got.status).toBe(200);
    expect(got.data.story.rating).toBe("mature");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    const ch = await callEndpoint<{ story: StorySummary }>(api, "characterGet", { slug: p.slug }, adult.token);
    expect(ch.status).toBe(200);
    expect(ch.headers.get("cache-control")).toBe("private, no-store");
    expect((await startChat(adult, p)).status).toBe(200);
    expect((await callEndpoint(api, "favoriteCreate", { story_id: p.id }, adult.token)).status).toBe(200);
    const liked = await callEndpoint<{ stories: StorySummary[] }>(api, "favoriteList", {}, adult.token);
    expect(liked.data.stories.map((s) => s.id)).toContain(p.id);
    const played = await callEndpoint<{ stories: StorySummary[] }>(api, "gameHistoryList", {}, adult.token);
    expect(played.data.stories.map((s) => s.id)).toContain(p.id);
  });

  it("is counted in the categories of adults only", async () => {
    const p = pick(4);
    const [row] = rowsOf<{ category_id: string }>(await exec(sql`select category_id from stories where id = ${p.id}`));
    const count = async (c: Caller) => {
      const r = await callEndpoint<{ categories: { id: string; story_count: number }[] }>(api, "categoryList", {}, c.token);
      return r.data.categories.find((x) => x.id === row!.category_id)!.story_count;
    };
    expect(await count(adult)).toBe((await count(visitor)) + 1);
    expect(await count(other)).toBe(await count(visitor));
  });

  it("never reaches another audience from a cache warmed by an adult", async () => {
    const p = pick(4);
    // Warm every cache as an adult, then read as everyone else at once (within every TTL).
    expect((await wholeCatalogue(adult)).map((s) => s.id)).toContain(p.id);
    expect((await wholeCatalogue(adult, p.title)).map((s) => s.id)).toContain(p.id);
    expect((await callEndpoint(api, "storyGet", { id: p.id }, adult.token)).status).toBe(200);
    expect((await callEndpoint(api, "characterGet", { slug: p.slug }, adult.token)).status).toBe(200);
    for (const c of [visitor, guest, other]) {
      expect((await wholeCatalogue(c)).map((s) => s.id), c.name).not.toContain(p.id);
      expect((await wholeCatalogue(c, p.title)).map((s) => s.id), c.name).not.toContain(p.id);
      expect((await callEndpoint(api, "storyGet", { id: p.id }, c.token)).status, c.name).toBe(403);
      expect((await callEndpoint(api, "characterGet", { slug: p.slug }, c.token)).status, c.name).toBe(403);
    }
  });

  it("the age gate opens once the player confirms their age, and a guest account never passes it", async () => {
    const p = pick(4);
    const late = { name: "confirms late", ...(await signedInUser(api, "Late")) };
    expect((await startChat(late, p)).status).toBe(403);
    await exec(sql`update users set adult_confirmed_at = now() where id = ${late.id}`);
    expect((await startChat(late, p)).status).toBe(200);
    expect((await callEndpoint(api, "storyGet", { id: p.id }, late.token)).status).toBe(200);
    // A guest account with a confirmation in its row (no route stores one) is still a guest.
    await exec(sql`update users set adult_confirmed_at = now() where id = ${guest.id!}`);
    expect((await callEndpoint(api, "storyGet", { id: p.id }, guest.token)).status).toBe(403);
    expect((await startChat(guest, p)).status).toBe(403);
    await exec(sql`update users set adult_confirmed_at = null where id = ${guest.id!}`);
  });
});

describe("taking a story down", () => {
  it("removes it at once from every cache of this instance", async () => {
    const p = pick(6);
    expect((await wholeCatalogue(visitor)).map((s) => s.id)).toContain(p.id);
    expect((await callEndpoint(api, "storyGet", { id: p.id })).status).toBe(200);
    const player = { name: "player", ...(await signedInUser(api, "Player")) };
    expect((await startChat(player, p)).status).toBe(200);
    await exec(sql`update stories set hidden_at = now() where id = ${p.id}`);
    // Without the invalidation the cached answers would still be served (TTL 5 s).
    expect((await callEndpoint(api, "storyGet", { id: p.id })).status).toBe(200);
    invalidateCatalogue(api.ctx.db);
    expect((await callEndpoint(api, "storyGet", { id: p.id })).status).toBe(404);
    expect((await wholeCatalogue(visitor)).map((s) => s.id)).not.toContain(p.id);
    expect((await startChat(player, p)).status).toBe(404);
    expect((await callEndpoint(api, "chatHistory", { story_id: p.id, actor_id: p.actorId }, player.token)).status).toBe(404);
    const art = await fetch(`${api.url}/api/v1/art/cover/${p.id}.svg`);
    expect(art.status).toBe(404);
  });

  it("serves a general story's answers to visitors with a short public Cache-Control", async () => {
    const p = pick(7);
    const got = await callEndpoint(api, "storyGet", { id: p.id });
    expect(got.headers.get("cache-control")).toBe("public, max-age=15, stale-while-revalidate=15");
    const page = await callEndpoint(api, "storyList", { limit: 5 });
    expect(page.headers.get("cache-control")).toBe("public, max-age=15, stale-while-revalidate=15");
  });
});

describe("a message staff removed", () => {
  it("is answered with empty content and removed: true", async () => {
    const p = pick(7);
    const player = { name: "player", ...(await signedInUser(api, "Reader")) };
    expect((await startChat(player, p)).status).toBe(200);
    const [first] = rowsOf<{ id: number; content: string }>(
      await exec(sql`select id, content from chat_messages where user_id = ${player.id} and story_id = ${p.id} order by id limit 1`),
    );
    expect(first!.content.length).toBeGreaterThan(0);
    // Removed, its words still in the row: the answer must not carry them.
    await exec(sql`update chat_messages set removed_at = now() where id = ${first!.id}`);
    const thread = await callEndpoint<{ messages: { id: string; content: string; removed?: boolean }[] }>(
      api,
      "chatHistory",
      { story_id: p.id, actor_id: p.actorId },
      player.token,
    );
    const shown = thread.data.messages.find((m) => m.id === String(first!.id));
    expect(shown).toMatchObject({ content: "", removed: true });
    expect(thread.data.messages.filter((m) => m.removed)).toHaveLength(1);
    expect(JSON.stringify(thread.data)).not.toContain(first!.content);
  });
});

describe("typed words and revisions (with a model)", () => {
  let peer: ModelPeer;
  let chatApi: RunningApi;
  let story: { storyId: string; mara: string };
  const SEND = "/api/v1/actor/chat/message.send";
  beforeAll(async () => {
    peer = await startModelPeer({ apiKey: "sk-test" });
    chatApi = await startTestApi({ LLM_BASE_URL: peer.url, LLM_API_KEY: "sk-test", LLM_MODEL: "peer-model", LLM_RETRIES: 1 });
    story = await addTestStory(chatApi.ctx.db);
  });
  afterAll(async () => {
    await chatApi?.stop();
    await peer?.close();
  });

  /** A guest who opened the story and was answered once. */
  async function player() {
    const g = await newGuest(chatApi);
    const target = { story_id: story.storyId, actor_id: story.mara };
    expect((await call(chatApi, "POST", SEND, { token: g.token, body: target })).status).toBe(200);
    peer.script({ content: "Rain again.", reasoning: null });
    expect((await call(chatApi, "POST", SEND, { token: g.token, body: { ...target, content: "Hello" } })).status).toBe(200);
    return { ...g, target };
  }
  const messages = async (userId: number) =>
    rowsOf<{ n: number }>(await chatApi.handle.db.execute(sql`select count(*)::int as n from chat_messages where user_id = ${userId}`))[0]!.n;

  for (const [what, change, status] of [
    ["hidden", sql`hidden_at = now()`, 404],
    ["mature", sql`rating = 'mature'`, 403],
  ] as const) {
    it(`a story made ${what} mid-chat refuses typed words, regenerate and history (${status}), charging and writing nothing`, async () => {
      const p = await player();
      const before = { coins: await coins(chatApi.ctx.db, p.id), messages: await messages(p.id) };
      await chatApi.handle.db.execute(sql`update stories set ${change} where id = ${story.storyId}`);
      invalidateCatalogue(chatApi.ctx.db);
      try {
        const typed = await call(chatApi, "POST", SEND, { token: p.token, body: { ...p.target, content: "Still there?" } });
        expect(typed.status).toBe(status);
        if (status === 403) expect(typed.data).toEqual({ age_gate: true });
        expect((await call(chatApi, "POST", "/api/v1/actor/chat/message.regenerate", { token: p.token, body: p.target })).status).toBe(status);
        expect((await callEndpoint(chatApi, "chatHistory", p.target, p.token)).status).toBe(status);
        expect({ coins: await coins(chatApi.ctx.db, p.id), messages: await messages(p.id) }).toEqual(before);
      } finally {
        await chatApi.handle.db.execute(sql`update stories set hidden_at = null, rating = 'general' where id = ${story.storyId}`);
        invalidateCatalogue(chatApi.ctx.db);
      }
    });
  }
});
