import { isDeepStrictEqual } from "node:util";
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { FEATURED_MAX, type CatalogueCategory, type CatalogueState, type CatalogueStory, type EndpointData, type EndpointParsedInput, type Rating, type ReviewState } from "@storyloom/contract";
import { categories, rowsOf, stories, storyDrafts, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../../errors";
import { recordStaffAction } from "../audit";
import { invalidateCatalogue } from "../publicRead";
import { lockStory, tellAuthor } from "../staff";

type StoryRow = typeof stories.$inferSelect;
type Change = { action: string; reason: string; detail?: Record<string, unknown> };

const conflict = (message: string) => new ApiError("CONFLICT", message);

/** Where a story stands, as the console filters it: hidden first, then unpublished, then waiting for review. */
const stateOf = sql<CatalogueState>`case when ${stories.hiddenAt} is not null then 'hidden'
  when not ${stories.published} then 'unpublished'
  when ${stories.reviewState} <> 'approved' then 'pending'
  else 'visible' end`;

interface ListedRow {
  id: string;
  title: string;
  hook: string;
  description: string;
  category_id: string;
  tags: string[];
  rating: string;
  state: string;
  published: boolean;
  review_state: string;
  hidden_reason: string | null;
  author_id: unknown;
  author_name: string | null;
  play_count: unknown;
  featured_rank: unknown;
  created_at: unknown;
}

function toStory(r: ListedRow): CatalogueStory {
  const at = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
  return {
    id: r.id,
    title: r.title,
    hook: r.hook,
    description: r.description,
    category_id: r.category_id,
    tags: r.tags,
    rating: r.rating as Rating,
    state: r.state as CatalogueState,
    published: r.published,
    review_state: r.review_state as ReviewState,
    hidden_reason: r.hidden_reason,
    author: r.author_id === null ? null : { id: Number(r.author_id), name: r.author_name ?? "" },
    play_count: Number(r.play_count),
    featured_rank: r.featured_rank === null ? null : Number(r.featured_rank),
    created_at: at.toISOString(),
  };
}

/** Stories matching `where`, in id order, at most `limit`, each with its author. */
async function storiesWhere(db: Db | Tx, where: SQL, limit: number): Promise<CatalogueStory[]> {
  const rows = rowsOf<ListedRow>(
    await db.execute(sql`
      select stories.id, stories.title, stories.hook, stories.description, stories.category_id, stories.tags, stories.rating,
             ${stateOf} as state, stories.published, stories.review_state, stories.hidden_reason, stories.author_id,
             u.name as author_name, stories.play_count, stories.featured_rank, stories.created_at
      from stories left join users u on u.id = stories.author_id
      where ${where}
      order by stories.id
      limit ${limit}`),
  );
  return rows.map(toStory);
}

/** A LIKE pattern matching `q` anywhere, with its wildcards taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of every story (visible or not), filtered by part of a title or id (any case), category, rating and state,
 * in id order (keyset on the id).
 */
export async function catalogueList(db: Db, input: EndpointParsedInput<"adminCatalogueList">): Promise<EndpointData<"adminCatalogueList">> {
  const where: SQL[] = [sql`true`];
  if (input.q) where.push(sql`(${stories.title} ilike ${containing(input.q)} or ${stories.id} ilike ${containing(input.q)})`);
  if (input.category_id) where.push(eq(stories.categoryId, input.category_id));
  if (input.rating) where.push(eq(stories.rating, input.rating));
  if (input.state) where.push(sql`${stateOf} = ${input.state}`);
  if (input.featured) where.push(input.featured === "yes" ? sql`${stories.featuredRank} is not null` : sql`${stories.featuredRank} is null`);
  if (input.cursor) where.push(gt(stories.id, input.cursor));
  const page = await storiesWhere(db, and(...where)!, input.limit + 1);
  const more = page.length > input.limit;
  const list = more ? page.slice(0, input.limit) : page;
  return { stories: list, next_cursor: more ? list[list.length - 1]!.id : null };
}

/**
 * Runs one staff change to a story with its audit row in one transaction, then refreshes the catalogue
 * everywhere. `first` runs before the story's row is locked (a wider lock some changes need).
 */
async function changeStory(
  db: Db,
  staffId: number,
  storyId: string,
  change: (tx: Tx, story: StoryRow) => Promise<Change>,
  first?: (tx: Tx) => Promise<void>,
): Promise<{ story: CatalogueStory }> {
  const story = await db.transaction(async (tx) => {
    await first?.(tx);
    const row = await lockStory(tx, storyId);
    const done = await change(tx, row);
    await recordStaffAction(tx, { staffId, action: done.action, targetKind: "story", targetId: storyId, reason: done.reason, detail: done.detail ?? null });
    const [s] = await storiesWhere(tx, eq(stories.id, storyId), 1);
    return s!;
  });
  invalidateCatalogue(db);
  return { story };
}

/** Staff hide a story: out of the catalogue (it stays published) until staff restore it. */
export function hideStory(db: Db, staffId: number, input: EndpointParsedInput<"adminStoryHide">): Promise<{ story: CatalogueStory }> {
  return changeStory(db, staffId, input.story_id, async (tx, story) => {
    if (story.hiddenAt !== null) throw conflict("The story is already hidden");
    await tx.update(stories).set({ hiddenAt: new Date(), hiddenReason: input.reason }).where(eq(stories.id, story.id));
    await tellAuthor(tx, story, `Staff hid your story “${story.title}”: ${input.reason}`);
    return { action: "story.hide", reason: input.reason };
  });
}

// Every change to the featured stories first takes this transaction-scoped lock, then the story's row:
// concurrent features are serialized, so the cap holds and no two stories share a place (the unique
// index stops any that would). Taking it before any row lock means no cycle with the row locks.
const FEATURED_LOCK = 724313;

/** The featured stories' ids in order (first place first). */
async function featuredIds(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: stories.id }).from(stories).where(sql`${stories.featuredRank} is not null`).orderBy(asc(stories.featuredRank));
  return rows.map((r) => r.id);
}

