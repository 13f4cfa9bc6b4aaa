import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoryDetail, StorySummary } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import { invalidateCatalogue } from "../src/services/publicRead";
import { callEndpoint, newGuest, signedInUser } from "./http";

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

type Page = { stories: StorySummary[]; next_cursor: string | null };

async function all(sort: string, extra: Record<string, unknown> = {}): Promise<StorySummary[]> {
  const out: StorySummary[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const r: Awaited<ReturnType<typeof callEndpoint<Page>>> = await callEndpoint<Page>(api, "storyList", { sort, limit: 5, ...extra, ...(cursor ? { cursor } : {}) });
    expect(r.status).toBe(200);
    out.push(...r.data.stories);
    cursor = r.data.next_cursor;
    if (!cursor) break;
  }
  return out;
}

describe("story.list", () => {
  it("answers the first page of 20 with absolute art URLs and public cache headers", async () => {
    const r = await callEndpoint<Page>(api, "storyList", {});
    expect(r.status).toBe(200);
    expect(r.code).toBe("0");
    expect(r.data.stories).toHaveLength(20);
    expect(r.data.next_cursor).toBeTruthy();
    const s = r.data.stories[0]!;
    expect(s.cover_url).toBe(`${api.url}/api/v1/art/cover/${s.id}.svg`);
    expect(s.actors[0]!.avatar_url.startsWith(api.url)).toBe(true);
    expect(r.headers.get("cache-control")).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  });

  it.each(["popular", "new", "trending"])("pages through every story once, in %s order", async (sort) => {
    const list = await all(sort);
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
    const key = (s: StorySummary) => (sort === "popular" ? s.play_count : sort === "new" ? Date.parse(s.created_at) : 0);
    if (sort !== "trending") for (let i = 1; i < list.length; i++) expect(key(list[i - 1]!)).toBeGreaterThanOrEqual(key(list[i]!));
  });

  it("filters by category and by search text", async () => {
    const horror = await all("popular", { category_id: "horror" });
    expect(horror.length).toBeGreaterThanOrEqual(4);
    expect(horror.every((s) => s.category_id === "horror")).toBe(true);
    const found = await all("new", { q: "lighthouse" });
    expect(found.map((s) => s.id)).toContain("letters-to-the-lighthouse");
    const tag = await all("new", { q: "CYBERPUNK" });
    expect(tag.map((s) => s.id)).toEqual(["neon-requiem"]);
    expect(await all("new", { q: "100%_nothing" })).toEqual([]);
    expect(await all("popular", { category_id: "no-such-category" })).toEqual([]);
  });

  it("refuses a malformed cursor, a cursor of another sort, and a huge page size", async () => {
    for (const cursor of ["not-base64-json", Buffer.from('["popular","x","y"]').toString("base64url"), "a".repeat(300), "bad cursor!"]) {
      const r = await callEndpoint(api, "storyList", { cursor });
      expect(r.status).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
    }
    const first = await callEndpoint<Page>(api, "storyList", { sort: "new" });
    const r = await callEndpoint(api, "storyList", { sort: "popular", cursor: first.data.next_cursor });
    expect(r.status).toBe(400);
    for (const limit of [51, 100000, 0, -1, "many"]) {
      const big = await callEndpoint(api, "storyList", { limit });
      expect(big.status).toBe(400);
      expect(big.code).toBe("VALIDATION_ERROR");
    }
    expect((await callEndpoint(api, "storyList", { sort: "random" })).status).toBe(400);
    expect((await callEndpoint(api, "storyList", { extra: 1 })).status).toBe(400);
  });

  it("shows a story in a list as its own page does, and a term never matches across two of its fields", async () => {
    const [first] = (await callEndpoint<Page>(api, "storyList", { sort: "new", limit: 1 })).data.stories;
    const page = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: first!.id });
    expect(page.data.story).toMatchObject(first!);
    expect(first).not.toHaveProperty("author_name"); // the authored catalogue has no author
    // The end of the title, a line break and the start of the hook: in the story, but in no one field of it.
    const q = `${first!.title.slice(-4)}\n${first!.hook.slice(0, 4)}`;
    expect((await all("new", { q })).map((s) => s.id)).not.toContain(first!.id);
    expect((await all("new", { q: first!.hook.slice(0, 12) })).map((s) => s.id)).toContain(first!.id);
  });

  it("lists every story exactly as its own page summarizes it: art URLs, author, characters in order", async () => {
    // The list's summaries are JSON written by the database; a story's page is built in the API. Give
    // one story an author, an absolute cover URL (passes through) and a character an avatar path
    // without a leading slash, as stored data may have them.
    const [author] = rowsOf<{ id: number }>(await api.handle.db.execute(sql`insert into users (name, role, is_guest) values ('Quill "Q" Ada', 'user', false) returning id`));
    const [target] = (await callEndpoint<Page>(api, "storyList", { sort: "trending", limit: 1 })).data.stories;
    const [original] = rowsOf<{ cover_url: string; author_id: number | null }>(await api.handle.db.execute(sql`select cover_url, author_id from stories where id = ${target!.id}`));
    const firstActor = target!.actors[0]!.id;
    const [originalAvatar] = rowsOf<{ avatar_url: string }>(await api.handle.db.execute(sql`select avatar_url from actors where id = ${firstActor}`));
    try {
      await api.handle.db.execute(sql`update stories set cover_url = 'https://cdn.example/covers/x.webp', author_id = ${author!.id} where id = ${target!.id}`);
      await api.handle.db.execute(sql`update actors set avatar_url = 'api/v1/art/avatar/plain.svg' where id = ${firstActor}`);
      invalidateCatalogue(api.ctx.db);
      const listed = [...(await all("popular")), ...(await all("new", { q: "the" }))];
      expect(listed.length).toBeGreaterThan(24);
      for (const s of listed) {
        const page = (await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: s.id })).data.story;
        const { description: _d, opening: _o, actors_full: _a, liked: _l, subscribed: _s, ...summary } = page;
        expect(s).toEqual(summary);
      }
      const changed = listed.find((s) => s.id === target!.id)!;
      expect(changed.cover_url).toBe("https://cdn.example/covers/x.webp");
      expect(changed.author_name).toBe('Quill "Q" Ada');
      expect(changed.actors[0]!.avatar_url).toBe(`${api.url}/api/v1/art/avatar/plain.svg`);
      expect(listed.filter((s) => s.id !== target!.id).every((s) => !("author_name" in s))).toBe(true);
    } finally {
      await api.handle.db.execute(sql`update stories set cover_url = ${original!.cover_url}, author_id = ${original!.author_id} where id = ${target!.id}`);
      await api.handle.db.execute(sql`update actors set avatar_url = ${originalAvatar!.avatar_url} where id = ${firstActor}`);
      invalidateCatalogue(api.ctx.db);
    }
  });

  it("keeps guests' and signed-in players' answers apart in shared caches", async () => {
    const player = await signedInUser(api, "Reader");
    const guest = await callEndpoint<Page>(api, "storyList", {});
    const adult = await callEndpoint<Page>(api, "storyList", {}, player.token);
    // The catalogue is the same for both today; what may differ must never travel between them.
    expect(adult.data.stories.map((s) => s.id)).toEqual(guest.data.stories.map((s) => s.id));
    for (const r of [guest, adult, await callEndpoint(api, "categoryList", {}), await callEndpoint(api, "characterGet", { slug: "maren-saltmarsh" })]) {
      expect(r.headers.get("vary")?.toLowerCase()).toContain("authorization");
    }
  });
});

