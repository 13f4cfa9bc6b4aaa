import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { actors, stories, storyDrafts, storyVersions, users, type Db } from "@storyloom/db";
import type { StoryDraft, StoryVersion, StoryVersionSummary } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { approveVersion, rejectVersion } from "../src/services/review";
import { callEndpoint, newGuest, signedInUser } from "./http";

// The author's versions of a draft: one per publish (the rows trust-and-safety review decides on),
// listed newest first, read in full, and restored into the draft, which changes the draft only.

const dbLabel = process.env.DATABASE_URL ? "postgres" : "pglite";

const scriptOf = (lamp: string) => `The tide is out. Wren waits on the pier.
* [Follow her] -> lighthouse
* [Stay ashore] -> shore

== lighthouse ==
${lamp}
-> END

== shore ==
You watch the light turn, alone.
-> END
`;
const FIRST = scriptOf("The lamp room smells of oil and salt.");
const SECOND = scriptOf("The lamp room is cold; someone has been here.");
const THIRD = scriptOf("The lamp is lit, and nobody lit it.");

const fields = {
  title: "The Low Tide",
  hook: "A lighthouse that only shines when the sea is gone.",
  category_id: "mystery",
  tags: ["sea"],
  characters: [{ name: "Wren", persona: "A keeper's daughter, wry and brave.", greeting: "You came back. The tide didn't." }],
  script: FIRST,
};

interface Page {
  versions: StoryVersionSummary[];
  next_cursor: string | null;
}

