import { and, asc, desc, eq, inArray, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { SAFETY_TEXT_MAX, type DraftReview, type ModerationVerdict, type Rating, type ReviewItem } from "@storyloom/contract";
import { actors, avatarPath, coverPath, stories, storyVersions, users, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { recordStaffAction } from "./audit";
import { notify } from "./notices";
import { invalidateCatalogue } from "./publicRead";
import { runTask } from "./tasks";

// Review of published stories. Every publish is a frozen story_versions row; approving one copies it
// into stories/actors (the catalogue plays it) and pays the author's create-story reward; rejecting
// one tells the author why. A story never approved keeps a stories row in review_state "pending" or
// "rejected" (its author can play it; `visible` keeps everyone else out); an approved story keeps
// playing its approved version while a newer one waits.

/** One submitted version as stored. */
export type VersionRow = typeof storyVersions.$inferSelect;

const ratingOf = (r: string): Rating => (r === "mature" ? "mature" : "general");
const reviewStateOf = (s: string): DraftReview["state"] => (s === "approved" || s === "rejected" ? s : "pending");

/**
 * Writes a version's fields into the catalogue rows of its story (the row is created when missing,
 * published) with `reviewState`, and replaces the story's characters with the version's. An existing
 * row keeps its author's published wish unless `publish` (the author is publishing now). CONFLICT
 * when the story id belongs to another author.
 */
async function copyIntoStory(tx: Tx, v: VersionRow, reviewState: "approved" | "pending", rating: Rating, publish: boolean): Promise<void> {
  const story = {
    title: v.title,
    hook: v.hook,
    description: v.hook,
    opening: v.opening,
    categoryId: v.categoryId,
    tags: v.tags,
    coverUrl: coverPath(v.storyId),
    script: v.script,
    lorebook: v.lorebook,
    rating,
    reviewState,
  };
  const [saved] = await tx
    .insert(stories)
    .values({ id: v.storyId, ...story, published: true, authorId: v.userId })
    .onConflictDoUpdate({ target: stories.id, set: publish ? { ...story, published: true } : story, setWhere: eq(stories.authorId, v.userId) })
    .returning({ id: stories.id });
  if (!saved) throw new ApiError("CONFLICT", "That story id is taken; change the title and publish again");
  const cast = v.characters.map((c, i) => {
    const actorId = `${v.storyId}-c${i + 1}`;
    return { id: actorId, slug: actorId, storyId: v.storyId, name: c.name, tagline: "", persona: c.persona, greeting: c.greeting, avatarUrl: avatarPath(actorId), sort: i };
  });
  await tx.delete(actors).where(and(eq(actors.storyId, v.storyId), notInArray(actors.id, cast.map((a) => a.id))));
  if (cast.length)
    await tx
      .insert(actors)
      .values(cast)
      .onConflictDoUpdate({
        target: actors.id,
        set: { name: sql`excluded.name`, persona: sql`excluded.persona`, greeting: sql`excluded.greeting`, sort: sql`excluded.sort` },
      });
}

/**
 * Records a submission of a draft (inside the publishing transaction): older pending versions of the
 * draft are superseded, and the new version is stored pending with its moderation verdict.
 */
export async function submitVersion(
  tx: Tx,
  draft: { id: number; userId: number; storyId: string; title: string; hook: string; categoryId: string; tags: string[]; characters: VersionRow["characters"]; script: string; lorebook: VersionRow["lorebook"]; rating: string },
  opening: string,
  moderation: ModerationVerdict | null,
): Promise<VersionRow> {
  await tx
    .update(storyVersions)
    .set({ state: "superseded" })
    .where(and(eq(storyVersions.draftId, draft.id), eq(storyVersions.state, "pending")));
  const [v] = await tx
    .insert(storyVersions)
    .values({
      draftId: draft.id,
      storyId: draft.storyId,
      userId: draft.userId,
      title: draft.title,
      hook: draft.hook,
      categoryId: draft.categoryId,
      tags: draft.tags,
      characters: draft.characters,
      script: draft.script,
      lorebook: draft.lorebook,
      opening,
      rating: ratingOf(draft.rating),
      moderation,
    })
    .returning();
  return v!;
}

/**
 * A version waits for review: a story never approved gets (or keeps) its catalogue row in review
 * state "pending" with this version's fields, so its author can play it; an approved story's rows
 * are left as they are (the approved version keeps playing), only its author's published wish is set.
 */
export async function holdForReview(tx: Tx, v: VersionRow): Promise<void> {
  const [current] = await tx.select({ reviewState: stories.reviewState, authorId: stories.authorId }).from(stories).where(eq(stories.id, v.storyId)).for("update");
  if (current?.reviewState === "approved") {
    if (current.authorId !== v.userId) throw new ApiError("CONFLICT", "That story id is taken; change the title and publish again");
    await tx.update(stories).set({ published: true }).where(eq(stories.id, v.storyId));
    return;
  }
  await copyIntoStory(tx, v, "pending", ratingOf(v.rating), true);
}

/**
 * Approves a pending version inside `tx`: the catalogue plays it from now on. `publish` when its
 * author is publishing it now; a later approval keeps a story its author took down, down.
 */
export async function applyApproval(tx: Tx, v: VersionRow, rating: Rating, decidedBy: number | null, publish = false): Promise<void> {
  await copyIntoStory(tx, v, "approved", rating, publish);
  await tx.update(storyVersions).set({ state: "approved", rating, decidedBy, decidedAt: sql`now()` }).where(eq(storyVersions.id, v.id));
}

/** The version, locked for the transaction, when it still waits for a decision; CONFLICT otherwise. */
async function pendingVersion(tx: Tx, versionId: number): Promise<VersionRow> {
  const [v] = await tx.select().from(storyVersions).where(eq(storyVersions.id, versionId)).for("update");
  if (!v) throw notFound(`No story version with id ${versionId}`);
  if (v.state === "superseded") throw new ApiError("CONFLICT", "A newer version of this story was submitted; decide that one instead");
  if (v.state !== "pending") throw new ApiError("CONFLICT", `This version was already ${v.state}`);
  return v;
}

const draftLink = (v: VersionRow) => `/user/stories/${v.draftId}`;

/**
 * Approves a pending version: copies it into the catalogue, pays the author's create-story reward
 * (once a day, in the same transaction), writes the audit row (when staff decided) and tells the
 * author. CONFLICT when the version was decided already or a newer one replaced it.
 */
export async function approveVersion(db: Db, versionId: number, by: { staffId: number | null; rating?: Rating; note?: string }): Promise<ReviewItem> {
  const [found] = await db.select({ userId: storyVersions.userId }).from(storyVersions).where(eq(storyVersions.id, versionId));
  if (!found) throw notFound(`No story version with id ${versionId}`);
  await runTask(db, found.userId, "create-story", async (tx) => {
    const v = await pendingVersion(tx, versionId);
    const rating = by.rating ?? ratingOf(v.rating);
    await applyApproval(tx, v, rating, by.staffId);
    if (by.staffId !== null) {
      const note = (by.note ?? "").trim().slice(0, SAFETY_TEXT_MAX);
      await recordStaffAction(tx, { staffId: by.staffId, action: "review.approve", targetKind: "version", targetId: String(v.id), reason: note, detail: { story_id: v.storyId, rating } });
    }
    await notify(tx, v.userId, "review.approved", `Your story "${v.title}" was approved and is in the catalogue.`, draftLink(v));
  });
  invalidateCatalogue(db);
  return reviewItem(db, versionId);
}

/**
 * Rejects a pending version with a reason the author sees. A story never approved leaves review
 * ("rejected"); one with an approved version live stays live as it was. The audit row and the
 * author's notice commit with the decision. VALIDATION_ERROR for a reason under 3 characters.
 */
export async function rejectVersion(db: Db, versionId: number, by: { staffId: number; reason: string }): Promise<ReviewItem> {
  const reason = by.reason.trim();
  if (reason.length < 3 || reason.length > SAFETY_TEXT_MAX) {
    const message = reason.length < 3 ? "give a reason (at least 3 characters)" : `at most ${SAFETY_TEXT_MAX} characters`;
    throw new ApiError("VALIDATION_ERROR", `Invalid body: reason ${message}`, { fields: [{ path: "reason", message }] });
  }
  await db.transaction(async (tx) => {
    const v = await pendingVersion(tx, versionId);
    await tx.update(storyVersions).set({ state: "rejected", reason, decidedBy: by.staffId, decidedAt: sql`now()` }).where(eq(storyVersions.id, v.id));
    await tx
      .update(stories)
      .set({ reviewState: "rejected" })
      .where(and(eq(stories.id, v.storyId), eq(stories.reviewState, "pending")));
    await recordStaffAction(tx, { staffId: by.staffId, action: "review.reject", targetKind: "version", targetId: String(v.id), reason, detail: { story_id: v.storyId } });
    await notify(tx, v.userId, "review.rejected", `Your story "${v.title}" was not approved: ${reason}`, draftLink(v));
  });
  invalidateCatalogue(db);
  return reviewItem(db, versionId);
}

// Open reports of the "minors" reason against the version's story (on it, a character or a message of it).
const urgentSql = sql<number>`(select count(*)::int from reports r where r.story_id = ${storyVersions.storyId} and r.reason = 'minors' and r.status = 'open')`;
// An earlier approved version of the story is what the catalogue plays now.
const liveSql = sql<boolean>`exists (select 1 from story_versions o join stories s on s.id = o.story_id where o.story_id = ${storyVersions.storyId} and o.state = 'approved' and o.id < ${storyVersions.id} and s.visible)`;

const itemColumns = { v: storyVersions, authorName: users.name, authorEmail: users.email, urgent: urgentSql, live: liveSql };

type ItemRow = { v: VersionRow; authorName: string; authorEmail: string | null; urgent: number; live: boolean };

function toItem(r: ItemRow): ReviewItem {
  const { v } = r;
  return {
    version_id: String(v.id),
    story_id: v.storyId,
    draft_id: String(v.draftId),
    author: { id: v.userId, name: r.authorName, email: r.authorEmail },
    title: v.title,
    hook: v.hook,
    category_id: v.categoryId,
    tags: v.tags,
    characters: v.characters.map((c) => ({ name: c.name, persona: c.persona, greeting: c.greeting })),
    script: v.script,
    rating: ratingOf(v.rating),
    state: v.state === "superseded" ? "superseded" : reviewStateOf(v.state),
    reason: v.reason,
    moderation: (v.moderation as ModerationVerdict | null) ?? null,
    urgent_reports: Number(r.urgent),
    live: Boolean(r.live),
    submitted_at: v.createdAt.toISOString(),
    decided_at: v.decidedAt?.toISOString() ?? null,
  };
}

/** One submitted version as staff review it. */
export async function reviewItem(db: Db, versionId: number): Promise<ReviewItem> {
  const [row] = await db.select(itemColumns).from(storyVersions).innerJoin(users, eq(users.id, storyVersions.userId)).where(eq(storyVersions.id, versionId));
  if (!row) throw notFound(`No story version with id ${versionId}`);
  return toItem(row);
}

/**
 * The pending queue's order is urgent first (open "minors" reports), then oldest first; its cursor
 * is the last item's id and part (2·id, +1 past the urgent part). A story whose urgency changes
 * between two pages may be seen twice or not at all on that pass; the next pass finds it.
 */
function pendingPage(cursor: string | undefined): { where: SQL; order: SQL[] } {
  const urgent = sql`(${urgentSql} > 0)`;
  const base = eq(storyVersions.state, "pending");
  const order = [sql`${urgent} desc`, asc(storyVersions.id)];
  if (!cursor) return { where: base, order };
  const c = Number(cursor);
  const id = Math.floor(c / 2);
  const after = c % 2 === 0 ? sql`((${urgent} and ${storyVersions.id} > ${id}) or not ${urgent})` : sql`(not ${urgent} and ${storyVersions.id} > ${id})`;
  return { where: and(base, after)!, order };
}

/** Versions in one review state, a page at a time: pending urgent-then-oldest first, decided ones newest first. */
export async function listReview(
  db: Db,
  input: { state: "pending" | "approved" | "rejected"; cursor?: string; limit: number },
): Promise<{ items: ReviewItem[]; next_cursor: string | null }> {
  const page =
    input.state === "pending"
      ? pendingPage(input.cursor)
      : {
          where: and(eq(storyVersions.state, input.state), input.cursor ? lt(storyVersions.id, Number(input.cursor)) : undefined)!,
          order: [desc(storyVersions.id)],
        };
  const rows = await db
    .select(itemColumns)
    .from(storyVersions)
    .innerJoin(users, eq(users.id, storyVersions.userId))
    .where(page.where)
    .orderBy(...page.order)
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit).map(toItem);
  const last = rows.length > input.limit ? rows[input.limit - 1]! : null;
  const next = !last ? null : input.state === "pending" ? String(last.v.id * 2 + (Number(last.urgent) > 0 ? 0 : 1)) : String(last.v.id);
  return { items, next_cursor: next };
}

/** How review of each draft's newest submission stands, by draft id (drafts never submitted are absent). */
export async function draftReviews(db: Db | Tx, draftIds: number[]): Promise<Map<number, DraftReview>> {
  const out = new Map<number, DraftReview>();
  if (draftIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([storyVersions.draftId], { v: storyVersions, storyState: stories.reviewState, hiddenAt: stories.hiddenAt })
    .from(storyVersions)
    .leftJoin(stories, eq(stories.id, storyVersions.storyId))
    .where(inArray(storyVersions.draftId, draftIds))
    .orderBy(storyVersions.draftId, desc(storyVersions.id));
  for (const { v, storyState, hiddenAt } of rows) {
    out.set(v.draftId, {
      version_id: String(v.id),
      state: reviewStateOf(v.state),
      reason: v.reason,
      submitted_at: v.createdAt.toISOString(),
      decided_at: v.decidedAt?.toISOString() ?? null,
      live_version_approved: storyState === "approved" && v.state !== "approved",
      hidden: Boolean(hiddenAt),
    });
  }
  return out;
}
