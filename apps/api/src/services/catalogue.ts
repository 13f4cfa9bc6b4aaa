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
 * Who a catalogue answer is for: a visitor or guest account, or a signed-in (registered) player, whom
 * the terms hold to be an adult. Every catalogue cache is keyed by it, so what one audience may see
 * never reaches the other from a cache.
 */
export type Audience = "guest" | "adult";

/** The audience of a caller (null: no caller). */
export function audienceOf(user: AuthedUser | null): Audience {
  return user && !user.user.isGuest ? "adult" : "guest";
}

/** A story page as cached: the same for every caller of one audience, with URLs still relative. */
export interface StoryPage {
  stories: StorySummary[];
  next_cursor: string | null;
}

// Every sort is keyset-paginated on an integer key plus the id (ties), so a page never repeats or
// skips a story that did not change. "new" uses epoch milliseconds so the key survives a round trip
// through the cursor exactly. Each key has an index over the published stories in this order
// (migration 0008), which is why "new" goes through story_created_ms (immutable, so indexable).
const sortKey: Record<Sort, SQL<number>> = {
  popular: sql<number>`${stories.playCount}`,
  trending: sql<number>`${stories.trendingScore}`,
  new: sql<number>`story_created_ms(${stories.createdAt})`,
};

const CursorData = z.tuple([z.enum(["popular", "trending", "new"]), z.number().int(), z.string().min(1).max(80)]);

/** Encodes a position in a list as an opaque url-safe cursor. */
export function encodeCursor(sort: Sort, key: number, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString("base64url");
}

