import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Actor, Category, EndpointParsedInput, StoryDetail, StorySummary } from "@storyloom/contract";
import { actors, categories, executePrepared, rowsOf, stories, users, type Db, type Tx } from "@storyloom/db";
import type { AuthedUser } from "../auth/session";
import { ApiError, notFound } from "../errors";
import { absolute, TtlCache } from "./publicRead";

type StoryRow = typeof stories.$inferSelect;
type ListInput = EndpointParsedInput<"storyList">;
type Sort = ListInput["sort"];

/**
 * Who a catalogue answer is for: "guest" (no caller, a guest account, or a signed-in player who has
 * not confirmed in settings that they are 18 or older) sees general stories only; "adult" (signed in
 * and confirmed) sees mature ones too. Every catalogue cache is keyed by it, so what one audience may
 * see never reaches the other from a cache.
 */
export type Audience = "guest" | "adult";

/** The audience of a caller (null: no caller). */
export function audienceOf(user: AuthedUser | null): Audience {
  return user && !user.user.isGuest && user.user.adultConfirmedAt !== null ? "adult" : "guest";
}

/** What a mature story tells a caller who may not see it (the site reads `age_gate` to say why). */
export const AGE_GATE_MESSAGE = "This story is for adults. Sign in and confirm you are 18 or older in settings to play it.";

/** 403 FORBIDDEN with `{ age_gate: true }`: a mature story for a caller who has not confirmed their age. */
export const ageGate = () => new ApiError("FORBIDDEN", AGE_GATE_MESSAGE, { age_gate: true });

/** What decides who may open a story: whether the catalogue shows it, its rating and its author. */
export interface StoryGate {
  visible: boolean;
  rating: string;
  authorId: number | null;
}

/** Who opens a story: their id, and whether they are a signed-in player who confirmed their age. */
export interface Viewer {
  id: number;
  adult: boolean;
}

/**
 * Why `viewer` (null: nobody signed in) may not open a story, or null when they may. Its author may
 * always; anyone else only a story of the catalogue (visible: published, approved, not hidden), and a
 * mature one only as a confirmed adult. A story the caller may not know of is NOT_FOUND; a mature one
 * the age gate (FORBIDDEN), so the site can say why.
 */
export function refusal(gate: StoryGate | null | undefined, viewer: Viewer | null, storyId: string): ApiError | null {
  if (!gate) return notFound(`No story with id ${storyId}`);
  if (viewer && gate.authorId === viewer.id) return null;
  if (!gate.visible) return notFound(`No story with id ${storyId}`);
  if (gate.rating === "mature" && !viewer?.adult) return ageGate();
  return null;
}

/** Whether the public may see a story from a cache shared by everyone (visible and general). */
export const everyoneMaySee = (gate: StoryGate) => gate.visible && gate.rating === "general";

/**
 * Fails unless the user `viewerId` (null: nobody) may open the story (see {@link refusal}); one
 * statement reads the story's gate and whether the user confirmed their age. Returns the story's title.
 */
export async function requireViewable(db: Db | Tx, storyId: string, viewerId: number | null): Promise<{ title: string }> {
  const [row] = rowsOf<{ title: string; visible: boolean; rating: string; author_id: number | null; adult: boolean }>(
    await db.execute(sql`select s.title, s.visible, s.rating, s.author_id,
        coalesce(not u.is_guest and u.adult_confirmed_at is not null, false) as adult
      from stories s left join users u on u.id = ${viewerId}
      where s.id = ${storyId}`),
  );
  const gate = row ? { visible: Boolean(row.visible), rating: row.rating, authorId: row.author_id === null ? null : Number(row.author_id) } : null;
  const refused = refusal(gate, viewerId === null ? null : { id: viewerId, adult: Boolean(row?.adult) }, storyId);
  if (refused) throw refused;
  return { title: row!.title };
}

/** The condition on `stories` of what an audience's catalogue holds: visible, and general unless adult. */
export function shownTo(audience: Audience): SQL {
  return audience === "adult" ? sql`${stories.visible}` : sql`${stories.visible} and ${stories.rating} = 'general'`;
}

// Every sort is keyset-paginated on an integer key plus the id (ties), so a page never repeats or
// skips a story that did not change. "new" uses epoch milliseconds so the key survives a round trip
// through the cursor exactly. Each key has an index over the visible stories in this order
// (migrations 0008, 0009), which is why "new" goes through story_created_ms (immutable, so indexable).
const sortKey: Record<Sort, SQL<number>> = {
  popular: sql<number>`${stories.playCount}`,
  trending: sql<number>`${stories.trendingScore}`,
  new: sql<number>`story_created_ms(${stories.createdAt})`,
};

