import { eq, sql } from "drizzle-orm";
import { coinLedger, users, type Db, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";

/** One change of a balance. */
export interface LedgerChange {
  userId: number;
  /** positive credits, negative debits */
  amount: number;
  /** what the coins are for, in the product's words: "check-in", "task:play-game", "purchase", "chat" */
  reason: string;
  /** unique per real-world event (order id, check-in day, task+day): a repeat changes nothing */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
  /** Allows amount 0: an entry that only records an event (a reversal the balance could not cover). */
  recordOnly?: boolean;
}

/** The outcome: whether this call moved coins (false for a repeat) and the balance after it. */
export interface LedgerResult {
  applied: boolean;
  balance: number;
  entryId: number;
}

/**
 * Moves coins through the ledger: the entry and the balance are written in one transaction, the
 * user row is locked so concurrent changes serialize, a repeated idempotency key returns the first
 * outcome, and a debit that would go below zero fails with INSUFFICIENT_COINS.
 * Pass a transaction to make the change part of a larger unit of work.
 */
export async function applyLedger(db: Db | Tx, change: LedgerChange): Promise<LedgerResult> {
  checkAmount(change);
  // A Db has `transaction`; inside a Tx we are already in one (nested → savepoint, harmless).
  return db.transaction((tx) => applyLedgerInTx(tx, change));
}

/**
 * {@link applyLedger} as part of a transaction the caller owns, without a savepoint of its own (two
 * statements fewer). For callers whose transaction ends on any database error: a refusal
 * (INSUFFICIENT_COINS, an unknown user) is thrown before anything is written, so the caller may
 * catch it and go on with the transaction.
 */
export async function applyLedgerInTx(tx: Tx, change: LedgerChange): Promise<LedgerResult> {
  checkAmount(change);
  const [user] = await tx
    .select({ coins: users.coins })
    .from(users)
    .where(eq(users.id, change.userId))
    // NO KEY UPDATE, not UPDATE: the ledger changes only the balance. FOR UPDATE would also wait on
    // the KEY SHARE lock every foreign-key insert for this user takes (task progress, game history),
    // so two such transactions of one user upgrading at once deadlocked on PostgreSQL (500s).
    .for("no key update");
  if (!user) throw new ApiError("NOT_FOUND", "User not found");
  const [existing] = await tx
    .select({ id: coinLedger.id, userId: coinLedger.userId })
    .from(coinLedger)
    .where(eq(coinLedger.idempotencyKey, change.idempotencyKey));
  if (existing) return { applied: false, balance: user.coins, entryId: existing.id };
  const balance = user.coins + change.amount;
  if (balance < 0) throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance: user.coins, needed: -change.amount });
  const [entry] = await tx
    .insert(coinLedger)
    .values({
      userId: change.userId,
      amount: change.amount,
      balanceAfter: balance,
      reason: change.reason,
      idempotencyKey: change.idempotencyKey,
      meta: change.meta ?? null,
    })
    .returning({ id: coinLedger.id });
  await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${change.amount}`, updatedAt: new Date() })
    .where(eq(users.id, change.userId));
  return { applied: true, balance, entryId: entry!.id };
}

function checkAmount(change: LedgerChange): void {
  if (!Number.isInteger(change.amount) || (change.amount === 0 && !change.recordOnly)) throw new Error("ledger amount must be a non-zero integer");
}
