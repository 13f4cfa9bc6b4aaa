import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";

const TABLES = ["favorites", "game_history", "subscriptions", "outbox", "coin_ledger", "check_ins", "task_progress", "story_drafts", "users"];

/** Row counts of the tables a call could write, to prove a refused call wrote nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${t}`)))[0]!.n);
  return out;
}

/** A user's stored balance and the sum of their ledger amounts. */
export async function balanceAndLedger(db: Db, userId: number): Promise<{ coins: number; sum: number }> {
  const r = rowsOf<{ coins: number; sum: number }>(
    await db.execute(sql`select u.coins, coalesce((select sum(amount) from coin_ledger l where l.user_id = u.id), 0)::int as sum from users u where u.id = ${userId}`),
  )[0]!;
  return { coins: Number(r.coins), sum: Number(r.sum) };
}
