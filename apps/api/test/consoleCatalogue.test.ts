import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { CatalogueCategory, CatalogueStory, EndpointName, StorySummary } from "@storyloom/contract";
import { storyDrafts } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { makeStory, num, one, signInAs } from "./safety.support";

const ADMIN = "catalogue.admin@example.com";
let api: RunningApi;
let admin: { token: string; id: number };
beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: [ADMIN] });
  admin = await signInAs(api, ADMIN);
});
afterAll(() => api?.stop());

const db = process.env.DATABASE_URL ? "postgres" : "pglite";
const as = <T = Record<string, unknown>>(name: EndpointName, input: Record<string, unknown>, token = admin.token) => callEndpoint<T>(api, name, input, token);
const audits = (targetId: string, action: string) => num(api, sql`select count(*)::int from staff_actions where target_id = ${targetId} and action = ${action}`);
const storyRow = (id: string) =>
  one<{ title: string; hook: string; description: string; tags: string[]; category_id: string; hidden_at: unknown; visible: boolean }>(
    api,
    sql`select title, hook, description, tags, category_id, hidden_at, visible from stories where id = ${id}`,
  );
/** The ids the public catalogue lists right now (the first 100 newest). */
const publicIds = async () => (await callEndpoint<{ stories: StorySummary[] }>(api, "storyList", { limit: 50, sort: "new" })).data.stories.map((s) => s.id);
const categoryIds = async () => (await as<{ categories: CatalogueCategory[] }>("adminCategoryList", {})).data.categories.map((c) => c.id);
const publicCategoryIds = async () => (await callEndpoint<{ categories: { id: string }[] }>(api, "categoryList", {})).data.categories.map((c) => c.id);

