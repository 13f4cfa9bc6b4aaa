import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_ART_PATH, REVIEW_ART_WIDTHS } from "@storyloom/contract";
import { storyDrafts, storyVersions } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { AVATAR_WIDTHS, RASTER_WIDTHS } from "../src/art/raster";
import { holdForReview } from "../src/services/review";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { signInAs } from "./safety.support";

// The console's moderation detail shows a submitted version's cover and avatars before the version
// is in the catalogue (where the public art route would draw them). Only staff may see them.

const STAFF = "art.staff@example.com";
const db = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
let staff: string;
let seq = 0;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: [STAFF] });
  staff = (await signInAs(api, STAFF)).token;
});
afterAll(() => api?.stop());

/** A version submitted and held for review as publishing holds one (its story pending, not visible). */
async function pendingVersion(userId: number): Promise<{ versionId: string; storyId: string }> {
  const characters = [
    { name: "Wren Hale", persona: "Wry.", greeting: "Hi." },
    { name: "Ossian", persona: "Grave.", greeting: "Hush." },
  ];
  const fields = { title: "The Lantern Keeper", hook: "A hook.", categoryId: "fantasy", characters, script: "Once.\n-> END\n" };
  const [d] = await api.ctx.db.insert(storyDrafts).values({ userId, ...fields }).returning();
  const storyId = `lantern-keeper-${process.pid}-${++seq}`;
  const [v] = await api.ctx.db.insert(storyVersions).values({ draftId: d!.id, storyId, userId, ...fields, opening: "Once." }).returning();
  await api.ctx.db.transaction((tx) => holdForReview(tx, v!));
  return { versionId: String(v!.id), storyId };
}

