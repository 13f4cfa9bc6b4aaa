import { and, count, desc, eq, sql } from "drizzle-orm";
import { isRegexKey, STORY_LIMITS, type DraftReview, type LoreEntry, type EndpointParsedInput, type ModerationVerdict, type ScriptProblem, type StoryDraft, type StoryDraftSummary } from "@storyloom/contract";
import { categories, stories, storyDrafts, users, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { loreKeyProblem } from "../llm/lore";
import type { AuthedUser } from "../auth/session";
import { skippedVerdict, type ModerationClient } from "../moderation/client";
import { balanceOf } from "./checkIn";
import { invalidateCatalogue } from "./publicRead";
import { applyApproval, draftReviews, holdForReview, submitVersion } from "./review";
import { checkScript, type ScriptReport } from "./scriptCheck";
import { listTasks, runTask, type TaskOutcome } from "./tasks";

type DraftRow = typeof storyDrafts.$inferSelect;
type Fields = EndpointParsedInput<"storyDraftCreate">;
type Changes = Omit<EndpointParsedInput<"storyDraftUpdate">, "id">;

/** The editor is for people with an account: a guest's stories would have no author to keep them. */
export function requireAuthor(caller: AuthedUser): number {
  if (caller.user.isGuest) throw new ApiError("FORBIDDEN", "Sign in with your e-mail to write stories");
  return caller.user.id;
}

function status(row: DraftRow): StoryDraft["status"] {
  if (row.publishedAt) return "published";
  return row.storyId ? "unpublished" : "draft";
}

function toSummary(row: DraftRow, review: DraftReview | null): StoryDraftSummary {
  return {
    id: String(row.id),
    title: row.title,
    hook: row.hook,
    category_id: row.categoryId,
    tags: row.tags,
    rating: row.rating === "mature" ? "mature" : "general",
    status: status(row),
    review,
    story_id: row.storyId,
    unpublished_changes: Boolean(row.publishedAt && row.updatedAt > row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

/** The wire form of a draft row, with how review of its newest submission stands (null: never submitted). */
export function toDraft(row: DraftRow, review: DraftReview | null = null): StoryDraft {
  return { ...toSummary(row, review), script: row.script, characters: row.characters, lorebook: row.lorebook };
}

/** The wire form of a draft row with its review read from the database. */
async function withReview(db: Db, row: DraftRow): Promise<StoryDraft> {
  return toDraft(row, (await draftReviews(db, [row.id])).get(row.id) ?? null);
}

/** The caller's own draft (locked for the transaction when asked); anyone else's is NOT_FOUND, not FORBIDDEN. */
async function ownDraft(db: Db | Tx, userId: number, id: string, lock = false): Promise<DraftRow> {
  const q = db
    .select()
    .from(storyDrafts)
    .where(and(eq(storyDrafts.id, Number(id)), eq(storyDrafts.userId, userId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound(`No draft with id ${id}`);
  return row;
}

const fieldError = (path: string, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError("VALIDATION_ERROR", `Invalid body: ${path} ${message}`, { fields: [{ path, message }], ...extra });

/**
 * Every pattern key of a lorebook must compile with RE2 (the contract checked the rest): refused
 * with the first bad key's path and RE2's reason, before anything is written.
 */
function requireLorePatterns(lorebook: readonly LoreEntry[] | undefined): void {
  lorebook?.forEach((entry, i) =>
    entry.keys.forEach((key, k) => {
      if (!isRegexKey(key)) return;
      const problem = loreKeyProblem(key);
      if (problem) throw fieldError(`lorebook.${i}.keys.${k}`, `is not a pattern RE2 can run: ${problem}`);
    }),
  );
}

async function requireCategory(db: Db | Tx, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw fieldError("category_id", "is not a category of the catalogue");
}

/** The newest drafts of the caller. */
export async function listDrafts(db: Db, userId: number): Promise<StoryDraftSummary[]> {
  const rows = await db.select().from(storyDrafts).where(eq(storyDrafts.userId, userId)).orderBy(desc(storyDrafts.updatedAt), desc(storyDrafts.id)).limit(STORY_LIMITS.drafts);
  const reviews = await draftReviews(db, rows.map((r) => r.id));
  return rows.map((r) => toSummary(r, reviews.get(r.id) ?? null));
}

/** One of the caller's drafts. */
export async function getDraft(db: Db, userId: number, id: string): Promise<StoryDraft> {
  return withReview(db, await ownDraft(db, userId, id));
}

/**
 * Saves a new draft; at most STORY_LIMITS.drafts per person (counted under a lock of the user row).
 * `alongside` writes what belongs with the new draft (a card import's card) in the same transaction.
 */
export async function createDraft(db: Db, userId: number, fields: Fields, alongside?: (tx: Tx, draftId: number) => Promise<void>): Promise<StoryDraft> {
  requireLorePatterns(fields.lorebook);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [n] = await tx.select({ n: count() }).from(storyDrafts).where(eq(storyDrafts.userId, userId));
    if (Number(n?.n ?? 0) >= STORY_LIMITS.drafts) throw new ApiError("CONFLICT", `You can keep up to ${STORY_LIMITS.drafts} drafts`);
    await requireCategory(tx, fields.category_id);
    const [row] = await tx
      .insert(storyDrafts)
      .values({ userId, title: fields.title, premise: "", hook: fields.hook, categoryId: fields.category_id, tags: fields.tags, characters: fields.characters, script: fields.script, rating: fields.rating, lorebook: fields.lorebook })
      .returning();
    await alongside?.(tx, row!.id);
    return toDraft(row!);
  });
}

/** Changes the fields sent; the published story stays as it was until the next publish. */
export async function updateDraft(db: Db, userId: number, id: string, changes: Changes): Promise<StoryDraft> {
  requireLorePatterns(changes.lorebook);
  const row = await db.transaction(async (tx) => {
    await ownDraft(tx, userId, id, true);
    await requireCategory(tx, changes.category_id);
    const [row] = await tx
      .update(storyDrafts)
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.hook !== undefined ? { hook: changes.hook } : {}),
        ...(changes.category_id !== undefined ? { categoryId: changes.category_id } : {}),
        ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
        ...(changes.characters !== undefined ? { characters: changes.characters } : {}),
        ...(changes.script !== undefined ? { script: changes.script } : {}),
        ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
        ...(changes.lorebook !== undefined ? { lorebook: changes.lorebook } : {}),
        // clock_timestamp: later than a publish earlier in the same second, so "changed since" holds.
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(storyDrafts.id, Number(id)))
      .returning();
    return row!;
  });
  return withReview(db, row);
}

/** A url-safe catalogue id from the title; the draft id keeps it unique (and stable across edits). */
export function storyIdFor(title: string, draftId: number): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return `${slug || "story"}-u${draftId}`;
}

/**
 * Everything a story needs before it can be played by others; the script's problems (from `report`,
 * its check) carry their lines.
 */
function publishProblems(row: DraftRow, report: ScriptReport): { fields: { path: string; message: string }[]; script: ScriptProblem[]; opening: string } {
  const fields: { path: string; message: string }[] = [];
  if (!row.hook) fields.push({ path: "hook", message: "write a one-line hook that makes people want to play" });
  if (!row.categoryId) fields.push({ path: "category_id", message: "choose a category" });
  if (row.characters.length === 0) fields.push({ path: "characters", message: "add at least one character" });
  row.characters.forEach((c, i) => {
    if (!c.greeting) fields.push({ path: `characters.${i}.greeting`, message: `${c.name} needs a greeting` });
  });
  if (!row.script.trim()) return { fields: [...fields, { path: "script", message: "write the story's ink script" }], script: [], opening: "" };
  const script = report.problems;
  for (const p of script) fields.push({ path: "script", message: p.line ? `line ${p.line}: ${p.message}` : p.message });
  return { fields, script, opening: report.opening };
}

/** The answer of a publish: the draft and the create-story task's claim. */
export type PublishResult = TaskOutcome & { draft: StoryDraft; story_id: string };

/** How this API reviews what is published: the mode (see storyReviewMode) and the moderation client, if any. */
export interface PublishReview {
  mode: "manual" | "auto" | "off";
  moderator: ModerationClient | null;
}

/** The caller's id when they may publish; FORBIDDEN when staff barred them from publishing. */
export async function requirePublisher(db: Db | Tx, userId: number): Promise<number> {
  const [u] = await db.select({ banned: users.publishBannedAt }).from(users).where(eq(users.id, userId));
  if (u?.banned) throw new ApiError("FORBIDDEN", "You can no longer publish stories");
  return userId;
}

function refuseProblems(problems: ReturnType<typeof publishProblems>): void {
  if (!problems.fields.length) return;
  const first = problems.fields[0]!;
  throw new ApiError("VALIDATION_ERROR", `Cannot publish yet: ${first.path === "script" ? "" : `${first.path} `}${first.message}`, {
    fields: problems.fields,
    script_problems: problems.script,
  });
}

/** What a submission freezes: a changed fingerprint means the draft was edited while it was being checked. */
const fingerprint = (r: DraftRow) => JSON.stringify([r.title, r.hook, r.categoryId, r.tags, r.characters, r.script, r.rating, r.lorebook]);

/** The moderation verdict a submission stores: none with review off, "skipped" without an endpoint. */
async function moderate(review: PublishReview, row: DraftRow, scriptTexts: string[]): Promise<ModerationVerdict | null> {
  if (review.mode === "off") return null;
  if (!review.moderator) return skippedVerdict();
  const fields = [row.title, row.hook, ...row.characters.flatMap((c) => [c.persona, c.greeting]), ...row.lorebook.map((e) => e.content)];
  return review.moderator.checkStory(fields, scriptTexts);
}

/** The create-story task as it stands, with the balance: what a publish that waits for review answers. */
async function taskNow(db: Db, userId: number): Promise<TaskOutcome> {
  const task = (await listTasks(db, userId)).find((t) => t.id === "create-story")!;
  return { task, reward: 0, coins: await balanceOf(db, userId) };
}

/**
 * Publishes a draft: checks its script (compile, walk) on the ink pool and its required fields, has
 * the moderation endpoint read it (unless review is off), then, on the locked row (which must still
 * hold what was checked), stores the submission as a story version. With review off, or in auto mode
 * when moderation found it clean, the version is approved at once: copied into the catalogue, and
 * today's create-story task completed in the same transaction (runTask pays once per day, however
 * many publishes race). Otherwise it waits for staff (see review.ts) and answers reward 0.
 */
export async function publishDraft(db: Db, userId: number, id: string, review: PublishReview): Promise<PublishResult> {
  await requirePublisher(db, userId);
  const checked = await ownDraft(db, userId, id);
  const report: ScriptReport = checked.script.trim() ? await checkScript(checked.script) : { problems: [], opening: "", texts: [] };
  refuseProblems(publishProblems(checked, report));
  const verdict = await moderate(review, checked, report.texts);
  const approveNow = review.mode === "off" || (review.mode === "auto" && verdict?.status === "clean");
  let published: DraftRow | undefined;
  const submit = async (tx: Tx) => {
    await requirePublisher(tx, userId);
    const row = await ownDraft(tx, userId, id, true);
    if (fingerprint(row) !== fingerprint(checked)) throw new ApiError("CONFLICT", "The draft changed while it was being checked; publish again");
    const storyId = row.storyId ?? storyIdFor(row.title, row.id);
    const version = await submitVersion(tx, { ...row, storyId, categoryId: row.categoryId! }, report.opening, verdict);
    if (approveNow) await applyApproval(tx, version, version.rating === "mature" ? "mature" : "general", null, true);
    else await holdForReview(tx, version);
    [published] = await tx
      .update(storyDrafts)
      .set({ storyId, publishedAt: sql`clock_timestamp()` })
      .where(eq(storyDrafts.id, row.id))
      .returning();
  };
  let outcome: TaskOutcome;
  if (approveNow) outcome = await runTask(db, userId, "create-story", submit);
  else {
    await db.transaction(submit);
    outcome = await taskNow(db, userId);
  }
  invalidateCatalogue(db);
  const draft = await withReview(db, published!);
  return { ...outcome, draft, story_id: draft.story_id! };
}

/** Takes a published story out of the catalogue (its id is kept for a later publish); a repeat changes nothing. */
export async function unpublishDraft(db: Db, userId: number, id: string): Promise<StoryDraft> {
  const row = await db.transaction(async (tx) => {
    const draft = await ownDraft(tx, userId, id, true);
    if (!draft.storyId || !draft.publishedAt) return draft;
    await tx.update(stories).set({ published: false }).where(and(eq(stories.id, draft.storyId), eq(stories.authorId, userId)));
    const [r] = await tx.update(storyDrafts).set({ publishedAt: null }).where(eq(storyDrafts.id, draft.id)).returning();
    return r!;
  });
  invalidateCatalogue(db);
  return withReview(db, row);
}
