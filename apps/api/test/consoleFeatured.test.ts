import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { FEATURED_MAX, type CatalogueStory, type EndpointName, type StorySummary } from "@storyloom/contract";
import { rowsOf } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { makeStory, num, signInAs } from "./safety.support";

const ADMIN = "featured.admin@example.com";
let api: RunningApi;
let admin: { token: string; id: number };
beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: [ADMIN] });
  admin = await signInAs(api, ADMIN);
});
afterAll(() => api?.stop());

const db = process.env.DATABASE_URL ? "postgres" : "pglite";
const reason = "editor's pick";
type Page = { stories: StorySummary[]; next_cursor: string | null };
const as = <T = Record<string, unknown>>(name: EndpointName, input: Record<string, unknown>, token = admin.token) => callEndpoint<T>(api, name, input, token);
const feature = (story_id: string, extra: Record<string, unknown> = {}) => as<{ story: CatalogueStory }>("adminCatalogueFeature", { story_id, reason, ...extra });
const unfeature = (story_id: string) => as<{ story: CatalogueStory }>("adminCatalogueUnfeature", { story_id, reason });
/** The featured stories' ids in place order, as the database holds them. */
const featuredNow = async () => rowsOf<{ id: string }>(await api.ctx.db.execute(sql`select id from stories where featured_rank is not null order by featured_rank`)).map((r) => r.id);
const ranks = async () => rowsOf<{ featured_rank: number }>(await api.ctx.db.execute(sql`select featured_rank from stories where featured_rank is not null order by 1`)).map((r) => Number(r.featured_rank));
const audits = (targetId: string, action: string) => num(api, sql`select count(*)::int from staff_actions where target_id = ${targetId} and action = ${action}`);
/** Unfeatures every featured story through the API (so the catalogue's caches are refreshed too). */
async function clearFeatured() {
  for (const id of await featuredNow()) expect((await unfeature(id)).status).toBe(200);
}
const publicPage = async (input: Record<string, unknown>, token?: string) => (await callEndpoint<Page>(api, "storyList", input, token)).data;
/** Every story of a list, page after page of `limit`. */
async function walk(input: Record<string, unknown>, token?: string): Promise<StorySummary[]> {
  const out: StorySummary[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const page: Page = await publicPage({ ...input, ...(cursor ? { cursor } : {}) }, token);
    out.push(...page.stories);
    cursor = page.next_cursor;
    if (!cursor) return out;
  }
  throw new Error("the list never ended");
}

describe(`who may feature stories (${db})`, () => {
  it("normal users and guests get 403, no token 401, and nothing changes", async () => {
    const s = await makeStory(api);
    await api.ctx.db.execute(sql`update stories set featured_rank = 1 where id = ${s.id}`);
    const normal = await signedInUser(api, "Normal");
    const guest = await newGuest(api);
    for (const name of ["adminCatalogueFeature", "adminCatalogueUnfeature"] as const) {
      for (const token of [normal.token, guest.token]) {
        const r = await as(name, { story_id: s.id, reason }, token);
        expect(r.status, name).toBe(403);
        expect(r.code).toBe("FORBIDDEN");
      }
      expect((await callEndpoint(api, name, { story_id: s.id, reason })).status).toBe(401);
    }
    expect(await featuredNow()).toEqual([s.id]);
    expect(await num(api, sql`select count(*)::int from staff_actions`)).toBe(0);
    await api.ctx.db.execute(sql`update stories set featured_rank = null`);
  });
});