/** The highest play count or trending score (an int): a popular cursor with a higher key is among the featured stories. */
const INT_MAX = 2 ** 31 - 1;

const CursorData = z.tuple([z.enum(["popular", "trending", "new"]), z.number().int(), z.string().min(1).max(80)]);

/** Encodes a position in a list as an opaque url-safe cursor. */
export function encodeCursor(sort: Sort, key: number, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString("base64url");
}

/**
 * Decodes a cursor; anything not made by encodeCursor for this sort is a 400, and so is a key past
 * `maxKey` (the highest key the list can hold: an int column's keys must stay ints in the query).
 */
export function decodeCursor(cursor: string, sort: Sort, maxKey = sort === "new" ? Number.MAX_SAFE_INTEGER : INT_MAX): { key: number; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const r = CursorData.safeParse(parsed);
  if (!r.success || r.data[0] !== sort || Math.abs(r.data[1]) > maxKey) {
    throw new ApiError("VALIDATION_ERROR", "Invalid body: cursor malformed cursor", { fields: [{ path: "cursor", message: "malformed cursor" }] });
  }
  return { key: r.data[1], id: r.data[2] };
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The summaries of some story rows, with their characters, in the rows' order. */
export async function summaries(db: Db | Tx, rows: StoryRow[]): Promise<StorySummary[]> {
  if (rows.length === 0) return [];
  const cast = await db
    .select({ id: actors.id, slug: actors.slug, name: actors.name, avatar_url: actors.avatarUrl, storyId: actors.storyId })
    .from(actors)
    .where(inArray(actors.storyId, rows.map((r) => r.id)))
    .orderBy(asc(actors.sort), asc(actors.id));
  // Stories written in the editor carry their author's current display name.
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])))];
  const authors = authorIds.length
    ? new Map((await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))).map((u) => [u.id, u.name]))
    : null;
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    hook: s.hook,
    cover_url: s.coverUrl,
    category_id: s.categoryId,
    tags: s.tags,
    play_count: s.playCount,
    like_count: s.likeCount,
    actors: cast.filter((a) => a.storyId === s.id).map(({ id, slug, name, avatar_url }) => ({ id, slug, name, avatar_url })),
    created_at: s.createdAt.toISOString(),
    ...(s.authorId !== null && authors ? { author_name: authors.get(s.authorId) ?? "" } : {}),
    rating: s.rating === "mature" ? "mature" : "general",
    featured: s.featuredRank !== null,
  }));
}

// A story's summary as JSON built by the database, characters and author name included, so a read is
// one statement (one round trip) whatever the page holds. Dates are written as toISOString does.
const summaryJson = (s: SQL) => sql`json_build_object(
  'id', ${s}.id, 'title', ${s}.title, 'hook', ${s}.hook, 'cover_url', ${s}.cover_url, 'category_id', ${s}.category_id,
  'tags', ${s}.tags, 'play_count', ${s}.play_count, 'like_count', ${s}.like_count,
  'actors', coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name, 'avatar_url', a.avatar_url) order by a.sort, a.id)
    from actors a where a.story_id = ${s}.id), '[]'::json),
  'created_at', to_char(${s}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'author_name', case when ${s}.author_id is null then null else coalesce((select u.name from users u where u.id = ${s}.author_id), '') end,
  'rating', ${s}.rating, 'featured', ${s}.featured_rank is not null)`;

/** An art URL made absolute in SQL, as {@link absolute} does: `base` before a path; an http(s) URL passes through. */
const absoluteUrlSql = (url: SQL, base: string) =>
  sql`case when left(${url}, 1) = '/' then ${base} || ${url} when ${url} ~* '^https?://' then ${url} else ${base} || '/' || ${url} end`;

/**
 * A page's story summary as compact JSON text written by the database, art URLs made absolute for
 * `base`: the page's answer is these texts joined, with no parse, copy or serialization in the API
 * (row_to_json writes no spaces, unlike json_build_object). The fields are those of {@link summaryJson}
 * in its order; `author_name` is null for the authored catalogue, where the wire has no field
 * ({@link dropNullAuthor}).
 */
