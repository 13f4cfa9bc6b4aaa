import { and, count, desc, eq, isNull, lt, sum } from "drizzle-orm";
import { z } from "zod";
import type { LedgerEntry } from "@storyloom/contract";
import { coinLedger, users, type Db, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";
import { newInviteCode } from "./accounts";
import { applyLedger } from "./ledger";
import { getSysconfig } from "./sysconfig";

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
    entries: page.map((e) => ({ id: String(e.id), reason: e.reason, amount: e.amount, balance_after: e.balanceAfter, created_at: e.createdAt.toISOString() })),
    next_cursor: rows.length > limit && last ? Buffer.from(`l:${last.id}`).toString("base64url") : null,
  };
}

/** The caller's invite code (made on first ask for accounts that have none) and how many friends it brought. */
export async function inviteInfo(db: Db, userId: number): Promise<{ invite_code: string; invited_count: number }> {
  const [u] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
  let code = u?.code ?? null;
  while (!code) {
    const [set] = await db
      .update(users)
      .set({ inviteCode: newInviteCode() })
      .where(and(eq(users.id, userId), isNull(users.inviteCode)))
      .returning({ code: users.inviteCode })
      .catch(() => [] as { code: string | null }[]); // a colliding code: try another
    code = set?.code ?? (await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId)))[0]?.code ?? null;
  }
  // "Brought" means a friend who joined with the code and went on to create a real account.
  const [n] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false)));
  return { invite_code: code, invited_count: Number(n?.n ?? 0) };
}

/**
 * Pays the inviter of a guest who just became a real account. Once per invitee ever: the ledger key
 * is invite:<inviteeId>. A merged inviter is paid on the account they were merged into.
 */
export async function creditInviter(ctx: { db: Db }, tx: Tx, invitee: { id: number; uuid: string; invitedBy: number | null }): Promise<void> {
  if (invitee.invitedBy === null || invitee.invitedBy === invitee.id) return;
  const [inviter] = await tx.select({ id: users.id, mergedInto: users.mergedInto }).from(users).where(eq(users.id, invitee.invitedBy));
  if (!inviter) return;
  const payTo = inviter.mergedInto ?? inviter.id;
  if (payTo === invitee.id) return;
  const { invite_reward } = await getSysconfig(ctx.db);
  if (invite_reward <= 0) return;
  await applyLedger(tx, { userId: payTo, amount: invite_reward, reason: "invite", idempotencyKey: `invite:${invitee.id}`, meta: { invitee: invitee.uuid } });
}

/** The sum of a user's ledger amounts (tests and audits compare it with the stored balance). */
export async function ledgerSum(db: Db | Tx, userId: number): Promise<number> {
  const [r] = await db.select({ s: sum(coinLedger.amount) }).from(coinLedger).where(eq(coinLedger.userId, userId));
  return Number(r?.s ?? 0);
}
