import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { ModerationVerdict, type EndpointData, type EndpointParsedInput, type Rating, type ReportReason, type ReportTargetKind, type ReviewState } from "@storyloom/contract";
import { accountDeletions, actors, reports, staffActions, stories, storyDrafts, storyVersions, users, type Db, type Tx } from "@storyloom/db";
import type { AuthedUser } from "../auth/session";
import { ApiError, notFound } from "../errors";
import { recordStaffAction, toStaffAction } from "./audit";
import { notify } from "./notices";
import { invalidateCatalogue } from "./publicRead";
import { revokeUserSessions } from "./sessions";

type StoryRow = typeof stories.$inferSelect;
type UserRow = typeof users.$inferSelect;
type Staff = AuthedUser["user"];
type StoryState = EndpointData<"adminStoryRate">["story"];
type UserState = EndpointData<"adminUserBan">["user"];

/** Most audit rows, versions and reports a history answer lists (newest first). */
export const HISTORY_LIMIT = 200;
/** Most pending deletions the staff list shows (soonest due first). */
export const DELETION_LIST_LIMIT = 500;

const conflict = (message: string) => new ApiError("CONFLICT", message);

/** A story row locked for a staff change; NOT_FOUND when there is none. */
export async function lockStory(tx: Tx, id: string): Promise<StoryRow> {
  const [row] = await tx.select().from(stories).where(eq(stories.id, id)).for("update");
  if (!row) throw notFound(`No story with id ${id}`);
  return row;
}

/** A story as the staff calls answer it (read after the change, so `visible` is the database's). */
async function storyState(tx: Db | Tx, id: string): Promise<StoryState> {
  const [s] = await tx.select().from(stories).where(eq(stories.id, id));
  return {
    id: s!.id,
    title: s!.title,
    published: s!.published,
    review_state: s!.reviewState as ReviewState,
    rating: s!.rating as Rating,
    hidden: s!.hiddenAt !== null,
    visible: s!.visible,
  };
}

/** Tells a story's author (if it has one: the seed catalogue has none) what staff did to it. */
export async function tellAuthor(tx: Tx, story: StoryRow, body: string): Promise<void> {
  if (story.authorId !== null) await notify(tx, story.authorId, "story.staff", body, "/my-stories");
}

/** Takes a story out of the catalogue as its author's unpublish does (the author may submit it again). */
export async function takeDown(tx: Tx, storyId: string): Promise<void> {
  await tx.update(stories).set({ published: false }).where(eq(stories.id, storyId));
  await tx.update(storyDrafts).set({ publishedAt: null }).where(eq(storyDrafts.storyId, storyId));
}

/** Runs one staff change to a story with its audit row in one transaction, then refreshes the catalogue. */
async function changeStory(
  db: Db,
  storyId: string,
  change: (tx: Tx, story: StoryRow) => Promise<{ action: string; reason: string; detail?: Record<string, unknown>; staffId: number }>,
): Promise<{ story: StoryState }> {
  const story = await db.transaction(async (tx) => {
    const row = await lockStory(tx, storyId);
    const done = await change(tx, row);
    await recordStaffAction(tx, { staffId: done.staffId, action: done.action, targetKind: "story", targetId: storyId, reason: done.reason, detail: done.detail ?? null });
    return storyState(tx, storyId);
  });
  invalidateCatalogue(db);
  return { story };
}

/** Staff set a story's rating (general or mature); the author's draft keeps it for later submissions. */
export function rateStory(db: Db, staffId: number, input: EndpointParsedInput<"adminStoryRate">): Promise<{ story: StoryState }> {
  return changeStory(db, input.story_id, async (tx, story) => {
    if (story.rating === input.rating) throw conflict(`The story is already rated ${input.rating}`);
    await tx.update(stories).set({ rating: input.rating }).where(eq(stories.id, story.id));
    await tx.update(storyDrafts).set({ rating: input.rating }).where(eq(storyDrafts.storyId, story.id));
    await tellAuthor(tx, story, `Staff rated your story “${story.title}” ${input.rating}: ${input.reason}`);
    return { staffId, action: "story.rate", reason: input.reason, detail: { from: story.rating, to: input.rating } };
  });
}

/** Staff take a story out of the catalogue (published = false). */
export function unpublishStory(db: Db, staffId: number, input: EndpointParsedInput<"adminStoryUnpublish">): Promise<{ story: StoryState }> {
  return changeStory(db, input.story_id, async (tx, story) => {
    if (!story.published) throw conflict("The story is not published");
    await takeDown(tx, story.id);
    await tellAuthor(tx, story, `Staff unpublished your story “${story.title}”: ${input.reason}`);
    return { staffId, action: "story.unpublish", reason: input.reason };
  });
}