function summaryText(s: SQL, base: string): SQL {
  return sql`(select row_to_json(r)::text from (select ${s}.id, ${s}.title, ${s}.hook, ${absoluteUrlSql(sql`${s}.cover_url`, base)} as cover_url,
    ${s}.category_id, ${s}.tags, ${s}.play_count, ${s}.like_count,
    coalesce((select array_to_json(array_agg(c.j order by c.sort, c.id)) from (select a.sort, a.id,
        row_to_json((select r from (select a.id, a.slug, a.name, ${absoluteUrlSql(sql`a.avatar_url`, base)} as avatar_url) r)) as j
      from actors a where a.story_id = ${s}.id) c), '[]'::json) as actors,
    to_char(${s}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    case when ${s}.author_id is null then null else coalesce((select u.name from users u where u.id = ${s}.author_id), '') end as author_name,
    ${s}.rating, ${s}.featured_rank is not null as featured) r)`;
}

/**
 * A {@link summaryText} without its null `author_name`. The key's text is exact: row_to_json writes
 * it so, and a quote inside a string value is always escaped, so no value can hold it.
 */
const dropNullAuthor = (summary: string) => summary.replace(',"author_name":null,', ",");

/** A summary built by {@link summaryJson}: `author_name` is null for the authored catalogue, where the wire has no field. */
function toSummary(built: StorySummary & { author_name?: string | null }): StorySummary {
  if (built.author_name === null) delete built.author_name;
  return built;
}

// The popular list without a search or a category starts with the featured stories in their order, then
// the others by plays. One keyset covers both: a featured story's key is FEATURED_KEY minus its place,
// above any play count (an int), so the cursor of a page ending among the featured stories resumes there,
// and a later page (a key of a play count) reads the popular index alone, skipping the featured ones.
const FEATURED_KEY = 2 ** 32;
const featuredKey = sql<number>`(${sql.raw(String(FEATURED_KEY))} - ${stories.featuredRank})::bigint`;

/** Whether a list starts with the featured stories: the popular sort, neither searched nor filtered. */
const withFeatured = (input: ListInput) => input.sort === "popular" && !input.q && !input.category_id;

/** The columns a page's summaries are built from, with the sort key `key`. */
const pageColumns = (key: SQL) => sql`${stories.id}, ${stories.title}, ${stories.hook}, ${stories.coverUrl}, ${stories.categoryId}, ${stories.tags},
  ${stories.playCount}, ${stories.likeCount}, ${stories.createdAt}, ${stories.authorId}, ${stories.rating}, ${stories.featuredRank}, ${key} as key`;

/**
 * The keyset condition: after the cursor's (key, id) in the order key desc, id. The redundant `key <=`
 * is what the sort's index can start from (PostgreSQL reads an `or` only as a filter: without it a deep
 * page scanned every row before the cursor, ~100 ms at 100k stories; with it, ~0.2 ms).
 */
const after = (key: SQL, c: { key: number; id: string }) => sql`${key} <= ${c.key} and (${key} < ${c.key} or (${key} = ${c.key} and ${stories.id} > ${c.id}))`;

/**
 * The rows of the popular list with the featured stories first (see FEATURED_KEY): the featured ones
 * (left out once the cursor is past them) followed by the others, each read through its own index.
 */
function featuredFirst(audience: Audience, input: ListInput): SQL {
  const c = input.cursor ? decodeCursor(input.cursor, input.sort, FEATURED_KEY) : null;
  const pastFeatured = c !== null && c.key <= INT_MAX;
  const others = sql`(select ${pageColumns(sql`${stories.playCount}::bigint`)} from ${stories}
    where ${shownTo(audience)} and ${stories.featuredRank} is null${pastFeatured ? sql` and ${after(sql`${stories.playCount}`, c)}` : sql``}
    order by ${stories.playCount} desc, ${stories.id} limit ${input.limit + 1})`;
  if (pastFeatured) return others;
  return sql`(select ${pageColumns(featuredKey)} from ${stories}
    where ${shownTo(audience)} and ${stories.featuredRank} is not null${c ? sql` and ${after(featuredKey, c)}` : sql``}
    order by ${stories.featuredRank} limit ${input.limit + 1}) union all ${others}`;
}

/** One page of a story list as JSON text: `stories` is the JSON array of the page's summaries (absolute URLs). */
export interface StoryPageText {
  stories: string;
  next_cursor: string | null;
}

/**
 * One page of an audience's catalogue (visible stories; mature ones for adults only), filtered and
 * sorted as asked, with art URLs made absolute for `base`.
 */
