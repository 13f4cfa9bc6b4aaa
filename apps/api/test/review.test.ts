import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { notices, reports, staffActions, stories, storyVersions, users, type Db } from "@storyloom/db";
import type { DailyTask, ReviewItem, StoryDetail, StoryDraft, StorySummary } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import type { Config } from "../src/config";
import { ApiError } from "../src/errors";
import { approveVersion, listReview, rejectVersion, reviewItem } from "../src/services/review";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { ModerationPeer } from "./moderationPeer";

// Review before the catalogue: a publish is a story version that waits for staff (manual), for the
// moderation endpoint (auto) or for nothing (off, the existing storyDrafts tests); approving it puts
// it live and pays the create-story reward once; rejecting it tells the author why.

const GOOD = `The tide is out. Wren waits on the pier.
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

const fields = (over: Record<string, unknown> = {}) => ({
  title: "The Low Tide",
  hook: "A lighthouse that only shines when the sea is gone.",
  category_id: "mystery",
  tags: ["sea"],
  characters: [{ name: "Wren", persona: "A keeper's daughter, wry and brave.", greeting: "You came back. The tide didn't." }],
  script: GOOD,
  ...over,
});

interface Publish {
  draft: StoryDraft;
  story_id: string;
  task: DailyTask;
  reward: number;
  coins: number;
}

const dbLabel = process.env.DATABASE_URL ? "postgres" : "pglite";

async function draftOf(api: RunningApi, token: string, over: Record<string, unknown> = {}): Promise<string> {
  const r = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftCreate", fields(over), token);
  if (r.status !== 200) throw new Error(`draft create failed: ${r.message}`);
  return r.data.draft.id;
}
const publish = (api: RunningApi, token: string, id: string) => callEndpoint<Publish>(api, "storyDraftPublish", { id }, token);
const getDraft = async (api: RunningApi, token: string, id: string) => (await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftGet", { id }, token)).data.draft;

async function storyRow(db: Db, id: string) {
  const [row] = await db.select({ title: stories.title, reviewState: stories.reviewState, visible: stories.visible, published: stories.published, rating: stories.rating }).from(stories).where(eq(stories.id, id));
  return row;
}
const versionsOf = (db: Db, draftId: string) => db.select().from(storyVersions).where(eq(storyVersions.draftId, Number(draftId))).orderBy(storyVersions.id);
const noticesOf = (db: Db, userId: number) => db.select().from(notices).where(eq(notices.userId, userId)).orderBy(notices.id);
const auditOf = (db: Db, versionId: string) =>
  db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.targetKind, "version"), eq(staffActions.targetId, versionId)));

/** An account made staff in the database (the admin routes are another suite's). */
async function staffOf(api: RunningApi): Promise<number> {
  const s = await signedInUser(api, "Reviewer");
  await api.handle.db.update(users).set({ role: "admin" }).where(eq(users.id, s.id));
  return s.id;
}

async function listed(api: RunningApi, storyId: string, token?: string): Promise<boolean> {
  const r = await callEndpoint<{ stories: StorySummary[] }>(api, "storyList", { category_id: "mystery", sort: "new", limit: 50 }, token);
  return r.data.stories.some((s) => s.id === storyId);
}

/** The error a rejected promise carries, as code and message. */
async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return { code: err.code, message: err.message };
}

describe(`review in manual mode (${dbLabel})`, () => {
  let api: RunningApi;
  let db: Db;
  let staff: number;
  let reward: number;
  beforeAll(async () => {
    api = await startTestApi({ STORY_REVIEW: "manual" });
    db = api.handle.db;
    staff = await staffOf(api);
    reward = (await callEndpoint<{ task_rewards: Record<string, number> }>(api, "sysconfigList")).data.task_rewards["create-story"]!;
  });
  afterAll(() => api.stop());

  it("a publish waits for review: pending, out of the catalogue for everyone else, no reward yet", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const start = await balanceAndLedger(db, a.id);
    const id = await draftOf(api, a.token, { title: "Salt Lamp" });
    const p = await publish(api, a.token, id);
    expect(p.status).toBe(200);
    expect(p.data).toMatchObject({ reward: 0, story_id: `salt-lamp-u${id}` });
    expect(p.data.task).toMatchObject({ id: "create-story", claimed: false });
    expect(p.data.draft.status).toBe("published");
    expect(p.data.draft.review).toMatchObject({ state: "pending", reason: null, decided_at: null, live_version_approved: false, hidden: false });
    const [v] = await versionsOf(db, id);
    expect(v).toMatchObject({ state: "pending", title: "Salt Lamp", storyId: p.data.story_id, rating: "general", moderation: { status: "skipped", categories: [] } });
    expect(v!.opening).toMatch(/tide is out/);
    expect(p.data.draft.review!.version_id).toBe(String(v!.id));
    // Written (so its author can play it) but not visible.
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ reviewState: "pending", visible: false, published: true });
    // Over HTTP: absent from the list for a guest and another signed-in user, and not found on get.
    const other = await signedInUser(api, "Bex");
    const guest = await newGuest(api);
    expect(await listed(api, p.data.story_id)).toBe(false);
    expect(await listed(api, p.data.story_id, other.token)).toBe(false);
    expect((await callEndpoint(api, "storyGet", { id: p.data.story_id }, guest.token)).status).toBe(404);
    expect((await callEndpoint(api, "storyGet", { id: p.data.story_id }, other.token)).status).toBe(404);
    // Its author can still open it.
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: p.data.story_id }, a.token)).data.story?.title).toBe("Salt Lamp");
    expect(await balanceAndLedger(db, a.id)).toEqual(start);
  });

  it("approval puts it live, tells the author and pays the reward once, however many approvals race", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const id = await draftOf(api, a.token, { title: "Raced Approval" });
    const p = await publish(api, a.token, id);
    const versionId = Number(p.data.draft.review!.version_id);
    const start = await balanceAndLedger(db, a.id);
    const results = await Promise.allSettled([1, 2, 3].map(() => approveVersion(db, versionId, { staffId: staff, note: "fine" })));
    const ok = results.filter((r): r is PromiseFulfilledResult<ReviewItem> => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as ApiError).code).toBe("CONFLICT");
    expect(ok[0]!.value).toMatchObject({ state: "approved", story_id: p.data.story_id, author: { id: a.id, name: "Ada Quill" } });
    const end = await balanceAndLedger(db, a.id);
    expect(end.coins - start.coins).toBe(reward);
    expect(end.coins).toBe(end.sum);
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ reviewState: "approved", visible: true });
    expect(await listed(api, p.data.story_id)).toBe(true);
    const detail = await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: p.data.story_id });
    expect(detail.data.story.title).toBe("Raced Approval");
    expect((await getDraft(api, a.token, id)).review).toMatchObject({ state: "approved", live_version_approved: false });
    const told = await noticesOf(db, a.id);
    expect(told.map((n) => n.kind)).toEqual(["review.approved"]);
    expect(told[0]!.link).toBe(`/user/stories/${id}`);
    const audit = await auditOf(db, String(versionId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff, action: "review.approve", reason: "fine" });
    expect((await callEndpoint<{ tasks: DailyTask[] }>(api, "dailyTasksList", {}, a.token)).data.tasks.find((t) => t.id === "create-story")).toMatchObject({ claimed: true });
    // Deciding it again is a conflict and changes nothing.
    expect(await refusal(rejectVersion(db, versionId, { staffId: staff, reason: "changed my mind" }))).toMatchObject({ code: "CONFLICT" });
    expect(await refusal(approveVersion(db, 999_999, { staffId: staff }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await balanceAndLedger(db, a.id)).toEqual(end);
  });

  it("rejection gives the author the reason; a resubmission waits again", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const id = await draftOf(api, a.token, { title: "Borrowed Song" });
    const p = await publish(api, a.token, id);
    const versionId = Number(p.data.draft.review!.version_id);
    // A reason too short is refused and nothing changes.
    expect(await refusal(rejectVersion(db, versionId, { staffId: staff, reason: " no " }))).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await versionsOf(db, id))[0]!.state).toBe("pending");
    expect(await auditOf(db, String(versionId))).toHaveLength(0);

    const item = await rejectVersion(db, versionId, { staffId: staff, reason: "The opening quotes a copyrighted song" });
    expect(item).toMatchObject({ state: "rejected", reason: "The opening quotes a copyrighted song" });
    expect((await getDraft(api, a.token, id)).review).toMatchObject({ state: "rejected", reason: "The opening quotes a copyrighted song", live_version_approved: false });
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ reviewState: "rejected", visible: false });
    expect((await noticesOf(db, a.id)).map((n) => [n.kind, n.body])).toEqual([["review.rejected", 'Your story "Borrowed Song" was not approved: The opening quotes a copyrighted song']]);
    expect(await auditOf(db, String(versionId))).toHaveLength(1);
    expect(await refusal(rejectVersion(db, versionId, { staffId: staff, reason: "again and again" }))).toMatchObject({ code: "CONFLICT" });

    // Fixed and resubmitted: a new version, pending, with the new text in the story's row.
    await callEndpoint(api, "storyDraftUpdate", { id, title: "Own Song" }, a.token);
    const again = await publish(api, a.token, id);
    expect(again.data.draft.review).toMatchObject({ state: "pending", reason: null });
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ reviewState: "pending", title: "Own Song", visible: false });
  });

  it("a new version of an approved story waits while the approved one plays; a newer one supersedes it", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const reader = await newGuest(api);
    const id = await draftOf(api, a.token, { title: "Salt Lamp" });
    const first = await publish(api, a.token, id);
    const storyId = first.data.story_id;
    await approveVersion(db, Number(first.data.draft.review!.version_id), { staffId: staff });

    await callEndpoint(api, "storyDraftUpdate", { id, title: "Salt Lamp II" }, a.token);
    const second = await publish(api, a.token, id);
    expect(second.data.reward).toBe(0);
    expect(second.data.draft.review).toMatchObject({ state: "pending", live_version_approved: true });
    expect(await storyRow(db, storyId)).toMatchObject({ title: "Salt Lamp", reviewState: "approved", visible: true });
    expect((await callEndpoint<{ story: StoryDetail }>(api, "storyGet", { id: storyId }, reader.token)).data.story.title).toBe("Salt Lamp");

    await callEndpoint(api, "storyDraftUpdate", { id, title: "Salt Lamp III" }, a.token);
    const third = await publish(api, a.token, id);
    const [, v2, v3] = await versionsOf(db, id);
    expect([v2!.state, v3!.state]).toEqual(["superseded", "pending"]);
    expect(await refusal(approveVersion(db, v2!.id, { staffId: staff }))).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/newer version/) });
    expect((await listReview(db, { state: "pending", limit: 100 })).items.map((i) => i.version_id)).not.toContain(String(v2!.id));

    // Rejecting the newer one leaves the approved one live.
    await rejectVersion(db, Number(third.data.draft.review!.version_id), { staffId: staff, reason: "The new ending is unfinished" });
    expect(await storyRow(db, storyId)).toMatchObject({ title: "Salt Lamp", reviewState: "approved", visible: true });
    expect((await getDraft(api, a.token, id)).review).toMatchObject({ state: "rejected", live_version_approved: true });

    // Approved (rated mature by staff), the newest version replaces it.
    const fourth = await publish(api, a.token, id);
    const item = await approveVersion(db, Number(fourth.data.draft.review!.version_id), { staffId: staff, rating: "mature" });
    expect(item).toMatchObject({ state: "approved", rating: "mature", live: true });
    expect(await storyRow(db, storyId)).toMatchObject({ title: "Salt Lamp III", reviewState: "approved", rating: "mature" });
  });

  it("unpublish takes an approved story down, and a later approval does not put it back", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const id = await draftOf(api, a.token, { title: "Taken Down" });
    const p = await publish(api, a.token, id);
    await approveVersion(db, Number(p.data.draft.review!.version_id), { staffId: staff });
    await callEndpoint(api, "storyDraftUpdate", { id, hook: "A new hook for the lighthouse." }, a.token);
    const next = await publish(api, a.token, id);
    const u = await callEndpoint<{ draft: StoryDraft }>(api, "storyDraftUnpublish", { id }, a.token);
    expect(u.data.draft.status).toBe("unpublished");
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ published: false, visible: false });
    await approveVersion(db, Number(next.data.draft.review!.version_id), { staffId: staff });
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ published: false, visible: false, reviewState: "approved" });
    // Republishing submits again while the approved version plays.
    const again = await publish(api, a.token, id);
    expect(again.data.draft.review).toMatchObject({ state: "pending", live_version_approved: true });
    expect(await storyRow(db, p.data.story_id)).toMatchObject({ published: true, visible: true });
  });

  it("refuses a publish-banned author with 403 and writes nothing", async () => {
    const a = await signedInUser(api, "Banned Author");
    const id = await draftOf(api, a.token, { title: "Never Out" });
    await db.update(users).set({ publishBannedAt: new Date() }).where(eq(users.id, a.id));
    const r = await publish(api, a.token, id);
    expect(r.status).toBe(403);
    expect(r).toMatchObject({ code: "FORBIDDEN", message: "You can no longer publish stories" });
    expect(await versionsOf(db, id)).toHaveLength(0);
    expect(await storyRow(db, `never-out-u${id}`)).toBeUndefined();
    expect((await getDraft(api, a.token, id)).status).toBe("draft");
    expect((await getDraft(api, a.token, id)).review).toBeNull();
  });

  it("the queue shows stories with open minors reports first, then the oldest, a page at a time", async () => {
    const a = await signedInUser(api, "Queue Author");
    const ids: string[] = [];
    const storyIds: string[] = [];
    for (const t of ["Queue One", "Queue Two", "Queue Three"]) {
      const id = await draftOf(api, a.token, { title: t });
      ids.push((await publish(api, a.token, id)).data.draft.review!.version_id);
      storyIds.push(`${t.toLowerCase().replace(" ", "-")}-u${id}`);
    }
    const reporter = await signedInUser(api, "Reporter");
    await db.insert(reports).values({ reporterId: reporter.id, reporterRegistered: true, targetKind: "story", targetId: storyIds[2]!, storyId: storyIds[2]!, reason: "minors" });
    // A dismissed report does not make a story urgent.
    await db.insert(reports).values({ reporterId: reporter.id, reporterRegistered: true, targetKind: "story", targetId: storyIds[1]!, storyId: storyIds[1]!, reason: "minors", status: "dismissed" });
    const seen: ReviewItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const r = await listReview(db, { state: "pending", cursor, limit: 1 });
      expect(r.items.length).toBeLessThanOrEqual(1);
      seen.push(...r.items);
      if (!r.next_cursor) break;
      expect(r.next_cursor).toMatch(/^[1-9][0-9]{0,17}$/);
      cursor = r.next_cursor;
    }
    const order = seen.map((i) => i.version_id);
    expect(new Set(order).size).toBe(order.length);
    const mine = order.filter((v) => ids.includes(v));
    expect(mine).toEqual([ids[2], ids[0], ids[1]]);
    // Urgent items lead the whole queue.
    expect(seen[0]!.urgent_reports).toBeGreaterThan(0);
    expect(seen.find((i) => i.version_id === ids[2])!.urgent_reports).toBe(1);
    expect(seen.find((i) => i.version_id === ids[1])!.urgent_reports).toBe(0);
    // Decided lists are newest first, paged the same way.
    const approved = await listReview(db, { state: "approved", limit: 2 });
    expect(approved.items.every((i) => i.state === "approved")).toBe(true);
    const nextPage = await listReview(db, { state: "approved", limit: 2, cursor: approved.next_cursor! });
    expect(Number(nextPage.items[0]!.version_id)).toBeLessThan(Number(approved.items[1]!.version_id));
    expect((await reviewItem(db, Number(ids[0]))).characters).toEqual([fields().characters[0]]);
  });

  it("the author's rating is kept on the draft and frozen into the version", async () => {
    const a = await signedInUser(api, "Ada Quill");
    const id = await draftOf(api, a.token, { title: "Night Shift", rating: "mature" });
    expect((await getDraft(api, a.token, id)).rating).toBe("mature");
    const bad = await callEndpoint(api, "storyDraftUpdate", { id, rating: "adult" }, a.token);
    expect(bad.status).toBe(400);
    await publish(api, a.token, id);
    expect((await versionsOf(db, id))[0]!.rating).toBe("mature");
    await callEndpoint(api, "storyDraftUpdate", { id, rating: "general" }, a.token);
    expect((await getDraft(api, a.token, id)).rating).toBe("general");
  });
});

describe(`review with a moderation endpoint (${dbLabel})`, () => {
  let peer: ModerationPeer;
  let auto: RunningApi;
  let manual: RunningApi;
  const endpoint = (): Partial<Config> => ({ MODERATION_BASE_URL: peer.url, MODERATION_API_KEY: "sk-mod", MODERATION_MODEL: "omni-moderation-latest", MODERATION_TIMEOUT_MS: 500 });
  beforeAll(async () => {
    peer = await new ModerationPeer().start();
    auto = await startTestApi({ STORY_REVIEW: "auto", ...endpoint() });
    manual = await startTestApi({ STORY_REVIEW: "manual", ...endpoint() });
  });
  afterAll(async () => {
    await auto?.stop();
    await manual?.stop();
    await peer?.stop();
  });
  beforeEach(() => peer.reset());

  const versionOf = async (api: RunningApi, p: Publish) => reviewItem(api.handle.db, Number(p.draft.review!.version_id));

  it("auto: a clean story is approved at once, live and paid", async () => {
    const a = await signedInUser(auto, "Ada Quill");
    const id = await draftOf(auto, a.token, { title: "Clean Tide" });
    const p = await publish(auto, a.token, id);
    expect(p.status).toBe(200);
    expect(p.data.reward).toBeGreaterThan(0);
    expect(p.data.draft.review).toMatchObject({ state: "approved" });
    expect(await versionOf(auto, p.data)).toMatchObject({ state: "approved", moderation: { status: "clean", categories: [], model: "omni-moderation-latest" } });
    expect(await storyRow(auto.handle.db, p.data.story_id)).toMatchObject({ reviewState: "approved", visible: true });
    expect(await listed(auto, p.data.story_id)).toBe(true);
    // What the endpoint read: title, hook, persona, greeting and the script's text.
    expect(peer.requests[0]!.authorization).toBe("Bearer sk-mod");
    const sent = peer.inputs.join("\n");
    for (const s of ["Clean Tide", "A lighthouse that only shines", "wry and brave", "The tide didn't", "The lamp room smells of oil and salt.", "Stay ashore"]) expect(sent).toContain(s);
    expect(sent).not.toContain("-> END");
  });

  it("auto: flagged, a 500, a hang and an unreadable answer each leave the story pending with the verdict", async () => {
    const cases: [ModerationPeer["mode"], Record<string, unknown>][] = [
      ["flagged", { status: "flagged", categories: ["harassment", "violence"], error: null }],
      ["500", { status: "error", error: "the moderation endpoint answered 500" }],
      ["hang", { status: "error", error: "the moderation endpoint did not answer within 500 ms" }],
      ["malformed", { status: "error" }],
    ];
    for (const [mode, verdict] of cases) {
      peer.reset();
      peer.mode = mode;
      const a = await signedInUser(auto, "Ada Quill");
      const start = await balanceAndLedger(auto.handle.db, a.id);
      const id = await draftOf(auto, a.token, { title: `Held ${mode}` });
      const t0 = Date.now();
      const p = await publish(auto, a.token, id);
      expect(p.status, mode).toBe(200);
      expect(Date.now() - t0, mode).toBeLessThan(5000);
      expect(p.data.reward, mode).toBe(0);
      expect(p.data.draft.review!.state, mode).toBe("pending");
      expect((await versionOf(auto, p.data)).moderation, mode).toMatchObject(verdict);
      expect(await storyRow(auto.handle.db, p.data.story_id), mode).toMatchObject({ reviewState: "pending", visible: false });
      expect(await listed(auto, p.data.story_id), mode).toBe(false);
      expect(await balanceAndLedger(auto.handle.db, a.id), mode).toEqual(start);
    }
  });

  it("manual: the endpoint still runs, so the reviewer sees the categories, and a clean verdict still waits", async () => {
    peer.mode = "flagged";
    peer.flagOnly = /knife/;
    peer.flagAs = ["violence/graphic"];
    const a = await signedInUser(manual, "Ada Quill");
    const id = await draftOf(manual, a.token, { title: "Knife Edge", hook: "He draws a knife in the dark." });
    const p = await publish(manual, a.token, id);
    expect(p.data.draft.review!.state).toBe("pending");
    const item = (await listReview(manual.handle.db, { state: "pending", limit: 100 })).items.find((i) => i.version_id === p.data.draft.review!.version_id);
    expect(item!.moderation).toMatchObject({ status: "flagged", categories: ["violence/graphic"] });
    peer.reset();
    const b = await signedInUser(manual, "Bex");
    const clean = await publish(manual, b.token, await draftOf(manual, b.token, { title: "Calm Water" }));
    expect(clean.data.draft.review!.state).toBe("pending");
    expect((await versionOf(manual, clean.data)).moderation).toMatchObject({ status: "clean" });
  });

  it("checks a long script in several calls within the endpoint's limits", async () => {
    // 30 scenes of about 1,500 characters each, and six characters with long personas.
    const scene = (i: number) => `== s${i} ==\n${Array.from({ length: 15 }, (_, j) => `Scene ${i} line ${j}: the water keeps rising past the old marks, and nobody in the village will say why it happens.`).join("\n")}\n* [On] -> ${i === 29 ? "END" : `s${i + 1}`}\n`;
    const script = `-> s0\n${Array.from({ length: 30 }, (_, i) => scene(i)).join("\n")}`;
    const characters = Array.from({ length: 6 }, (_, i) => ({ name: `Keeper ${i}`, persona: `Keeper ${i} remembers every tide. `.repeat(55).trim(), greeting: `Keeper ${i} nods.` }));
    const a = await signedInUser(auto, "Long Author");
    const id = await draftOf(auto, a.token, { title: "Long Water", script, characters });
    const p = await publish(auto, a.token, id);
    expect(p.status).toBe(200);
    expect(p.data.draft.review!.state).toBe("approved");
    expect(peer.requests.length).toBeGreaterThanOrEqual(2);
    for (const r of peer.requests) {
      const input = r.body.input as string[];
      expect(input.length).toBeLessThanOrEqual(32);
      expect(input.every((s) => s.length <= 2000)).toBe(true);
    }
    const sent = peer.inputs.join("\n");
    expect(sent).toContain("Scene 29 line 14: the water keeps rising");
    expect(sent).toContain("Keeper 5 nods.");
  });
});