/** Decodes a cursor; anything not made by encodeCursor for this sort is a 400. */
export function decodeCursor(cursor: string, sort: Sort): { key: number; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const r = CursorData.safeParse(parsed);
  if (!r.success || r.data[0] !== sort) {
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
  'author_name', case when ${s}.author_id is null then null else coalesce((select u.name from users u where u.id = ${s}.author_id), '') end)`;

/** A summary built by {@link summaryJson}: `author_name` is null for the authored catalogue, where the wire has no field. */
function toSummary(built: StorySummary & { author_name?: string | null }): StorySummary {
  if (built.author_name === null) delete built.author_name;
  return built;
}

/** One page of the published catalogue, filtered and sorted as asked. */
export async function listStories(db: Db, input: ListInput): Promise<StoryPage> {
  const key = sortKey[input.sort];
  const where: SQL[] = [sql`${stories.published}`];
  if (input.category_id) where.push(sql`${stories.categoryId} = ${input.category_id}`);
  if (input.q) {
    const p = likePattern(input.q);
    // story_search_text is the three fields joined by line breaks (trigram-indexed where pg_trgm is
    // installed). Only a term with a line break in it could match across two fields: the fields decide then.
    where.push(sql`story_search_text(${stories.title}, ${stories.hook}, ${stories.tags}) ilike ${p}`);
    if (input.q.includes("\n")) where.push(sql`(${stories.title} ilike ${p} or ${stories.hook} ilike ${p} or array_to_string(${stories.tags}, ' ') ilike ${p})`);
  }
  if (input.cursor) {
    const c = decodeCursor(input.cursor, input.sort);
    where.push(sql`(${key} < ${c.key} or (${key} = ${c.key} and ${stories.id} > ${c.id}))`);
  }
  // The page is chosen first (sort, limit), and only its rows are turned into summaries.
  const query = sql`select p.key::text as key, p.id, ${summaryJson(sql`p`)} as summary
    from (select ${stories.id}, ${stories.title}, ${stories.hook}, ${stories.coverUrl}, ${stories.categoryId}, ${stories.tags},
            ${stories.playCount}, ${stories.likeCount}, ${stories.createdAt}, ${stories.authorId}, ${key} as key
          from ${stories} where ${sql.join(where, sql` and `)}
          order by key desc, ${stories.id} limit ${input.limit + 1}) p
    order by p.key desc, p.id`;
  // The text depends only on which filters are set, so each shape runs as one prepared statement,
  // except a search: how often the term occurs decides the plan (the sort's index or the trigram
  // index), and a prepared statement's generic plan would choose once for every term.
  const rows = rowsOf<{ key: string; id: string; summary: StorySummary }>(input.q ? await db.execute(query) : await executePrepared(db, query));
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  const more = rows.length > input.limit && last;
  return {
    stories: page.map((r) => toSummary(r.summary)),
    next_cursor: more ? encodeCursor(input.sort, Number(last.key), last.id) : null,
  };
}

const listCache = new TtlCache<StoryPage>(5_000, 500, "catalogue");
/** listStories through the shared short-lived cache (identical queries of one audience within 5 s hit the database once). */
export function cachedStoryPage(db: Db, audience: Audience, input: ListInput): Promise<StoryPage> {
  const k = JSON.stringify([audience, input.category_id ?? "", input.q ?? "", input.sort, input.cursor ?? "", input.limit]);
  return listCache.get(db, k, () => listStories(db, input));
}

const categoryCache = new TtlCache<Category[]>(30_000, 4, "catalogue");
/** The categories in display order with their published story counts (cached 30 s per audience). */
export function listCategories(db: Db, audience: Audience): Promise<Category[]> {
  return categoryCache.get(db, audience, async () => {
    const rows = await db
      .select({
        id: categories.id,
        name: categories.name,
        description: categories.description,
        story_count: sql<number>`(select count(*)::int from stories s where s.category_id = "categories"."id" and s.published)`,
      })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id));
    return rows.map((r) => ({ ...r, story_count: Number(r.story_count) }));
  });
}

/** A story's detail without the caller's flags. */
export type PublicStory = Omit<StoryDetail, "liked" | "subscribed">;

// One statement: the summary, the texts and the full cast.
async function loadStory(db: Db, id: string): Promise<PublicStory | null> {
  const [row] = rowsOf<{ summary: StorySummary; description: string; opening: string; cast: Actor[] }>(
    await executePrepared(
      db,
      sql`select ${summaryJson(sql`s`)} as summary, s.description, s.opening,
          coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'story_id', a.story_id, 'name', a.name, 'tagline', a.tagline,
              'persona', a.persona, 'greeting', a.greeting, 'avatar_url', a.avatar_url) order by a.sort, a.id)
            from actors a where a.story_id = s.id), '[]'::json) as cast
        from stories s where s.id = ${id} and s.published`,
    ),
  );
  if (!row) return null;
  return { ...toSummary(row.summary), description: row.description, opening: row.opening, actors_full: row.cast };
}

const storyCache = new TtlCache<PublicStory | null>(5_000, 500, "catalogue");
/** A published story with its full cast (cached 5 s per audience); NOT_FOUND when there is none. */
export async function getStory(db: Db, audience: Audience, id: string): Promise<PublicStory> {
  const story = await storyCache.get(db, `${audience}:${id}`, () => loadStory(db, id));
  if (!story) throw notFound(`No story with id ${id}`);
  return story;
}

/** The wire form of a character row. */
export function toActor(a: typeof actors.$inferSelect): Actor {
  return { id: a.id, slug: a.slug, story_id: a.storyId, name: a.name, tagline: a.tagline, persona: a.persona, greeting: a.greeting, avatar_url: a.avatarUrl };
}

const characterCache = new TtlCache<{ actor: Actor; story: StorySummary } | null>(5_000, 500, "catalogue");
/** A character by slug with the story it belongs to (cached 5 s per audience); NOT_FOUND when there is none. */
export async function getCharacter(db: Db, audience: Audience, slug: string): Promise<{ actor: Actor; story: StorySummary }> {
  const found = await characterCache.get(db, `${audience}:${slug}`, async () => {
    const [row] = await db
      .select({ actor: actors, story: stories })
      .from(actors)
      .innerJoin(stories, eq(stories.id, actors.storyId))
      .where(and(eq(actors.slug, slug), eq(stories.published, true)));
    if (!row) return null;
    const [story] = await summaries(db, [row.story]);
    return { actor: toActor(row.actor), story: story! };
  });
  if (!found) throw notFound(`No character with slug ${slug}`);
  return found;
}

/** A summary with absolute art URLs. */
export function absoluteSummary<T extends StorySummary>(base: string, s: T): T {
  return { ...s, cover_url: absolute(base, s.cover_url), actors: s.actors.map((a) => ({ ...a, avatar_url: absolute(base, a.avatar_url) })) };
}

/** A character with an absolute avatar URL. */
export function absoluteActor(base: string, a: Actor): Actor {
  return { ...a, avatar_url: absolute(base, a.avatar_url) };
}
