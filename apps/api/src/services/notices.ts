import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Notice } from "@storyloom/contract";
import { notices, type Db, type Tx } from "@storyloom/db";

/** Most notices a player's list shows (newest first). */
export const NOTICE_LIST_LIMIT = 50;

/** Leaves a notice for a player in the app (inside the transaction of what it tells about). */
export async function notify(tx: Db | Tx, userId: number, kind: string, body: string, link: string | null = null): Promise<void> {
  await tx.insert(notices).values({ userId, kind, body, link });
}

async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return Number(row?.n ?? 0);
}

/** The player's newest notices and how many are unread. */
export async function listNotices(db: Db, userId: number): Promise<{ notices: Notice[]; unread: number }> {
  const rows = await db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.id)).limit(NOTICE_LIST_LIMIT);
  return {
    notices: rows.map((n) => ({ id: String(n.id), kind: n.kind, body: n.body, link: n.link, read: n.readAt !== null, created_at: n.createdAt.toISOString() })),
    unread: await unreadCount(db, userId),
  };
}

/** Marks some (or, without ids, all) of the player's notices read; another player's ids change nothing. */
export async function markNoticesRead(db: Db, userId: number, ids?: string[]): Promise<{ unread: number }> {
  const mine = and(eq(notices.userId, userId), isNull(notices.readAt));
  const where = ids ? and(mine, inArray(notices.id, ids.map(Number))) : mine;
  await db.update(notices).set({ readAt: new Date() }).where(where);
  return { unread: await unreadCount(db, userId) };
}