describe(`story versions (${dbLabel})`, () => {
  let api: RunningApi;
  let db: Db;
  let staff: number;
  beforeAll(async () => {
    api = await startTestApi({ STORY_REVIEW: "manual" });
    db = api.handle.db;
    const s = await signedInUser(api, "Reviewer");
    await db.update(users).set({ role: "admin" }).where(eq(users.id, s.id));
    staff = s.id;
  });
  afterAll(() => api.stop());

  const ok = async <T,>(p: Promise<{ status: number; message: string; data: T }>): Promise<T> => {
    const r = await p;
    if (r.status !== 200) throw new Error(`${r.status} ${r.message}`);
    return r.data;
  };
  const edit = (token: string, id: string, changes: Record<string, unknown>) => ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftUpdate", { id, ...changes }, token));
  const publish = async (token: string, id: string) => (await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftPublish", { id }, token))).draft.review!.version_id;

  /**
   * A draft published three times: the first superseded by the second before a decision, the
   * second approved, the third (with another title) rejected.
   */
  async function threeVersions(token: string) {
    const id = (await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields, token))).draft.id;
    const v1 = await publish(token, id);
    await edit(token, id, { script: SECOND });
    const v2 = await publish(token, id);
    await approveVersion(db, Number(v2), { staffId: staff });
    await edit(token, id, { script: THIRD, title: "The Lamp Lit Itself", tags: ["sea", "ghost"] });
    const v3 = await publish(token, id);
    await rejectVersion(db, Number(v3), { staffId: staff, reason: "The hook promises a ghost the story never shows." });
    return { id, v1, v2, v3 };
  }

  /** Everything a restore must leave alone: the catalogue row, its cast and the version rows. */
  async function outsideTheDraft(draftId: string) {
    const [draft] = await db.select({ storyId: storyDrafts.storyId, publishedAt: storyDrafts.publishedAt }).from(storyDrafts).where(eq(storyDrafts.id, Number(draftId)));
    const storyId = draft!.storyId!;
    return {
      publishedAt: draft!.publishedAt,
      story: await db.select().from(stories).where(eq(stories.id, storyId)),
      cast: await db.select().from(actors).where(eq(actors.storyId, storyId)).orderBy(asc(actors.id)),
      versions: await db.select().from(storyVersions).where(eq(storyVersions.draftId, Number(draftId))).orderBy(asc(storyVersions.id)),
    };
  }

  it("lists a draft's versions newest first with their review states, a page at a time", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const { id, v1, v2, v3 } = await threeVersions(a.token);
    const all = await ok(callEndpoint<Page>(api, "storyVersionList", { draft_id: id }, a.token));
    expect(all.versions.map((v) => [v.id, v.state])).toEqual([
      [v3, "rejected"],
      [v2, "approved"],
      [v1, "superseded"],
    ]);
    expect(all.versions[0]).toMatchObject({ title: "The Lamp Lit Itself", reason: "The hook promises a ghost the story never shows." });
    expect(all.versions[0]!.decided_at).not.toBeNull();
    expect(all.versions[2]).toMatchObject({ title: "The Low Tide", reason: null, decided_at: null });
    expect(all.next_cursor).toBeNull();
    const first = await ok(callEndpoint<Page>(api, "storyVersionList", { draft_id: id, limit: 2 }, a.token));
    expect(first.versions.map((v) => v.id)).toEqual([v3, v2]);
    expect(first.next_cursor).toBe(v2);
    const rest = await ok(callEndpoint<Page>(api, "storyVersionList", { draft_id: id, limit: 2, cursor: first.next_cursor }, a.token));
    expect(rest).toEqual({ versions: [all.versions[2]], next_cursor: null });
    // A draft never published has no versions.
    const fresh = (await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields, a.token))).draft.id;
    expect(await ok(callEndpoint<Page>(api, "storyVersionList", { draft_id: fresh }, a.token))).toEqual({ versions: [], next_cursor: null });
  });

  it("reads one version's script and fields, privately", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const { id, v1, v3 } = await threeVersions(a.token);
    const r = await callEndpoint<{ version: StoryVersion }>(api, "storyVersionGet", { draft_id: id, version_id: v1 }, a.token);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.data.version).toMatchObject({ id: v1, state: "superseded", ...fields, rating: "general", lorebook: [] });
    const third = await ok(callEndpoint<{ version: StoryVersion }>(api, "storyVersionGet", { draft_id: id, version_id: v3 }, a.token));
    expect(third.version).toMatchObject({ script: THIRD, title: "The Lamp Lit Itself", tags: ["sea", "ghost"], state: "rejected" });
  });

  it("restores a version into the draft and changes nothing else; publishing it makes a new pending version", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const { id, v1, v3 } = await threeVersions(a.token);
    const before = await outsideTheDraft(id);
    const r = await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyVersionRestore", { draft_id: id, version_id: v1 }, a.token));
    expect(r.draft).toMatchObject({ id, ...fields, status: "published", unpublished_changes: true });
    // The draft's review is still the newest submission's: the restore submitted nothing.
    expect(r.draft.review).toMatchObject({ version_id: v3, state: "rejected" });
    const read = await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token));
    expect(read.draft).toMatchObject({ script: FIRST, title: "The Low Tide", tags: ["sea"] });
    expect(await outsideTheDraft(id)).toEqual(before);
    // The catalogue keeps playing the approved second version.
    expect(before.story[0]).toMatchObject({ script: SECOND, reviewState: "approved" });

    const v4 = await publish(a.token, id);
    const page = await ok(callEndpoint<Page>(api, "storyVersionList", { draft_id: id }, a.token));
    expect(page.versions.map((v) => [v.id, v.state])[0]).toEqual([v4, "pending"]);
    expect((await ok(callEndpoint<{ version: StoryVersion }>(api, "storyVersionGet", { draft_id: id, version_id: v4 }, a.token))).version.script).toBe(FIRST);
    const [story] = await db.select({ script: stories.script }).from(stories).where(eq(stories.id, r.draft.story_id!));
    expect(story!.script).toBe(SECOND);
  });

  it("restores a version whose category the catalogue no longer has with no category, for the author to choose", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const { id, v1 } = await threeVersions(a.token);
    // As if staff had removed the category since (the version row keeps its id as text).
    await db.update(storyVersions).set({ categoryId: "retired-category" }).where(eq(storyVersions.id, Number(v1)));
    const r = await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyVersionRestore", { draft_id: id, version_id: v1 }, a.token));
    expect(r.draft).toMatchObject({ category_id: null, script: FIRST });
  });

  it("answers 404 to anyone else, and to a version of another draft, and changes nothing", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const b = await signedInUser(api, "Bex");
    const { id, v1 } = await threeVersions(a.token);
    const other = (await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", { ...fields, title: "Another" }, a.token))).draft.id;
    const draftBefore = await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token));
    const otherBefore = await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id: other }, a.token));
    const before = await outsideTheDraft(id);
    const refused: [string, "storyVersionList" | "storyVersionGet" | "storyVersionRestore", Record<string, string>, string][] = [
      ["another user lists", "storyVersionList", { draft_id: id }, b.token],
      ["another user reads", "storyVersionGet", { draft_id: id, version_id: v1 }, b.token],
      ["another user restores", "storyVersionRestore", { draft_id: id, version_id: v1 }, b.token],
      ["a version of another draft", "storyVersionGet", { draft_id: other, version_id: v1 }, a.token],
      ["restoring another draft's version", "storyVersionRestore", { draft_id: other, version_id: v1 }, a.token],
      ["no such version", "storyVersionGet", { draft_id: id, version_id: "999999999" }, a.token],
    ];
    for (const [what, name, input, token] of refused) {
      const r = await callEndpoint(api, name, input, token);
      expect(r.status, what).toBe(404);
      expect(r.code, what).toBe("NOT_FOUND");
    }
    expect(await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token))).toEqual(draftBefore);
    expect(await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id: other }, a.token))).toEqual(otherBefore);
    expect(await outsideTheDraft(id)).toEqual(before);
  });

  it("refuses bad input with 400, guests with 403 and callers without a token with 401, and changes nothing", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const { id, v1 } = await threeVersions(a.token);
    const draftBefore = await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token));
    const before = await outsideTheDraft(id);
    const bad: [string, "storyVersionList" | "storyVersionGet" | "storyVersionRestore", Record<string, unknown>][] = [
      ["draft_id", "storyVersionList", { draft_id: "abc" }],
      ["limit", "storyVersionList", { draft_id: id, limit: 0 }],
      ["limit", "storyVersionList", { draft_id: id, limit: 51 }],
      ["cursor", "storyVersionList", { draft_id: id, cursor: "-1" }],
      ["version_id", "storyVersionGet", { draft_id: id, version_id: "0" }],
      ["version_id", "storyVersionGet", { draft_id: id }],
      ["version_id", "storyVersionRestore", { draft_id: id, version_id: "1e3" }],
      ["draft_id", "storyVersionRestore", { version_id: v1 }],
      ["", "storyVersionRestore", { draft_id: id, version_id: v1, script: "-> END" }],
    ];
    for (const [path, name, input] of bad) {
      const r = await callEndpoint<{ fields?: { path: string }[] }>(api, name, input, a.token);
      expect(r.status, `${name} ${JSON.stringify(input)}`).toBe(400);
      expect(r.code).toBe("VALIDATION_ERROR");
      if (path) expect(r.data.fields?.map((f) => f.path), JSON.stringify(input)).toContain(path);
    }
    const guest = await newGuest(api);
    expect((await callEndpoint(api, "storyVersionRestore", { draft_id: id, version_id: v1 }, guest.token)).status).toBe(403);
    expect((await callEndpoint(api, "storyVersionList", { draft_id: id })).status).toBe(401);
    expect((await callEndpoint(api, "storyVersionRestore", { draft_id: id, version_id: v1 })).status).toBe(401);
    expect(await ok(callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, a.token))).toEqual(draftBefore);
    expect(await outsideTheDraft(id)).toEqual(before);
  });
});