/** GETs a path of the API with an optional bearer token; the body as bytes. */
async function get(path: string, token?: string) {
  const res = await fetch(`${api.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), body };
}
type Query = Record<string, string | number | undefined>;
const art = (query: Query, token?: string) =>
  get(`${REVIEW_ART_PATH}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString()}`, token);
const codeOf = (body: Buffer) => (JSON.parse(body.toString("utf8")) as { code: string }).code;
const isWebp = (b: Buffer) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP";

describe(`a submitted version's art for staff (${db})`, () => {
  it("draws a pending story's cover and avatars for staff, never cached, while the public art route does not draw them", async () => {
    const author = await signedInUser(api, "Lantern author");
    const { versionId, storyId } = await pendingVersion(author.id);
    expect((await get(`/api/v1/art/cover/${storyId}.webp?w=320`)).status).toBe(404);

    const cover = await art({ version_id: versionId, kind: "cover" }, staff);
    expect(cover.status).toBe(200);
    expect(cover.type).toBe("image/webp");
    expect(cover.cache).toBe("private, no-store");
    expect(isWebp(cover.body)).toBe(true);
    const small = await art({ version_id: versionId, kind: "cover", w: 320 }, staff);
    expect(small.status).toBe(200);
    expect(isWebp(small.body)).toBe(true);
    expect(small.body.equals(cover.body)).toBe(false);

    const svg = await art({ version_id: versionId, kind: "cover", format: "svg" }, staff);
    expect(svg.type).toBe("image/svg+xml; charset=utf-8");
    expect(svg.body.toString("utf8")).toMatch(/^<svg [^>]*aria-label="The Lantern Keeper"/);

    const avatar = await art({ version_id: versionId, kind: "avatar", character: 1, w: 64 }, staff);
    expect(avatar.status).toBe(200);
    expect(avatar.type).toBe("image/webp");
    expect(avatar.cache).toBe("private, no-store");
    expect(isWebp(avatar.body)).toBe(true);
    const avatarSvg = await art({ version_id: versionId, kind: "avatar", character: 1, format: "svg" }, staff);
    expect(avatarSvg.body.toString("utf8")).toContain('aria-label="Ossian"');
  });

  it("draws what players see once the version is approved: the same bytes as the public art route", async () => {
    const author = await signedInUser(api, "Approved author");
    const { versionId, storyId } = await pendingVersion(author.id);
    const before = { cover: await art({ version_id: versionId, kind: "cover", w: 320 }, staff), avatar: await art({ version_id: versionId, kind: "avatar", character: 0, w: 64 }, staff) };
    const decided = await callEndpoint(api, "adminReviewDecide", { version_id: versionId, decision: "approve" }, staff);
    expect(decided.status).toBe(200);
    const cover = await get(`/api/v1/art/cover/${storyId}.webp?w=320`);
    expect(cover.status).toBe(200);
    expect(cover.body.equals(before.cover.body)).toBe(true);
    const avatar = await get(`/api/v1/art/avatar/${storyId}-c1.webp?w=64`);
    expect(avatar.status).toBe(200);
    expect(avatar.body.equals(before.avatar.body)).toBe(true);
    // Decided versions stay viewable for staff (the console's approved and rejected lists).
    expect((await art({ version_id: versionId, kind: "cover" }, staff)).status).toBe(200);
  });

  it("refuses a caller without a token (401), a normal user and a guest (403), whatever they ask for", async () => {
    const author = await signedInUser(api, "Private author");
    const { versionId } = await pendingVersion(author.id);
    const guest = await newGuest(api);
    const queries: Query[] = [{ version_id: versionId, kind: "cover" }, { version_id: "999999999", kind: "cover" }, { kind: "nope" }];
    for (const query of queries) {
      const none = await art(query);
      expect(none.status).toBe(401);
      expect(codeOf(none.body)).toBe("UNAUTHORIZED");
      for (const token of [author.token, guest.token]) {
        const r = await art(query, token);
        expect(r.status).toBe(403);
        expect(codeOf(r.body)).toBe("FORBIDDEN");
        expect(r.type).toContain("application/json");
      }
    }
  });

  it("answers bad parameters with 400 VALIDATION_ERROR and unknown versions or characters with 404, never cached", async () => {
    const author = await signedInUser(api, "Bad params author");
    const { versionId } = await pendingVersion(author.id);
    const bad: Query[] = [
      {},
      { version_id: versionId },
      { version_id: "abc", kind: "cover" },
      { version_id: "0", kind: "cover" },
      { version_id: "1".repeat(19), kind: "cover" },
      { version_id: versionId, kind: "package" },
      { version_id: versionId, kind: "avatar" },
      { version_id: versionId, kind: "cover", character: 0 },
      { version_id: versionId, kind: "avatar", character: 6 },
      { version_id: versionId, kind: "avatar", character: -1 },
      { version_id: versionId, kind: "avatar", character: "x" },
      { version_id: versionId, kind: "cover", w: 321 },
      { version_id: versionId, kind: "cover", w: 64 },
      { version_id: versionId, kind: "cover", w: 99999999 },
      { version_id: versionId, kind: "cover", format: "svg", w: 320 },
      { version_id: versionId, kind: "cover", format: "png" },
      { version_id: versionId, kind: "cover", extra: 1 },
    ];
    for (const query of bad) {
      const r = await art(query, staff);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(codeOf(r.body)).toBe("VALIDATION_ERROR");
      expect(r.cache).toBe("private, no-store");
    }
    const unknown: Query[] = [
      { version_id: "999999999", kind: "cover" },
      { version_id: versionId, kind: "avatar", character: 2 },
    ];
    for (const query of unknown) {
      const r = await art(query, staff);
      expect(r.status, JSON.stringify(query)).toBe(404);
      expect(codeOf(r.body)).toBe("NOT_FOUND");
      expect(r.cache).toBe("private, no-store");
    }
  });

  it("offers the widths the sites use", () => {
    expect(REVIEW_ART_WIDTHS.cover).toEqual(RASTER_WIDTHS);
    expect(REVIEW_ART_WIDTHS.avatar).toEqual([...AVATAR_WIDTHS, ...RASTER_WIDTHS]);
  });
});