export async function listStories(db: Db, audience: Audience, input: ListInput, base: string): Promise<StoryPageText> {
  if (withFeatured(input)) return readPage(db, input, base, featuredFirst(audience, input));
  const key = sortKey[input.sort];
  const where: SQL[] = [shownTo(audience)];
  if (input.category_id) where.push(sql`${stories.categoryId} = ${input.category_id}`);
  if (input.q) {
    const p = likePattern(input.q);
    // search_text is the three fields joined by line breaks, lower-cased (trigram-indexed where pg_trgm
    // is installed): LIKE on it with the pattern lower-cased the same way is what ILIKE does, without
    // lower-casing every row read. Only a term with a line break in it could match across two fields:
    // the fields decide then.
    where.push(sql`${stories.searchText} like lower(${p})`);
    if (input.q.includes("\n")) where.push(sql`(${stories.title} ilike ${p} or ${stories.hook} ilike ${p} or array_to_string(${stories.tags}, ' ') ilike ${p})`);
  }
  if (input.cursor) {
    const c = decodeCursor(input.cursor, input.sort);
    where.push(after(key, c));
  }
  return readPage(db, input, base, sql`select ${pageColumns(key)} from ${stories} where ${sql.join(where, sql` and `)}
    order by key desc, ${stories.id} limit ${input.limit + 1}`);
}

/** The page of `rows` (the page's rows in key order, up to one more than the page): its summaries and the next cursor. */
async function readPage(db: Db, input: ListInput, base: string, rows: SQL): Promise<StoryPageText> {
  // The page is chosen first (sort, limit), and only its rows are turned into summaries.
  const query = sql`select p.key::text as key, p.id, ${summaryText(sql`p`, base)} as summary
    from (select * from (${rows}) r order by r.key desc, r.id limit ${input.limit + 1}) p
    order by p.key desc, p.id`;
  // The text depends only on which filters are set, so each shape runs as one prepared statement,
  // except a search: how often the term occurs decides the plan (the sort's index or the trigram
  // index), and a prepared statement's generic plan would choose once for every term.
  const found = rowsOf<{ key: string; id: string; summary: string }>(input.q ? await db.execute(query) : await executePrepared(db, query));
  const page = found.slice(0, input.limit);
  const last = page[page.length - 1];
  const more = found.length > input.limit && last;
  return {
    stories: `[${page.map((r) => dropNullAuthor(r.summary)).join(",")}]`,
    next_cursor: more ? encodeCursor(input.sort, Number(last.key), last.id) : null,
  };
}

const categoryCache = new TtlCache<Category[]>(30_000, 4, "catalogue");
/** The categories in display order with how many stories the audience sees in each (cached 30 s per audience). */
export function listCategories(db: Db, audience: Audience): Promise<Category[]> {
  return categoryCache.get(db, audience, async () => {
    const rows = await db
      .select({
        id: categories.id,
        name: categories.name,
        description: categories.description,
        story_count: sql<number>`(select count(*)::int from stories s where s.category_id = "categories"."id" and s.visible
          and (s.rating = 'general' or ${audience === "adult"}))`,
      })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id));
    return rows.map((r) => ({ ...r, story_count: Number(r.story_count) }));
  });
}

/** A story's detail without the caller's flags. */
export type PublicStory = Omit<StoryDetail, "liked" | "subscribed">;

/**
 * What a shared (per-audience) cache keeps of a story or character: the answer (`ok`), or why the
 * audience is refused ("age-gate": mature; "absent": not in the catalogue, or no such id) with the
 * story's author, the one caller who is then read a fresh answer. Nothing of a refused story is kept.
 */
type Shared<T> = { ok: T } | { refused: "age-gate" | "absent"; author: number | null };

/** Found for its author alone (not in the catalogue, or mature before their own confirmation): never cached, never public. */
export interface Own {
  own: boolean;
}

/** A story row as the shared caches judge it. */
interface Judged {
  visible: boolean;
  rating: string;
  authorId: number | null;
}

// One statement: the summary, the texts, the full cast and who may see it; `where` picks the row (`s`).
async function loadStory(db: Db, where: SQL): Promise<({ story: PublicStory } & Judged) | null> {
  const [row] = rowsOf<{ summary: StorySummary; description: string; opening: string; cast: Actor[]; rating: string; visible: boolean; author_id: number | null }>(
    await executePrepared(
      db,
      sql`select ${summaryJson(sql`s`)} as summary, s.description, s.opening, s.rating, s.visible, s.author_id,
          coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'story_id', a.story_id, 'name', a.name, 'tagline', a.tagline,
              'persona', a.persona, 'greeting', a.greeting, 'avatar_url', a.avatar_url) order by a.sort, a.id)
            from actors a where a.story_id = s.id), '[]'::json) as cast
        from stories s where ${where}`,
    ),
  );
  if (!row) return null;
  const story = { ...toSummary(row.summary), description: row.description, opening: row.opening, actors_full: row.cast };
  return { story, rating: row.rating, visible: Boolean(row.visible), authorId: row.author_id === null ? null : Number(row.author_id) };
}