/**
 * Gives the featured stories the places 1..n of `order`; the others lose theirs. Only rows whose place
 * changes are written: first cleared, then set, so no step ever holds one place twice.
 */
async function placeFeatured(tx: Tx, before: string[], order: string[]): Promise<void> {
  const moved = [...new Set([...before, ...order])].filter((id) => before.indexOf(id) !== order.indexOf(id));
  if (moved.length === 0) return;
  const ids = sql.join(moved.map((id) => sql`${id}`), sql`, `);
  await tx.execute(sql`update stories set featured_rank = null where id in (${ids})`);
  const placed = order.flatMap((id, i) => (moved.includes(id) ? [sql`(${id}, ${i + 1})`] : []));
  if (placed.length) {
    await tx.execute(sql`update stories s set featured_rank = v.rank::int from (values ${sql.join(placed, sql`, `)}) as v(id, rank) where s.id = v.id`);
  }
}

/** {@link changeStory} for the featured stories: the featured lock first, then the story's row. */
function changeFeatured(db: Db, staffId: number, storyId: string, change: (tx: Tx, story: StoryRow, order: string[]) => Promise<Change>): Promise<{ story: CatalogueStory }> {
  return changeStory(db, staffId, storyId, async (tx, story) => change(tx, story, await featuredIds(tx)), async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_LOCK})`);
  });
}

/** `list` with `id` at 1-based `position`, clamped to the list's end (appended without one). */
function placeAt(list: string[], id: string, position: number | undefined): string[] {
  const rest = list.filter((x) => x !== id);
  const at = Math.min((position ?? rest.length + 1) - 1, rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * Staff feature a visible story at the top of the players' popular list: at `position` (default last),
 * at most {@link FEATURED_MAX} at once. With `position`, an already featured story moves there.
 */
export function featureStory(db: Db, staffId: number, input: EndpointParsedInput<"adminCatalogueFeature">): Promise<{ story: CatalogueStory }> {
  return changeFeatured(db, staffId, input.story_id, async (tx, story, before) => {
    const from = before.indexOf(story.id) + 1;
    if (from > 0) {
      if (input.position === undefined) throw conflict(`The story is already featured (at place ${from})`);
      const order = placeAt(before, story.id, input.position);
      const to = order.indexOf(story.id) + 1;
      if (to === from) throw conflict(`The story is already featured at place ${from}`);
      await placeFeatured(tx, before, order);
      return { action: "story.feature", reason: input.reason, detail: { from, to } };
    }
    if (!story.visible) throw conflict("Only a visible story can be featured: this one is hidden, unpublished or waiting for review");
    if (before.length >= FEATURED_MAX) throw conflict(`${FEATURED_MAX} stories are featured already (the most there can be): unfeature one first`);
    const order = placeAt(before, story.id, input.position);
    await placeFeatured(tx, before, order);
    return { action: "story.feature", reason: input.reason, detail: { to: order.indexOf(story.id) + 1 } };
  });
}

/** Staff unfeature a story: the later featured stories move up one place. */
export function unfeatureStory(db: Db, staffId: number, input: EndpointParsedInput<"adminCatalogueUnfeature">): Promise<{ story: CatalogueStory }> {
  return changeFeatured(db, staffId, input.story_id, async (tx, story, before) => {
    const from = before.indexOf(story.id) + 1;
    if (from === 0) throw conflict("The story is already not featured");
    await placeFeatured(tx, before, before.filter((id) => id !== story.id));
    return { action: "story.unfeature", reason: input.reason, detail: { from } };
  });
}

/** Staff move a story to another category; the author's draft follows so a later submission keeps it. */
export function moveStory(db: Db, staffId: number, input: EndpointParsedInput<"adminStoryCategory">): Promise<{ story: CatalogueStory }> {
  return changeStory(db, staffId, input.story_id, async (tx, story) => {
    const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
    if (!cat) throw notFound(`No category with id ${input.category_id}`);
    if (story.categoryId === input.category_id) throw conflict(`The story is already in ${input.category_id}`);
    await tx.update(stories).set({ categoryId: input.category_id }).where(eq(stories.id, story.id));
    await tx.update(storyDrafts).set({ categoryId: input.category_id }).where(eq(storyDrafts.storyId, story.id));
    await tellAuthor(tx, story, `Staff moved your story “${story.title}” to another category: ${input.reason}`);
    return { action: "story.category", reason: input.reason, detail: { from: story.categoryId, to: input.category_id } };
  });
}

/** The metadata fields an edit changes (only those it sends that differ from the row), keyed by field with its old and new value. */
function metadataChanges(story: StoryRow, input: EndpointParsedInput<"adminStoryEdit">): Record<string, { from: unknown; to: unknown }> {
  const sent = { title: input.title, hook: input.hook, description: input.description, tags: input.tags };
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, to] of Object.entries(sent)) {
    const from = story[k as keyof typeof sent];
    if (to !== undefined && !isDeepStrictEqual(from, to)) out[k] = { from, to };
  }
  return out;
}

/**
 * Staff edit a seeded story's title, hook, description or tags. A story written in the story editor
 * is refused: its content stays its author's (staff may hide, unpublish, rate or move it).
 */
export function editStory(db: Db, staffId: number, input: EndpointParsedInput<"adminStoryEdit">): Promise<{ story: CatalogueStory }> {
  return changeStory(db, staffId, input.story_id, async (tx, story) => {
    if (story.authorId !== null) {
      throw new ApiError("FORBIDDEN", "This story was written by a player: its content stays its author's. Hide, unpublish, rate or move it instead.");
    }
    const changes = metadataChanges(story, input);
    if (Object.keys(changes).length === 0) throw conflict("Nothing to change: the story already has these values");
    const set = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to]));
    await tx.update(stories).set(set).where(eq(stories.id, story.id));
    return { action: "story.edit", reason: input.reason, detail: changes };
  });
}

/** Every category in display order, with how many stories (of any state) it holds. */
async function categoryRows(db: Db | Tx): Promise<CatalogueCategory[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      sort: categories.sort,
      story_count: sql<number>`(select count(*)::int from stories s where s.category_id = "categories"."id")`.mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** The categories in display order (for the console's reorder). */
export async function catalogueCategories(db: Db): Promise<EndpointData<"adminCategoryList">> {
  return { categories: await categoryRows(db) };
}

/**
 * Puts the categories in a new display order: the input lists every category once (VALIDATION_ERROR
 * naming what is missing or unknown otherwise); the order and its audit row commit together.
 */
export async function sortCategories(db: Db, staffId: number, input: EndpointParsedInput<"adminCategorySort">): Promise<EndpointData<"adminCategorySort">> {
  const list = await db.transaction(async (tx) => {
    const current = await tx.select({ id: categories.id }).from(categories).orderBy(asc(categories.sort), asc(categories.id)).for("update");
    const before = current.map((c) => c.id);
    const known = new Set(before);
    const unknown = input.order.filter((id) => !known.has(id));
    const missing = before.filter((id) => !input.order.includes(id));
    if (unknown.length || missing.length) {
      const message = unknown.length ? `unknown categories: ${unknown.join(", ")}` : `list every category: missing ${missing.join(", ")}`;
      throw new ApiError("VALIDATION_ERROR", `Invalid body: order ${message}`, { fields: [{ path: "order", message }] });
    }
    if (isDeepStrictEqual(before, input.order)) throw conflict("The categories are already in this order");
    for (const [i, id] of input.order.entries()) await tx.update(categories).set({ sort: (i + 1) * 10 }).where(eq(categories.id, id));
    await recordStaffAction(tx, { staffId, action: "categories.sort", targetKind: "category", targetId: "order", reason: input.reason, detail: { from: before, to: input.order } });
    return categoryRows(tx);
  });
  invalidateCatalogue(db);
  return { categories: list };
}