describe("category.list, story.get, character.get, price.list, sysconfig.list", () => {
  it("lists at least 6 categories with story counts", async () => {
    const r = await callEndpoint<{ categories: { id: string; story_count: number }[] }>(api, "categoryList");
    expect(r.data.categories.length).toBeGreaterThanOrEqual(6);
    expect(r.data.categories.reduce((n, c) => n + c.story_count, 0)).toBeGreaterThanOrEqual(24);
    expect(r.headers.get("cache-control")).toContain("public");
  });

  it("answers a story with its characters; unknown id is 404", async () => {
    const r = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "the-last-ember" });
    expect(r.status).toBe(200);
    expect(r.data.story.actors_full.map((a) => a.slug)).toEqual(["sir-aldric", "cinder"]);
    expect(r.data.story).toMatchObject({ liked: false, subscribed: false });
    expect(r.data.story.description.length).toBeGreaterThan(50);
    expect(r.headers.get("cache-control")).toContain("public");
    const missing = await callEndpoint(api, "storyGet", { id: "no-such-story" });
    expect(missing.status).toBe(404);
    expect(missing.code).toBe("NOT_FOUND");
    expect((await callEndpoint(api, "storyGet", { id: "Bad Id!" })).status).toBe(400);
    expect((await callEndpoint(api, "storyGet", {})).status).toBe(400);
  });

  it("answers the caller's flags privately when a token is sent", async () => {
    const g = await newGuest(api);
    await callEndpoint(api, "favoriteCreate", { story_id: "neon-requiem" }, g.token);
    const r = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: "neon-requiem" }, g.token);
    expect(r.data.story.liked).toBe(true);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
  });

  it("finds a character by slug", async () => {
    const r = await callEndpoint<{ actor: { name: string; avatar_url: string }; story: { id: string } }>(api, "characterGet", { slug: "maren-saltmarsh" });
    expect(r.status).toBe(200);
    expect(r.data.actor.name).toBe("Maren");
    expect(r.data.story.id).toBe("witch-of-saltmarsh");
    expect(r.data.actor.avatar_url).toBe(`${api.url}/api/v1/art/avatar/maren-saltmarsh.svg`);
    expect((await callEndpoint(api, "characterGet", { slug: "nobody" })).status).toBe(404);
  });

  it("lists price packages as a bare list and the public settings", async () => {
    const p = await callEndpoint<{ id: string; amount: number; extra: { background_url: string | null; discount_percent: number | null } }[]>(api, "priceList");
    expect(Array.isArray(p.data)).toBe(true);
    expect(p.data.length).toBeGreaterThanOrEqual(5);
    expect(p.data.some((x) => (x.extra.discount_percent ?? 0) > 0)).toBe(true);
    expect(p.data[0]!.extra.background_url).toMatch(new RegExp(`^${api.url}/api/v1/art/package/.+\\.svg$`));
    const s = await callEndpoint<{ checkin_rewards: number[]; task_rewards: Record<string, number> }>(api, "sysconfigList");
    expect(s.data.checkin_rewards).toHaveLength(7);
    expect(Object.keys(s.data.task_rewards).sort()).toEqual(["create-story", "invite-friend", "play-game", "share-game"]);
    // A setting staff change reaches a browser or CDN copy within 60 s: 30 fresh + 30 stale at most.
    expect(s.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=30");
  });

  it("serves generated SVG art with immutable cache headers", async () => {
    for (const path of ["cover/the-last-ember.svg", "avatar/cinder.svg", "package/coins-300.svg"]) {
      const res = await fetch(`${api.url}/api/v1/art/${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("image/svg+xml");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(await res.text()).toMatch(/^<svg /);
    }
    const a = await (await fetch(`${api.url}/api/v1/art/cover/the-last-ember.svg`)).text();
    expect(a).toContain("The Last Ember");
    expect((await fetch(`${api.url}/api/v1/art/poster/x.svg`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/v1/art/cover/x.png`)).status).toBe(404);
  });

  it("serves the same art as WebP in the sites' image widths, never enlarged, and refuses other widths", async () => {
    const size = async (path: string) => {
      const res = await fetch(`${api.url}/api/v1/art/${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      return [meta.width, meta.height];
    };
    expect(await size("cover/the-last-ember.webp?w=320")).toEqual([320, 427]);
    expect(await size("cover/the-last-ember.webp?w=640")).toEqual([600, 800]);
    expect(await size("cover/the-last-ember.webp")).toEqual([600, 800]);
    expect(await size("avatar/cinder.webp?w=320")).toEqual([256, 256]);
    expect(await size("package/coins-300.webp")).toEqual([480, 240]);
    // Concurrent first requests for one picture share one encode and all succeed.
    const same = await Promise.all(Array.from({ length: 8 }, () => fetch(`${api.url}/api/v1/art/cover/below-the-ice.webp?w=320`).then(async (r) => Buffer.from(await r.arrayBuffer()))));
    expect(new Set(same.map((b) => b.toString("base64"))).size).toBe(1);
    for (const w of ["300", "0", "-320", "320.5", "abc", "99999"]) {
      const res = await fetch(`${api.url}/api/v1/art/cover/the-last-ember.webp?w=${w}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
    }
    expect((await fetch(`${api.url}/api/v1/art/cover/the-last-ember.webp?w=320&w=640`)).status).toBe(400);
    expect((await fetch(`${api.url}/api/v1/art/poster/x.webp`)).status).toBe(404);
  });

  it("serves avatars in their fixed sizes too (1x and 2x of 48–128 px), and only avatars", async () => {
    for (const w of [48, 64, 96, 128, 256]) {
      const res = await fetch(`${api.url}/api/v1/art/avatar/cinder.webp?w=${w}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([w, w]);
    }
    for (const path of ["avatar/cinder.webp?w=50", "cover/the-last-ember.webp?w=96", "package/coins-300.webp?w=48"]) {
      const res = await fetch(`${api.url}/api/v1/art/${path}`);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
    }
  });
});
