import { randomBytes } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { users, type Db, type Tx } from "@storyloom/db";
import { applyLedger } from "./ledger";
import { getSysconfig } from "./sysconfig";

// Invites on their own: accounts (guest sign-up, login) and coins (history) both need them, and
// neither needs the other.

/** A short, unambiguous invite code (no 0/O, 1/I). */
export function newInviteCode(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
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
 * is invite:<inviteeId>. A merged inviter is paid on the account they were merged into. Every read
 * goes through `tx`: on PGlite a read on the outer connection would wait for this transaction.
 */
export async function creditInviter(ctx: { db: Db }, tx: Tx, invitee: { id: number; uuid: string; invitedBy: number | null }): Promise<void> {
  if (invitee.invitedBy === null || invitee.invitedBy === invitee.id) return;
  const [inviter] = await tx.select({ id: users.id, mergedInto: users.mergedInto }).from(users).where(eq(users.id, invitee.invitedBy));
  if (!inviter) return;
  const payTo = inviter.mergedInto ?? inviter.id;
  if (payTo === invitee.id) return;
  const { invite_reward } = await getSysconfig(ctx.db, tx);
  if (invite_reward <= 0) return;
  await applyLedger(tx, { userId: payTo, amount: invite_reward, reason: "invite", idempotencyKey: `invite:${invitee.id}`, meta: { invitee: invitee.uuid } });
}