describe(`who may use the Catalogue (${db})`, () => {
  it("normal users and guests get 403, no token 401, and nothing changes; staff get through uncached", async () => {
    const s = await makeStory(api);
    const reason = "a staff reason";
    const calls: [EndpointName, Record<string, unknown>][] = [
      ["adminCatalogueList", {}],
      ["adminCategoryList", {}],
      ["adminStoryHide", { story_id: s.id, reason }],
      ["adminStoryCategory", { story_id: s.id, category_id: "romance", reason }],
      ["adminStoryEdit", { story_id: s.id, title: "Taken over", reason }],
      ["adminCategorySort", { order: [...(await categoryIds())].reverse(), reason }],
    ];
    const normal = await signedInUser(api, "Normal");
    const guest = await newGuest(api);
    const orderBefore = await categoryIds();
    for (const [name, input] of calls) {
      for (const [who, token] of [["normal", normal.token], ["guest", guest.token]] as const) {
        const r = await as(name, input, token);
        expect(r.status, `${name} as ${who}`).toBe(403);
        expect(r.code).toBe("FORBIDDEN");
      }
      expect((await callEndpoint(api, name, input)).status, `${name} without a token`).toBe(401);
    }
    expect(await storyRow(s.id)).toMatchObject({ title: s.title, category_id: "mystery", hidden_at: null, visible: true });
    expect(await categoryIds()).toEqual(orderBefore);
    expect(await num(api, sql`select count(*)::int from staff_actions`)).toBe(0);
    for (const name of ["adminCatalogueList", "adminCategoryList"] as const) {
      const r = await as(name, {});
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe(`listing the catalogue (${db})`, () => {
  it("filters by title or id, category, rating and state, and pages by id without repeats", async () => {
    const author = await signedInUser(api, "Author");
    const visible = await makeStory(api, { authorId: author.id });
    const hidden = await makeStory(api, { hidden: true });
    const unpublished = await makeStory(api, { published: false });
    const pending = await makeStory(api, { reviewState: "pending", rating: "mature" });
    const list = async (input: Record<string, unknown>) => (await as<{ stories: CatalogueStory[]; next_cursor: string | null }>("adminCatalogueList", { limit: 100, ...input })).data;
    const ids = async (input: Record<string, unknown>) => (await list(input)).stories.map((x) => x.id);
    const mine = `safety-story-${process.pid}-`;
    expect((await list({ q: visible.id })).stories).toEqual([
      expect.objectContaining({ id: visible.id, title: visible.title, state: "visible", author: { id: author.id, name: "Author" }, rating: "general", category_id: "mystery" }),
    ]);
    expect(await ids({ q: visible.title.toUpperCase() })).toEqual([visible.id]);
    const mine4 = [visible.id, hidden.id, unpublished.id, pending.id];
    const only = async (input: Record<string, unknown>) => (await ids({ q: mine, ...input })).filter((id) => mine4.includes(id));
    expect(await only({ state: "hidden" })).toEqual([hidden.id]);
    expect(await only({ state: "unpublished" })).toEqual([unpublished.id]);
    expect(await only({ state: "pending" })).toEqual([pending.id]);
    expect(await only({ state: "visible" })).toEqual([visible.id]);
    expect(await only({ rating: "mature" })).toEqual([pending.id]);
    expect(await only({})).toEqual([...mine4].sort());
    expect(await ids({ q: mine, category_id: "romance" })).toEqual([]);
    // LIKE wildcards are literal.
    expect(await ids({ q: "%" })).toEqual([]);
    expect(await ids({ q: "_" })).toEqual([]);
    const all = await ids({});
    expect(all.length).toBeGreaterThan(4);
    expect([...all].sort()).toEqual(all);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { stories: CatalogueStory[]; next_cursor: string | null } = await list({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.stories.length).toBeLessThanOrEqual(3);
      seen.push(...page.stories.map((x) => x.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    for (const bad of [{ state: "gone" }, { rating: "adult" }, { category_id: "Not A Slug" }, { limit: 0 }, { limit: 101 }, { q: "x".repeat(201) }, { cursor: "Bad Cursor" }]) {
      expect((await as("adminCatalogueList", bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe(`hiding and showing a story (${db})`, () => {
  it("hide takes the story out of story.list at once with its audit row; restore puts it back; a repeat is a conflict", async () => {
    const s = await makeStory(api);
    expect(await publicIds()).toContain(s.id);
    const r = await as<{ story: CatalogueStory }>("adminStoryHide", { story_id: s.id, reason: "reported spam" });
    expect(r.status).toBe(200);
    expect(r.data.story).toMatchObject({ id: s.id, state: "hidden", hidden_reason: "reported spam", published: true });
    expect(await publicIds()).not.toContain(s.id);
    expect(await audits(s.id, "story.hide")).toBe(1);
    const again = await as("adminStoryHide", { story_id: s.id, reason: "reported spam" });
    expect(again.status).toBe(409);
    expect(await audits(s.id, "story.hide")).toBe(1);
    expect((await as("adminStoryRestore", { story_id: s.id, reason: "looked again" })).status).toBe(200);
    expect(await publicIds()).toContain(s.id);
    for (const bad of [{ story_id: s.id }, { story_id: s.id, reason: "  " }, { story_id: s.id, reason: "ok reason", extra: 1 }, { story_id: "Not A Slug", reason: "a reason" }]) {
      expect((await as("adminStoryHide", bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await as("adminStoryHide", { story_id: "no-such-story", reason: "a reason" })).status).toBe(404);
    expect((await storyRow(s.id)).visible).toBe(true);
  });

  it("hiding an authored story tells its author", async () => {
    const author = await signedInUser(api, "Told");
    const s = await makeStory(api, { authorId: author.id });
    expect((await as("adminStoryHide", { story_id: s.id, reason: "breaks the rules" })).status).toBe(200);
    expect(await num(api, sql`select count(*)::int from notices where user_id = ${author.id} and body like ${"%breaks the rules%"}`)).toBe(1);
  });
});

describe(`changing a story's category (${db})`, () => {
  it("moves the story, audited; an unknown category or the same one changes nothing", async () => {
    const s = await makeStory(api);
    const r = await as<{ story: CatalogueStory }>("adminStoryCategory", { story_id: s.id, category_id: "romance", reason: "it is a love story" });
    expect(r.status).toBe(200);
    expect(r.data.story.category_id).toBe("romance");
    const inRomance = await callEndpoint<{ stories: StorySummary[] }>(api, "storyList", { category_id: "romance", sort: "new", limit: 50 });
    expect(inRomance.data.stories.map((x) => x.id)).toContain(s.id);
    expect(await one(api, sql`select detail from staff_actions where target_id = ${s.id} and action = 'story.category'`)).toEqual({ detail: { from: "mystery", to: "romance" } });
    expect((await as("adminStoryCategory", { story_id: s.id, category_id: "romance", reason: "again" })).status).toBe(409);
    expect((await as("adminStoryCategory", { story_id: s.id, category_id: "no-such-category", reason: "a reason" })).status).toBe(404);
    expect((await as("adminStoryCategory", { story_id: s.id, category_id: "mystery" })).status).toBe(400);
    expect((await storyRow(s.id)).category_id).toBe("romance");
    expect(await audits(s.id, "story.category")).toBe(1);
  });

  it("an authored story's draft follows, so the author's next submission keeps the category", async () => {
    const author = await signedInUser(api, "Mover");
    const s = await makeStory(api, { authorId: author.id });
    await api.ctx.db.insert(storyDrafts).values({ userId: author.id, title: s.title, categoryId: "mystery", storyId: s.id });
    expect((await as("adminStoryCategory", { story_id: s.id, category_id: "romance", reason: "it is a love story" })).status).toBe(200);
    expect(await one(api, sql`select category_id from story_drafts where story_id = ${s.id}`)).toEqual({ category_id: "romance" });
    expect(await num(api, sql`select count(*)::int from notices where user_id = ${author.id}`)).toBe(1);
  });
});

describe(`editing a story's metadata (${db})`, () => {
  it("edits a seeded story's title, hook, description and tags, audited with what changed, shown in story.get", async () => {
    const s = await makeStory(api);
    const input = { story_id: s.id, title: "A better title", hook: "A sharper hook.", description: "A longer description.", tags: ["fog", "harbour"], reason: "copy edit" };
    const r = await as<{ story: CatalogueStory }>("adminStoryEdit", input);
    expect(r.status).toBe(200);
    expect(r.data.story).toMatchObject({ title: "A better title", hook: "A sharper hook.", description: "A longer description.", tags: ["fog", "harbour"] });
    const detail = await callEndpoint<{ story: { title: string; hook: string } }>(api, "storyGet", { id: s.id });
    expect(detail.data.story).toMatchObject({ title: "A better title", hook: "A sharper hook." });
    const audit = await one<{ detail: Record<string, { from: unknown; to: unknown }> }>(api, sql`select detail from staff_actions where target_id = ${s.id} and action = 'story.edit'`);
    expect(audit.detail.title).toEqual({ from: s.title, to: "A better title" });
    expect(audit.detail.tags).toEqual({ from: [], to: ["fog", "harbour"] });
    // Only the fields sent change; sending the same values is a conflict.
    expect((await as("adminStoryEdit", { story_id: s.id, hook: "Only the hook.", reason: "copy edit" })).status).toBe(200);
    expect(await storyRow(s.id)).toMatchObject({ title: "A better title", hook: "Only the hook.", description: "A longer description." });
    expect((await as("adminStoryEdit", { story_id: s.id, hook: "Only the hook.", reason: "copy edit" })).status).toBe(409);
    expect(await audits(s.id, "story.edit")).toBe(2);
  });

  it("refuses an authored story's content with a clear message, and bad input, changing nothing", async () => {
    const author = await signedInUser(api, "Owner");
    const s = await makeStory(api, { authorId: author.id });
    const r = await as("adminStoryEdit", { story_id: s.id, title: "Staff's title", reason: "copy edit" });
    expect(r.status).toBe(403);
    expect(r.message).toMatch(/stays its author's/);
    const seeded = await makeStory(api);
    for (const bad of [
      { story_id: seeded.id, reason: "nothing sent" },
      { story_id: seeded.id, title: "", reason: "empty title" },
      { story_id: seeded.id, title: "two\nlines", reason: "a reason" },
      { story_id: seeded.id, title: "x".repeat(81), reason: "a reason" },
      { story_id: seeded.id, hook: "h".repeat(301), reason: "a reason" },
      { story_id: seeded.id, description: "bad\u0007bell", reason: "a reason" },
      { story_id: seeded.id, tags: Array.from({ length: 9 }, (_, i) => `t${i}`), reason: "a reason" },
      { story_id: seeded.id, tags: ["<script>"], reason: "a reason" },
      { story_id: seeded.id, title: "No reason" },
      { story_id: seeded.id, title: "Extra", reason: "a reason", script: "-> END" },
    ]) {
      expect((await as("adminStoryEdit", bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await storyRow(s.id)).title).toBe(s.title);
    expect((await storyRow(seeded.id)).title).toBe(seeded.title);
    expect(await audits(s.id, "story.edit")).toBe(0);
    expect(await audits(seeded.id, "story.edit")).toBe(0);
  });
});

describe(`reordering the categories (${db})`, () => {
  it("puts every category in the new order, in categoryList at once, audited; a partial, unknown or same order changes nothing", async () => {
    const before = await categoryIds();
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse();
    const r = await as<{ categories: CatalogueCategory[] }>("adminCategorySort", { order: reversed, reason: "seasonal order" });
    expect(r.status).toBe(200);
    expect(r.data.categories.map((c) => c.id)).toEqual(reversed);
    expect(await publicCategoryIds()).toEqual(reversed);
    expect(await audits("order", "categories.sort")).toBe(1);
    for (const bad of [
      { order: reversed.slice(1), reason: "one missing" },
      { order: [...reversed, "no-such-category"], reason: "one unknown" },
      { order: [reversed[0], ...reversed], reason: "one twice" },
      { order: [], reason: "empty" },
      { order: before },
    ]) {
      expect((await as("adminCategorySort", bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await as("adminCategorySort", { order: reversed, reason: "same again" })).status).toBe(409);
    expect(await categoryIds()).toEqual(reversed);
    expect(await audits("order", "categories.sort")).toBe(1);
  });
});
