import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { StoryDraft, StoryVersion, StoryVersionState, StoryVersionSummary } from "@storyloom/contract";
import { categories, storyDrafts, storyVersions, type Db, type Tx } from "@storyloom/db";
import { notFound } from "../errors";
import { draftReviews, type VersionRow } from "./review";
import { toDraft } from "./storyDrafts";

// The author's side of story versions. The rows are review's (review.ts): every publish freezes one,
// and staff decide on it there. Here the author lists a draft's versions, reads one in full (the
// editor diffs two of them in the browser), and restores one into the draft. A restore writes the
// draft only: the catalogue and the version rows stay as they are until the author publishes again,
// and that publish is a new version reviewed like any other.

const stateOf = (s: string): StoryVersionState => (s === "approved" || s === "rejected" || s === "superseded" ? s : "pending");

function toSummary(v: VersionRow): StoryVersionSummary {
  return {
    id: String(v.id),
    title: v.title,
    state: stateOf(v.state),
    reason: v.reason,
    submitted_at: v.createdAt.toISOString(),
    decided_at: v.decidedAt?.toISOString() ?? null,
  };
}

function toVersion(v: VersionRow): StoryVersion {
  return {
    ...toSummary(v),
    hook: v.hook,
    category_id: v.categoryId,
    tags: v.tags,
    characters: v.characters.map((c) => ({ name: c.name, persona: c.persona, greeting: c.greeting })),
    script: v.script,
    rating: v.rating === "mature" ? "mature" : "general",
    lorebook: v.lorebook,
  };
}

/** The caller's draft's id (locked for the transaction when asked); anyone else's is NOT_FOUND, as in storyDrafts.ts. */
async function ownDraftId(db: Db | Tx, userId: number, draftId: string, lock = false): Promise<number> {
  const q = db
    .select({ id: storyDrafts.id })
    .from(storyDrafts)
    .where(and(eq(storyDrafts.id, Number(draftId)), eq(storyDrafts.userId, userId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound(`No draft with id ${draftId}`);
  return row.id;
}

/** One version of the caller's draft; a version of another draft (or another author's) is NOT_FOUND. */
async function ownVersion(db: Db | Tx, draftId: number, versionId: string): Promise<VersionRow> {
  const [v] = await db
    .select()
    .from(storyVersions)
    .where(and(eq(storyVersions.id, Number(versionId)), eq(storyVersions.draftId, draftId)));
  if (!v) throw notFound(`No version ${versionId} of this draft`);
  return v;
}

/** A page of a draft's versions, newest first; the cursor is the last listed version's id. */
export async function listVersions(
  db: Db,
  userId: number,
  input: { draft_id: string; cursor?: string; limit: number },
): Promise<{ versions: StoryVersionSummary[]; next_cursor: string | null }> {
  const draftId = await ownDraftId(db, userId, input.draft_id);
  const rows = await db
    .select()
    .from(storyVersions)
    .where(and(eq(storyVersions.draftId, draftId), input.cursor ? lt(storyVersions.id, Number(input.cursor)) : undefined))
    .orderBy(desc(storyVersions.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return { versions: page.map(toSummary), next_cursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null };
}

/** One version of the caller's draft, with its script and every field it froze. */
export async function getVersion(db: Db, userId: number, input: { draft_id: string; version_id: string }): Promise<StoryVersion> {
  return toVersion(await ownVersion(db, await ownDraftId(db, userId, input.draft_id), input.version_id));
}

/**
 * Copies a version's script and fields into the caller's draft (under the draft's row lock) and
 * answers the draft. Nothing else changes: the catalogue keeps playing what it played, and the
 * version rows keep their review states. A category the catalogue no longer has is left unset, so
 * the author chooses again before publishing.
 */
export async function restoreVersion(db: Db, userId: number, input: { draft_id: string; version_id: string }): Promise<StoryDraft> {
  const row = await db.transaction(async (tx) => {
    const draftId = await ownDraftId(tx, userId, input.draft_id, true);
    const v = await ownVersion(tx, draftId, input.version_id);
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, v.categoryId));
    const [saved] = await tx
      .update(storyDrafts)
      .set({
        title: v.title,
        hook: v.hook,
        categoryId: category ? v.categoryId : null,
        tags: v.tags,
        characters: v.characters,
        script: v.script,
        rating: v.rating === "mature" ? "mature" : "general",
        lorebook: v.lorebook,
        // clock_timestamp: later than the publish it came from, so the draft reads "changed since".
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(storyDrafts.id, draftId))
      .returning();
    return saved!;
  });
  return toDraft(row, (await draftReviews(db, [row.id])).get(row.id) ?? null);
}
