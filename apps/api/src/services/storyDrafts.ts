import { and, count, desc, eq, notInArray, sql } from "drizzle-orm";
import { STORY_LIMITS, type EndpointParsedInput, type ScriptProblem, type StoryDraft, type StoryDraftSummary } from "@storyloom/contract";
import { actors, avatarPath, categories, coverPath, stories, storyDrafts, users, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import type { AuthedUser } from "../auth/session";
import { invalidateCatalogue } from "./publicRead";
import { checkScript, type ScriptReport } from "./scriptCheck";
import { runTask, type TaskOutcome } from "./tasks";

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

function toSummary(row: DraftRow): StoryDraftSummary {
  return {
    id: String(row.id),
    title: row.title,
    hook: row.hook,
    category_id: row.categoryId,
    tags: row.tags,
    rating: row.rating === "mature" ? "mature" : "general",
    status: status(row),
    review: null,
    story_id: row.storyId,
    unpublished_changes: Boolean(row.publishedAt && row.updatedAt > row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

/** The wire form of a draft row. */
export function toDraft(row: DraftRow): StoryDraft {
  return { ...toSummary(row), script: row.script, characters: row.characters };
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

async function requireCategory(db: Db | Tx, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw fieldError("category_id", "is not a category of the catalogue");
}

/** The newest drafts of the caller. */
export async function listDrafts(db: Db, userId: number): Promise<StoryDraftSummary[]> {
  const rows = await db.select().from(storyDrafts).where(eq(storyDrafts.userId, userId)).orderBy(desc(storyDrafts.updatedAt), desc(storyDrafts.id)).limit(STORY_LIMITS.drafts);
  return rows.map(toSummary);
}

/** One of the caller's drafts. */
export async function getDraft(db: Db, userId: number, id: string): Promise<StoryDraft> {
  return toDraft(await ownDraft(db, userId, id));
}

/** Saves a new draft; at most STORY_LIMITS.drafts per person (counted under a lock of the user row). */
export async function createDraft(db: Db, userId: number, fields: Fields): Promise<StoryDraft> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [n] = await tx.select({ n: count() }).from(storyDrafts).where(eq(storyDrafts.userId, userId));
    if (Number(n?.n ?? 0) >= STORY_LIMITS.drafts) throw new ApiError("CONFLICT", `You can keep up to ${STORY_LIMITS.drafts} drafts`);
    await requireCategory(tx, fields.category_id);
    const [row] = await tx
      .insert(storyDrafts)
      .values({ userId, title: fields.title, premise: "", hook: fields.hook, categoryId: fields.category_id, tags: fields.tags, characters: fields.characters, script: fields.script })
      .returning();
    return toDraft(row!);
  });
}

/** Changes the fields sent; the published story stays as it was until the next publish. */
export async function updateDraft(db: Db, userId: number, id: string, changes: Changes): Promise<StoryDraft> {
  return db.transaction(async (tx) => {
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
        // clock_timestamp: later than a publish earlier in the same second, so "changed since" holds.
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(storyDrafts.id, Number(id)))
      .returning();
    return toDraft(row!);
  });
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

/**
 * Publishes a draft: checks its script (compile, walk) on the ink pool, then its required fields on
 * the locked row (which must still hold the checked script), copies it into
 * the catalogue under its stable story id with its characters, and completes today's create-story
 * task in the same transaction (runTask pays once per day, however many publishes race).
 */
export async function publishDraft(db: Db, userId: number, id: string): Promise<PublishResult> {
  let published: DraftRow | undefined;
  // The script is checked on the ink pool before the row is locked; the locked row must still hold it.
  const checked = (await ownDraft(db, userId, id)).script;
  const report = checked.trim() ? await checkScript(checked) : { problems: [], opening: "" };
  const outcome = await runTask(db, userId, "create-story", async (tx) => {
    const row = await ownDraft(tx, userId, id, true);
    if (row.script !== checked) throw new ApiError("CONFLICT", "The script changed while it was being checked; publish again");
    const problems = publishProblems(row, report);
    if (problems.fields.length) {
      const first = problems.fields[0]!;
      throw new ApiError("VALIDATION_ERROR", `Cannot publish yet: ${first.path === "script" ? "" : `${first.path} `}${first.message}`, {
        fields: problems.fields,
        script_problems: problems.script,
      });
    }
    const storyId = row.storyId ?? storyIdFor(row.title, row.id);
    const story = {
      title: row.title,
      hook: row.hook,
      description: row.hook,
      opening: problems.opening,
      categoryId: row.categoryId!,
      tags: row.tags,
      coverUrl: coverPath(storyId),
      script: row.script,
      published: true,
    };
    const [saved] = await tx
      .insert(stories)
      .values({ id: storyId, ...story, authorId: userId })
      .onConflictDoUpdate({ target: stories.id, set: story, setWhere: eq(stories.authorId, userId) })
      .returning({ id: stories.id });
    if (!saved) throw new ApiError("CONFLICT", "That story id is taken; change the title and publish again");
    const cast = row.characters.map((c, i) => {
      const actorId = `${storyId}-c${i + 1}`;
      return { id: actorId, slug: actorId, storyId, name: c.name, tagline: "", persona: c.persona, greeting: c.greeting, avatarUrl: avatarPath(actorId), sort: i };
    });
    await tx.delete(actors).where(and(eq(actors.storyId, storyId), notInArray(actors.id, cast.map((a) => a.id))));
    await tx
      .insert(actors)
      .values(cast)
      .onConflictDoUpdate({
        target: actors.id,
        set: { name: sql`excluded.name`, persona: sql`excluded.persona`, greeting: sql`excluded.greeting`, sort: sql`excluded.sort` },
      });
    [published] = await tx
      .update(storyDrafts)
      .set({ storyId, publishedAt: sql`clock_timestamp()` })
      .where(eq(storyDrafts.id, row.id))
      .returning();
  });
  invalidateCatalogue(db);
  const draft = toDraft(published!);
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
  return toDraft(row);
}