/** What a shared cache keeps of a row for `audience` (see {@link Shared}). */
function share<T>(found: Judged | null, audience: Audience, value: () => T): Shared<T> {
  if (!found || !found.visible) return { refused: "absent", author: found?.authorId ?? null };
  if (found.rating === "mature" && audience !== "adult") return { refused: "age-gate", author: found.authorId };
  return { ok: value() };
}

/** The registered caller, when there is one: only they can be an author. */
const authorOf = (viewer: AuthedUser | null) => (viewer && !viewer.user.isGuest ? viewer.user.id : null);

const storyCache = new TtlCache<Shared<PublicStory>>(5_000, 500, "catalogue");
/**
 * A story with its full cast: from the audience's catalogue (cached 5 s per audience), or, for its
 * author alone, whatever its state (read fresh; `own`). NOT_FOUND when the caller may not know of it;
 * the age gate (FORBIDDEN) for a mature story the caller may not see.
 */
export async function getStory(db: Db, audience: Audience, id: string, viewer: AuthedUser | null): Promise<PublicStory & Own> {
  const shared = await storyCache.get(db, `${audience}:${id}`, async () => {
    const found = await loadStory(db, sql`s.id = ${id}`);
    return share(found, audience, () => found!.story);
  });
  if ("ok" in shared) return { ...shared.ok, own: false };
  const author = authorOf(viewer);
  if (author !== null && author === shared.author) {
    const mine = await loadStory(db, sql`s.id = ${id} and s.author_id = ${author}`);
    if (mine) return { ...mine.story, own: true };
  }
  throw shared.refused === "age-gate" ? ageGate() : notFound(`No story with id ${id}`);
}

/** The wire form of a character row. */
export function toActor(a: typeof actors.$inferSelect): Actor {
  return { id: a.id, slug: a.slug, story_id: a.storyId, name: a.name, tagline: a.tagline, persona: a.persona, greeting: a.greeting, avatar_url: a.avatarUrl };
}

type FoundCharacter = { actor: Actor; story: StorySummary };

// A character by slug with its story's summary and who may see it, among the stories `which` picks.
async function loadCharacter(db: Db, slug: string, which?: SQL): Promise<(FoundCharacter & Judged) | null> {
  const [row] = await db
    .select({ actor: actors, story: stories })
    .from(actors)
    .innerJoin(stories, eq(stories.id, actors.storyId))
    .where(and(eq(actors.slug, slug), which));
  if (!row) return null;
  const [story] = await summaries(db, [row.story]);
  return { actor: toActor(row.actor), story: story!, visible: row.story.visible, rating: row.story.rating, authorId: row.story.authorId };
}

const characterCache = new TtlCache<Shared<FoundCharacter>>(5_000, 500, "catalogue");
/**
 * A character by slug with the story it belongs to: as {@link getStory} decides for that story
 * (cached 5 s per audience; its author's own read fresh). NOT_FOUND or the age gate otherwise.
 */
export async function getCharacter(db: Db, audience: Audience, slug: string, viewer: AuthedUser | null): Promise<FoundCharacter & Own> {
  const shared = await characterCache.get(db, `${audience}:${slug}`, async () => {
    const found = await loadCharacter(db, slug);
    return share(found, audience, () => ({ actor: found!.actor, story: found!.story }));
  });
  if ("ok" in shared) return { ...shared.ok, own: false };
  const author = authorOf(viewer);
  if (author !== null && author === shared.author) {
    const mine = await loadCharacter(db, slug, eq(stories.authorId, author));
    if (mine) return { actor: mine.actor, story: mine.story, own: true };
  }
  throw shared.refused === "age-gate" ? ageGate() : notFound(`No character with slug ${slug}`);
}

/** A summary with absolute art URLs. */
export function absoluteSummary<T extends StorySummary>(base: string, s: T): T {
  return { ...s, cover_url: absolute(base, s.cover_url), actors: s.actors.map((a) => ({ ...a, avatar_url: absolute(base, a.avatar_url) })) };
}

/** A character with an absolute avatar URL. */
export function absoluteActor(base: string, a: Actor): Actor {
  return { ...a, avatar_url: absolute(base, a.avatar_url) };
}