/** Staff put a story back: not hidden any more, and published again. */
export function restoreStory(db: Db, staffId: number, input: EndpointParsedInput<"adminStoryRestore">): Promise<{ story: StoryState }> {
  return changeStory(db, input.story_id, async (tx, story) => {
    if (story.published && story.hiddenAt === null) throw conflict("The story is published and not hidden: there is nothing to restore");
    await tx.update(stories).set({ published: true, hiddenAt: null, hiddenReason: null }).where(eq(stories.id, story.id));
    await tx
      .update(storyDrafts)
      .set({ publishedAt: sql`clock_timestamp()` })
      .where(and(eq(storyDrafts.storyId, story.id), isNull(storyDrafts.publishedAt)));
    await tellAuthor(tx, story, `Staff restored your story “${story.title}”: ${input.reason}`);
    return { staffId, action: "story.restore", reason: input.reason, detail: { was_hidden: story.hiddenAt !== null, was_published: story.published } };
  });
}

function userState(u: UserRow): UserState {
  return { id: u.id, name: u.name, email: u.email, status: u.status, banned: u.bannedAt !== null, publish_banned: u.publishBannedAt !== null };
}

/** The account staff act on, locked; refuses acting on oneself, and on a super admin unless a super admin. */
async function lockTargetUser(tx: Tx, staff: Staff, userId: number): Promise<UserRow> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!u) throw notFound(`No user with id ${userId}`);
  if (u.id === staff.id) throw new ApiError("FORBIDDEN", "You cannot ban or unban yourself");
  if (u.role === "super_admin" && staff.role !== "super_admin") throw new ApiError("FORBIDDEN", "Only a super admin can ban or unban a super admin");
  return u;
}

/** Runs one ban or unban with its audit row in one transaction. */
async function changeUser(db: Db, staff: Staff, userId: number, action: string, scope: string, reason: string, change: (tx: Tx, u: UserRow) => Promise<void>): Promise<{ user: UserState }> {
  return db.transaction(async (tx) => {
    const u = await lockTargetUser(tx, staff, userId);
    await change(tx, u);
    await recordStaffAction(tx, { staffId: staff.id, action, targetKind: "user", targetId: String(userId), reason, detail: { scope } });
    const [fresh] = await tx.select().from(users).where(eq(users.id, userId));
    return { user: userState(fresh!) };
  });
}

/**
 * Bans a user: from publishing (publish_banned_at), or the whole account (status disabled, every
 * session revoked at once). Orders, the coin ledger and refunds are never touched.
 */
export function banUser(db: Db, staff: Staff, input: EndpointParsedInput<"adminUserBan">): Promise<{ user: UserState }> {
  return changeUser(db, staff, input.user_id, "user.ban", input.scope, input.reason, async (tx, u) => {
    if (input.scope === "publish") {
      if (u.publishBannedAt) throw conflict("This user is already barred from publishing");
      await tx.update(users).set({ publishBannedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, u.id));
      await notify(tx, u.id, "user.publish_ban", `You can no longer publish stories: ${input.reason}`);
      return;
    }
    if (u.bannedAt) throw conflict("This account is already banned");
    await tx.update(users).set({ status: "disabled", bannedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, u.id));
    await revokeUserSessions(tx, u.id, "banned");
  });
}

/** Lifts a ban of either scope; a deleted account stays closed. */
export function unbanUser(db: Db, staff: Staff, input: EndpointParsedInput<"adminUserUnban">): Promise<{ user: UserState }> {
  return changeUser(db, staff, input.user_id, "user.unban", input.scope, input.reason, async (tx, u) => {
    if (input.scope === "publish") {
      if (!u.publishBannedAt) throw conflict("This user is not barred from publishing");
      await tx.update(users).set({ publishBannedAt: null, updatedAt: new Date() }).where(eq(users.id, u.id));
      await notify(tx, u.id, "user.publish_unban", "You can publish stories again.");
      return;
    }
    if (!u.bannedAt) throw conflict("This account is not banned");
    if (u.deletedAt) throw conflict("This account was deleted by its owner; it stays closed");
    await tx.update(users).set({ status: "normal", bannedAt: null, updatedAt: new Date() }).where(eq(users.id, u.id));
  });
}

type History = EndpointData<"adminHistory">;

/** Audit rows matching `where`, newest first, with the acting staff member's name. */
async function actionsWhere(db: Db, where: SQL | undefined): Promise<History["actions"]> {
  const rows = await db
    .select({ a: staffActions, name: users.name })
    .from(staffActions)
    .innerJoin(users, eq(users.id, staffActions.staffId))
    .where(where)
    .orderBy(desc(staffActions.id))
    .limit(HISTORY_LIMIT);
  return rows.map(toStaffAction);
}

