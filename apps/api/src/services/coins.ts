import { and, desc, eq, lt, sum } from "drizzle-orm";
import { z } from "zod";
import type { LedgerEntry } from "@storyloom/contract";
import { coinLedger, type Db, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";

const LedgerCursor = z.string().regex(/^l:\d{1,18}$/);

/** A page of a user's coin history, newest first; the cursor is opaque (a 400 when tampered with). */
export async function ledgerPage(db: Db, userId: number, limit: number, cursor?: string): Promise<{ entries: LedgerEntry[]; next_cursor: string | null }> {
  let before: number | null = null;
  if (cursor) {
    const raw = Buffer.from(cursor, "base64url").toString("utf8");
    if (!LedgerCursor.safeParse(raw).success) {
      throw new ApiError("VALIDATION_ERROR", "Invalid query: cursor malformed cursor", { fields: [{ path: "cursor", message: "malformed cursor" }] });
    }
    before = Number(raw.slice(2));
  }
  const rows = await db
    .select()
    .from(coinLedger)
    .where(before === null ? eq(coinLedger.userId, userId) : and(eq(coinLedger.userId, userId), lt(coinLedger.id, before)))
    .orderBy(desc(coinLedger.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((e) => {
      const shortfall = (e.meta as { shortfall?: unknown } | null)?.shortfall;
      return {
        id: String(e.id),
        reason: e.reason,
        amount: e.amount,
        balance_after: e.balanceAfter,
        created_at: e.createdAt.toISOString(),
        ...(typeof shortfall === "number" && shortfall > 0 ? { shortfall } : {}),
      };
    }),
    next_cursor: rows.length > limit && last ? Buffer.from(`l:${last.id}`).toString("base64url") : null,
  };
}

/** The sum of a user's ledger amounts (tests and audits compare it with the stored balance). */
export async function ledgerSum(db: Db | Tx, userId: number): Promise<number> {
  const [r] = await db.select({ s: sum(coinLedger.amount) }).from(coinLedger).where(eq(coinLedger.userId, userId));
  return Number(r?.s ?? 0);
}
