import { and, asc, eq, exists, isNull, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { favorites, pricePackages, stories, subscriptions, type Db } from "@storyloom/db";
import type { PricePackage, StorySummary } from "@storyloom/contract";
import type { AppContext } from "../context";
import { Prebuilt, route } from "../http";
import { absoluteActor, absoluteSummary, audienceOf, getCharacter, getStory, listCategories, listStories } from "../services/catalogue";
import { absolute, privateNoStore, publicBase, publicCache, TtlCache } from "../services/publicRead";
import { getSysconfig } from "../services/sysconfig";
import { appendVary } from "../security";

// Browser/CDN freshness of public reads: short for the catalogue (counters move, and a story taken
// down must leave shared caches soon: at most 15 s fresh + 15 s served stale while one refresh
// runs), longer for the rarely changing lists. Only what everyone may see (visible, general) is
// ever public: answers holding a mature or author-only story are `private, no-store`.
const CATALOGUE_CACHE = [15, 15] as const;
const STATIC_CACHE = [60, 600] as const;
// Settings staff change: a browser or CDN copy is at most 60 s old (the console promises it).
const SETTINGS_CACHE = [30, 30] as const;

// Whole serialized answers of catalogue pages, per API origin (the art URLs depend on it) and audience:
// identical queries of one audience within 5 s read the database once.
const storyListAnswers = new TtlCache<Prebuilt<{ stories: StorySummary[]; next_cursor: string | null }>>(5_000, 500, "catalogue");

const priceCache = new TtlCache<PricePackage[]>(30_000, 2);
function loadPrices(db: Db): Promise<PricePackage[]> {
  return priceCache.get(db, "all", async () => {
    const rows = await db.select().from(pricePackages).where(eq(pricePackages.active, true)).orderBy(asc(pricePackages.sort), asc(pricePackages.id));
    return rows.map((p) => ({ id: p.id, name: p.name, amount: p.amount, coins: p.coins, extra: { background_url: p.backgroundUrl, discount_percent: p.discountPercent } }));
  });
}

/** Public reads: story list, categories, story detail, character page, sysconfig and prices. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, ctx, "storyList", async ({ input, user, req, reply }) => {
    const base = publicBase(ctx, req);
    const audience = audienceOf(user);
    // The catalogue depends on who asks (the audience), so a shared cache must tell callers apart too;
    // an adult's pages may hold mature stories, which no shared cache keeps.
    appendVary(reply, "Authorization");
    if (audience === "adult") privateNoStore(reply);
    else publicCache(reply, ...CATALOGUE_CACHE);
    const key = JSON.stringify([base, audience, input.category_id ?? "", input.q ?? "", input.sort, input.cursor ?? "", input.limit]);
    return storyListAnswers.get(db, key, async () => {
      // The summaries come as JSON text from the database, art URLs already absolute.
      const page = await listStories(db, audience, input, base);
      return Prebuilt.fromJson(`{"stories":${page.stories},"next_cursor":${JSON.stringify(page.next_cursor)}}`);
    });
  });

  route(app, ctx, "categoryList", async ({ user, reply }) => {
    appendVary(reply, "Authorization");
    publicCache(reply, ...STATIC_CACHE);
    return { categories: await listCategories(db, audienceOf(user)) };
  });

  route(app, ctx, "storyGet", async ({ input, user, req, reply }) => {
    const { own: _own, ...story } = await getStory(db, audienceOf(user), input.id, user);
    const base = publicBase(ctx, req);
    const detail = { ...absoluteSummary(base, story), actors_full: story.actors_full.map((a) => absoluteActor(base, a)) };
    appendVary(reply, "Authorization");
    // Without a caller only the general catalogue is found: never a mature or an author's own story.
    if (!user) {
      publicCache(reply, ...CATALOGUE_CACHE);
      return { story: { ...detail, liked: false, subscribed: false } };
    }
    // The caller's flags and fresh counters in one round trip; never cached anywhere.
    privateNoStore(reply);
    const u = user.user;
    const mine = u.email ? or(eq(subscriptions.userId, u.id), eq(subscriptions.email, u.email)) : eq(subscriptions.userId, u.id);
    const [row] = await db
      .select({
        likeCount: stories.likeCount,
        playCount: stories.playCount,
        liked: exists(db.select({ x: favorites.storyId }).from(favorites).where(and(eq(favorites.storyId, input.id), eq(favorites.userId, u.id)))),
        subscribed: exists(
          db.select({ x: subscriptions.id }).from(subscriptions).where(and(eq(subscriptions.storyId, input.id), isNull(subscriptions.cancelledAt), mine)),
        ),
      })
      .from(stories)
      .where(eq(stories.id, input.id));
    return {
      story: {
        ...detail,
        like_count: row?.likeCount ?? detail.like_count,
        play_count: row?.playCount ?? detail.play_count,
        liked: Boolean(row?.liked),
        subscribed: Boolean(row?.subscribed),
      },
    };
  });

  route(app, ctx, "characterGet", async ({ input, user, req, reply }) => {
    const found = await getCharacter(db, audienceOf(user), input.slug, user);
    const base = publicBase(ctx, req);
    appendVary(reply, "Authorization");
    if (found.own || found.story.rating === "mature") privateNoStore(reply);
    else publicCache(reply, ...CATALOGUE_CACHE);
    return { actor: absoluteActor(base, found.actor), story: absoluteSummary(base, found.story) };
  });

  route(app, ctx, "sysconfigList", async ({ reply }) => {
    publicCache(reply, ...SETTINGS_CACHE);
    return getSysconfig(db);
  });

  route(app, ctx, "priceList", async ({ req, reply }) => {
    const base = publicBase(ctx, req);
    publicCache(reply, ...STATIC_CACHE);
    return (await loadPrices(db)).map((p) => ({
      ...p,
      extra: { ...p.extra, background_url: p.extra.background_url ? absolute(base, p.extra.background_url) : null },
    }));
  });
}