/** The stored moderation verdict when it has the contract's shape; null otherwise. */
function verdictOf(raw: unknown): ModerationVerdict | null {
  const parsed = ModerationVerdict.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

async function versionsWhere(db: Db, where: SQL | undefined): Promise<History["versions"]> {
  const rows = await db.select().from(storyVersions).where(where).orderBy(desc(storyVersions.id)).limit(HISTORY_LIMIT);
  return rows.map((v) => ({
    version_id: String(v.id),
    story_id: v.storyId,
    title: v.title,
    state: v.state as History["versions"][number]["state"],
    reason: v.reason,
    moderation: verdictOf(v.moderation),
    submitted_at: v.createdAt.toISOString(),
    decided_at: v.decidedAt?.toISOString() ?? null,
  }));
}

async function reportsWhere(db: Db, where: SQL | undefined): Promise<History["reports"]> {
  const rows = await db.select().from(reports).where(where).orderBy(desc(reports.id)).limit(HISTORY_LIMIT);
  return rows.map((r) => ({
    id: String(r.id),
    target_kind: r.targetKind as ReportTargetKind,
    target_id: r.targetId,
    reason: r.reason as ReportReason,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Audit rows about the stories `storiesSql` selects (their ids): the stories, their versions and characters. */
function aboutStories(storiesSql: SQL): SQL {
  return sql`(
    (${staffActions.targetKind} = 'story' and ${staffActions.targetId} in (${storiesSql}))
    or (${staffActions.detail} ->> 'story_id') in (${storiesSql})
    or (${staffActions.targetKind} = 'version' and ${staffActions.targetId} in (select id::text from story_versions where story_id in (${storiesSql})))
    or (${staffActions.targetKind} = 'character' and ${staffActions.targetId} in (select slug from actors where story_id in (${storiesSql}))))`;
}

/** The moderation history of one story: audit rows, submitted versions and reports of it. */
async function storyHistory(db: Db, storyId: string): Promise<History> {
  // A story is known by its catalogue row, or only by its submissions (one never published yet).
  const [s] = await db.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId));
  const [v] = s ? [] : await db.select({ id: storyVersions.id }).from(storyVersions).where(eq(storyVersions.storyId, storyId)).limit(1);
  if (!s && !v) throw notFound(`No story with id ${storyId}`);
  return {
    actions: await actionsWhere(db, aboutStories(sql`select ${storyId}::text`)),
    versions: await versionsWhere(db, eq(storyVersions.storyId, storyId)),
    reports: await reportsWhere(db, eq(reports.storyId, storyId)),
  };
}

/**
 * The moderation history of one user: audit rows about the account and about their stories, the
 * versions they submitted, and the reports they sent or that were made of their stories.
 */
async function userHistory(db: Db, userId: number): Promise<History> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound(`No user with id ${userId}`);
  const theirs = sql`select id from stories where author_id = ${userId}`;
  return {
    actions: await actionsWhere(db, or(and(eq(staffActions.targetKind, "user"), eq(staffActions.targetId, String(userId))), aboutStories(theirs))),
    versions: await versionsWhere(db, eq(storyVersions.userId, userId)),
    reports: await reportsWhere(db, or(eq(reports.reporterId, userId), sql`${reports.storyId} in (${theirs})`)),
  };
}

/** The moderation history of a story or of a user (exactly one is given; the input schema checks it). */
export function moderationHistory(db: Db, input: EndpointParsedInput<"adminHistory">): Promise<History> {
  return input.story_id ? storyHistory(db, input.story_id) : userHistory(db, input.user_id!);
}

/** Account deletions the worker has not carried out yet, soonest due first. */
export async function pendingDeletions(db: Db): Promise<EndpointData<"adminDeletionList">> {
  const rows = await db.select().from(accountDeletions).where(isNull(accountDeletions.doneAt)).orderBy(asc(accountDeletions.dueAt)).limit(DELETION_LIST_LIMIT);
  return {
    deletions: rows.map((d) => ({ user_id: d.userId, requested_at: d.requestedAt.toISOString(), due_at: d.dueAt.toISOString(), done_at: null })),
  };
}

/** The titles of some stories and names of some characters, for excerpts and notices. */
export async function namesOf(db: Db | Tx, storyIds: string[], slugs: string[]): Promise<{ stories: Map<string, StoryRow>; actors: Map<string, string> }> {
  const s = storyIds.length ? await db.select().from(stories).where(inArray(stories.id, storyIds)) : [];
  const a = slugs.length ? await db.select({ slug: actors.slug, name: actors.name }).from(actors).where(inArray(actors.slug, slugs)) : [];
  return { stories: new Map(s.map((r) => [r.id, r])), actors: new Map(a.map((r) => [r.slug, r.name])) };
}
