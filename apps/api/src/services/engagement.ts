import { and, desc, eq, sql } from "drizzle-orm";
import type { StorySummary } from "@storyloom/contract";
import { favorites, gameHistory, stories, type Db, type Tx } from "@storyloom/db";
import { requireViewable, summaries } from "./catalogue";

/** How many stories the played and liked rows return (newest first). */
export const SHELF_LIMIT = 100;

/**
 * Fails (before anything is written) unless the user `userId` may open this story: NOT_FOUND for a
 * story outside the catalogue that is not theirs, the age gate for a mature one they may not see.
 */
export async function requireStory(db: Db | Tx, storyId: string, userId: number | null): Promise<void> {
  await requireViewable(db, storyId, userId);
}

/**
 * Records that a user played a story: their history row moves to the top (plays + 1) and the
 * story's play count and trending score grow. Called by the play-game task and by chat when a
 * session starts; pass the caller's transaction so the play lands with what caused it.
 */
export async function recordPlay(tx: Db | Tx, userId: number, storyId: string): Promise<void> {
  await requireStory(tx, storyId, userId);
  await tx
    .insert(gameHistory)
    .values({ userId, storyId })
    .onConflictDoUpdate({
      target: [gameHistory.userId, gameHistory.storyId],
      set: { plays: sql`${gameHistory.plays} + 1`, lastPlayedAt: sql`now()` },
    });
  await tx
    .update(stories)
    .set({ playCount: sql`${stories.playCount} + 1`, trendingScore: sql`${stories.trendingScore} + 1` })
    .where(eq(stories.id, storyId));
}

/** The outcome of a like or unlike. */
export interface LikeState {
  story_id: string;
  liked: boolean;
  like_count: number;
}

/**
 * Likes (liked = true) or unlikes a story. Idempotent: only a row actually inserted or deleted
 * moves like_count, in the same transaction, so the count always equals the favourites rows.
 */
export async function setFavorite(db: Db, userId: number, storyId: string, liked: boolean): Promise<LikeState> {
  return db.transaction(async (tx) => {
    await requireStory(tx, storyId, userId);
    const changed = liked
      ? await tx.insert(favorites).values({ userId, storyId }).onConflictDoNothing().returning({ id: favorites.storyId })
      : await tx
          .delete(favorites)
          .where(and(eq(favorites.userId, userId), eq(favorites.storyId, storyId)))
          .returning({ id: favorites.storyId });
    const delta = changed.length === 0 ? 0 : liked ? 1 : -1;
    const [row] = await tx
      .update(stories)
      .set({ likeCount: sql`${stories.likeCount} + ${delta}` })
      .where(eq(stories.id, storyId))
      .returning({ likeCount: stories.likeCount });
    return { story_id: storyId, liked, like_count: row!.likeCount };
  });
}

/**
 * What of the catalogue a user's own lists show: visible stories, mature ones only once the user (a
 * registered player) has confirmed their age.
 */
const shownToUser = (userId: number) =>
  sql`${stories.visible} and (${stories.rating} = 'general' or exists (select 1 from users u where u.id = ${userId} and not u.is_guest and u.adult_confirmed_at is not null))`;

/** The stories a user liked that their catalogue holds, most recently liked first. */
export async function likedStories(db: Db, userId: number): Promise<StorySummary[]> {
  const rows = await db
    .select({ story: stories })
    .from(favorites)
    .innerJoin(stories, eq(stories.id, favorites.storyId))
    .where(and(eq(favorites.userId, userId), shownToUser(userId)))
    .orderBy(desc(favorites.createdAt), desc(stories.id))
    .limit(SHELF_LIMIT);
  return summaries(db, rows.map((r) => r.story));
}

/** The stories a user played that their catalogue holds, most recently played first, each with when it was last played. */
export async function playedStories(db: Db, userId: number): Promise<StorySummary[]> {
  const rows = await db
    .select({ story: stories, at: gameHistory.lastPlayedAt })
    .from(gameHistory)
    .innerJoin(stories, eq(stories.id, gameHistory.storyId))
    .where(and(eq(gameHistory.userId, userId), shownToUser(userId)))
    .orderBy(desc(gameHistory.lastPlayedAt), desc(stories.id))
    .limit(SHELF_LIMIT);
  const list = await summaries(db, rows.map((r) => r.story));
  return list.map((s, i) => ({ ...s, last_played_at: rows[i]!.at.toISOString() }));
}