describe(`featuring and unfeaturing (${db})`, () => {
  it("refuses bad input with a 400 and an unknown story with a 404, changing nothing", async () => {
    const s = await makeStory(api);
    const bad: Record<string, unknown>[] = [
      { story_id: s.id },
      { story_id: s.id, reason: "   " },
      { story_id: s.id, reason, extra: 1 },
      { story_id: "Not A Slug", reason },
      { story_id: s.id, reason, position: 0 },
      { story_id: s.id, reason, position: FEATURED_MAX + 1 },
      { story_id: s.id, reason, position: 1.5 },
      { story_id: s.id, reason, position: "1" },
    ];
    for (const input of bad) {
      const r = await as("adminCatalogueFeature", input);
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
    }
    expect((await as("adminCatalogueUnfeature", { story_id: s.id, reason, position: 1 })).status).toBe(400);
    expect((await feature("no-such-story")).status).toBe(404);
    expect((await unfeature("no-such-story")).status).toBe(404);
    expect(await featuredNow()).toEqual([]);
    expect(await num(api, sql`select count(*)::int from staff_actions where action like 'story.%feature'`)).toBe(0);
  });

  it("appends at the end, places and moves by position, audits each change; a repeat is a conflict", async () => {
    const [a, b, c] = [await makeStory(api), await makeStory(api), await makeStory(api)];
    const r = await feature(a.id);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.data.story).toMatchObject({ id: a.id, featured_rank: 1, state: "visible" });
    expect((await feature(b.id)).data.story.featured_rank).toBe(2);
    expect((await feature(c.id, { position: 1 })).data.story.featured_rank).toBe(1);
    expect(await featuredNow()).toEqual([c.id, a.id, b.id]);
    // A position past the end is the end.
    expect((await feature(c.id, { position: FEATURED_MAX })).data.story.featured_rank).toBe(3);
    expect(await featuredNow()).toEqual([a.id, b.id, c.id]);

    const twice = await feature(a.id);
    expect(twice.status).toBe(409);
    expect(twice.code).toBe("CONFLICT");
    expect(twice.message).toMatch(/already featured/);
    expect((await feature(a.id, { position: 1 })).status).toBe(409);
    expect(await featuredNow()).toEqual([a.id, b.id, c.id]);

    expect((await unfeature(a.id)).data.story.featured_rank).toBeNull();
    expect(await featuredNow()).toEqual([b.id, c.id]);
    expect(await ranks()).toEqual([1, 2]);
    const again = await unfeature(a.id);
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already not featured/);

    const [row] = rowsOf<{ staff_id: number; reason: string; detail: unknown }>(
      await api.ctx.db.execute(sql`select staff_id, reason, detail from staff_actions where target_id = ${c.id} and action = 'story.feature' order by id`),
    );
    expect(row).toMatchObject({ staff_id: admin.id, reason, detail: { to: 1 } });
    expect(await audits(c.id, "story.feature")).toBe(2);
    expect(await audits(a.id, "story.feature")).toBe(1);
    expect(await audits(a.id, "story.unfeature")).toBe(1);
    await clearFeatured();
  });

  it("features only a visible story", async () => {
    for (const over of [{ hidden: true }, { published: false }, { reviewState: "pending" as const }]) {
      const s = await makeStory(api, over);
      const r = await feature(s.id);
      expect(r.status, JSON.stringify(over)).toBe(409);
      expect(r.message).toMatch(/Only a visible story/);
      expect(await audits(s.id, "story.feature")).toBe(0);
    }
    expect(await featuredNow()).toEqual([]);
  });

  it(`features at most ${FEATURED_MAX} stories, and a hidden featured story still counts until unfeatured`, async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < FEATURED_MAX + 1; i++) made.push(await makeStory(api));
    for (const s of made.slice(0, FEATURED_MAX)) expect((await feature(s.id)).status).toBe(200);
    const over = await feature(made[FEATURED_MAX]!.id);
    expect(over.status).toBe(409);
    expect(over.message).toMatch(new RegExp(`${FEATURED_MAX} stories are featured already`));
    expect(await audits(made[FEATURED_MAX]!.id, "story.feature")).toBe(0);
    expect(await ranks()).toEqual(Array.from({ length: FEATURED_MAX }, (_, i) => i + 1));
    expect((await as("adminStoryHide", { story_id: made[0]!.id, reason: "taken down" })).status).toBe(200);
    expect((await feature(made[FEATURED_MAX]!.id)).status).toBe(409);
    expect((await unfeature(made[0]!.id)).status).toBe(200);
    expect((await feature(made[FEATURED_MAX]!.id)).data.story.featured_rank).toBe(FEATURED_MAX);
    await clearFeatured();
  });

  it(`concurrent features of ${FEATURED_MAX + 3} stories feature exactly ${FEATURED_MAX}, each at its own place`, async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < FEATURED_MAX + 3; i++) made.push(await makeStory(api));
    const results = await Promise.all(made.map((s) => feature(s.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(FEATURED_MAX);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await ranks()).toEqual(Array.from({ length: FEATURED_MAX }, (_, i) => i + 1));
    const winners = results.flatMap((r, i) => (r.status === 200 ? [made[i]!.id] : []));
    expect(new Set(await featuredNow())).toEqual(new Set(winners));
    // One audit row per story featured, none for the refused ones.
    for (const [i, s] of made.entries()) expect(await audits(s.id, "story.feature")).toBe(results[i]!.status === 200 ? 1 : 0);
    // Concurrent unfeatures leave the others in order, from place 1.
    await Promise.all(winners.slice(0, 5).map((id) => unfeature(id)));
    expect(await ranks()).toEqual(Array.from({ length: FEATURED_MAX - 5 }, (_, i) => i + 1));
    await clearFeatured();
  });
});

describe(`players see the featured stories (${db})`, () => {
  it("the popular list starts with them in order, then the rest without them; paging never repeats or skips", async () => {
    const general = await makeStory(api);
    const second = await makeStory(api);
    const mature = await makeStory(api, { rating: "mature" });
    const hidden = await makeStory(api);
    // Featured stories with few plays: without featuring they would be far down the popular list.
    for (const s of [second, mature, general, hidden]) expect((await feature(s.id)).status).toBe(200);
    expect((await as("adminStoryHide", { story_id: hidden.id, reason: "taken down" })).status).toBe(200);
    const everyone = await publicPage({ sort: "popular", limit: 10 });
    expect(everyone.stories.slice(0, 2).map((s) => [s.id, s.featured])).toEqual([
      [second.id, true],
      [general.id, true],
    ]);
    expect(everyone.stories.slice(2).every((s) => !s.featured)).toBe(true);
    const playCounts = everyone.stories.slice(2).map((s) => s.play_count);
    expect(playCounts).toEqual([...playCounts].sort((x, y) => y - x));

    // Walked 3 at a time (the featured block spans a page end) and 1 at a time: each story once, in the same order.
    const visibleGeneral = await num(api, sql`select count(*)::int from stories where visible and rating = 'general'`);
    const byThree = await walk({ sort: "popular", limit: 3 });
    const byOne = await walk({ sort: "popular", limit: 1 });
    expect(byThree.map((s) => s.id)).toEqual(byOne.map((s) => s.id));
    expect(byThree.map((s) => s.id).slice(0, 2)).toEqual([second.id, general.id]);
    expect(new Set(byThree.map((s) => s.id)).size).toBe(byThree.length);
    expect(byThree).toHaveLength(visibleGeneral);
    expect(byThree.map((s) => s.id)).not.toContain(hidden.id);

    // An adult sees the mature featured story in its place.
    const adult = await signedInUser(api, "Adult");
    await api.ctx.db.execute(sql`update users set adult_confirmed_at = now() where id = ${adult.id}`);
    const theirs = await walk({ sort: "popular", limit: 4 }, adult.token);
    expect(theirs.map((s) => s.id).slice(0, 3)).toEqual([second.id, mature.id, general.id]);
    expect(new Set(theirs.map((s) => s.id)).size).toBe(theirs.length);

    // A search, a category or another sort lists them in their own order, still marked.
    const inCategory = await walk({ sort: "popular", category_id: "mystery", limit: 50 });
    expect(inCategory.find((s) => s.id === general.id)?.featured).toBe(true);
    const playsOrder = inCategory.map((s) => s.play_count);
    expect(playsOrder).toEqual([...playsOrder].sort((x, y) => y - x));
    const newest = await walk({ sort: "new", limit: 50 });
    expect(newest).toHaveLength(visibleGeneral);
    expect(newest.find((s) => s.id === general.id)?.featured).toBe(true);
    expect((await callEndpoint<{ story: StorySummary }>(api, "storyGet", { id: general.id })).data.story.featured).toBe(true);

    // Unfeaturing puts a story back in its popular place at once.
    expect((await unfeature(second.id)).status).toBe(200);
    const after = await walk({ sort: "popular", limit: 5 });
    expect(after[0]!.id).toBe(general.id);
    expect(after.find((s) => s.id === second.id)?.featured).toBe(false);
    expect(after).toHaveLength(visibleGeneral);
    await clearFeatured();
  });

  it("a cursor that is not the list's, or past its keys, is a 400", async () => {
    const cursor = (data: unknown[]) => Buffer.from(JSON.stringify(data)).toString("base64url");
    const lists: [Record<string, unknown>, unknown[]][] = [
      [{ sort: "popular" }, ["popular", "x", "y"]],
      [{ sort: "popular" }, ["trending", 1, "y"]],
      [{ sort: "popular" }, ["popular", 2 ** 32 + 1, "y"]],
      [{ sort: "popular", category_id: "mystery" }, ["popular", 2 ** 32 - 1, "y"]],
      [{ sort: "trending" }, ["trending", 2 ** 31, "y"]],
    ];
    for (const [input, data] of lists) {
      const r = await callEndpoint(api, "storyList", { ...input, cursor: cursor(data) });
      expect(r.status, JSON.stringify([input, data])).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe(`the console lists the featured stories (${db})`, () => {
  it("filters featured and not featured, with each story's place", async () => {
    const s = await makeStory(api);
    expect((await feature(s.id)).status).toBe(200);
    const list = async (featured: string) => (await as<{ stories: CatalogueStory[] }>("adminCatalogueList", { featured, limit: 100 })).data.stories;
    expect((await list("yes")).map((x) => [x.id, x.featured_rank])).toEqual([[s.id, 1]]);
    const others = await list("no");
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((x) => x.featured_rank === null)).toBe(true);
    expect((await as("adminCatalogueList", { featured: "maybe" })).status).toBe(400);
    await clearFeatured();
  });
});
