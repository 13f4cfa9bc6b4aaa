import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";
import { countLedgerMovement } from "../metrics/metrics";

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
}

/**
 * A ledger change as the common table expressions of one statement, to run alone
 * ({@link applyLedger}) or beside other writes that must commit with it (a chat reply and its price).
 * Their names start with `ledger_`; select {@link LEDGER_COLUMNS} from them and read the row with
 * {@link ledgerOutcome}.
 *
 * - `ledger_user` locks the user row (NO KEY UPDATE, not UPDATE: the ledger changes only the balance;
 *   FOR UPDATE would also wait on the KEY SHARE lock every foreign-key insert for this user takes,
 *   and two such transactions of one user upgrading at once deadlocked on PostgreSQL). Under READ
 *   COMMITTED a locking read returns the newest committed balance, so concurrent changes serialize.
 * - `ledger_entry` writes the entry only if the balance covers the change and the idempotency key is
 *   new: the unique index decides, also against an entry committed after this statement began.
 * - `ledger_balance` moves the balance only if the entry was written.
 * A refusal writes nothing and raises no database error, so a caller's transaction goes on.
 * `onlyIf` is a further condition of the entry (a CTE of the caller's statement, say).
 */
export function ledgerCtes(change: LedgerChange, onlyIf: SQL = sql`true`): SQL {
  checkAmount(change);
  const { userId, amount } = change;
  return sql`ledger_user as (
      select coins from users where id = ${userId} for no key update
    ), ledger_seen as (
      select 1 from coin_ledger where idempotency_key = ${change.idempotencyKey}
    ), ledger_entry as (
      insert into coin_ledger (user_id, amount, balance_after, reason, idempotency_key, meta)
      select ${userId}, ${amount}, coins + ${amount}, ${change.reason}, ${change.idempotencyKey}, ${change.meta ? JSON.stringify(change.meta) : null}::jsonb
      from ledger_user where coins + ${amount} >= 0 and not exists (select 1 from ledger_seen) and ${onlyIf}
      on conflict (idempotency_key) do nothing
      returning balance_after
    ), ledger_balance as (
      update users set coins = coins + ${amount}, updated_at = now()
      where id = ${userId} and exists (select 1 from ledger_entry)
      returning coins
    )`;
}

/** The columns {@link ledgerOutcome} reads, from the CTEs of {@link ledgerCtes}. */
export const LEDGER_COLUMNS = sql`(select coins from ledger_user) as ledger_coins,
  (select balance_after from ledger_entry) as ledger_after,
  exists (select 1 from ledger_seen) as ledger_seen,
  (select count(*) from ledger_balance)::int as ledger_moved`;

/** A row of {@link LEDGER_COLUMNS}. */
export interface LedgerRow {
  ledger_coins: unknown;
  ledger_after: unknown;
  ledger_seen: unknown;
  ledger_moved: unknown;
}

/**
 * What one ledger statement did: NOT_FOUND for an unknown user, INSUFFICIENT_COINS for a debit the
 * balance does not cover. `db` reads the key again in the one case the statement cannot tell.
 */
export async function ledgerOutcome(db: Db | Tx, change: LedgerChange, row: LedgerRow | undefined): Promise<LedgerResult> {
  if (!row || row.ledger_coins === null || row.ledger_coins === undefined) throw new ApiError("NOT_FOUND", "User not found");
  const coins = Number(row.ledger_coins);
  if (row.ledger_after !== null && row.ledger_after !== undefined) {
    if (Number(row.ledger_moved) !== 1) throw new Error(`ledger entry ${change.idempotencyKey} written without its balance`);
    // Counted when written: a caller's transaction that rolls back afterwards still counts it.
    countLedgerMovement(change);
    return { applied: true, balance: Number(row.ledger_after) };
  }
  // Not written: a repeat, or a debit too large. A repeat committed by a concurrent call while this
  // one waited for the lock is not in the statement's snapshot (`ledger_seen`); the balance read under
  // the lock already holds its change, so a covered change that was not written was such a repeat.
  const seen = row.ledger_seen === true || row.ledger_seen === "t";
  if (seen || coins + change.amount >= 0) return { applied: false, balance: coins };
  const again = rowsOf(await db.execute(sql`select 1 from coin_ledger where idempotency_key = ${change.idempotencyKey}`));
  if (again.length) return { applied: false, balance: coins };
  throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance: coins, needed: -change.amount });
}

/**
 * Moves coins through the ledger in one statement: the entry and the balance are written together,
 * the user row is locked so concurrent changes serialize, a repeated idempotency key returns the
 * first outcome's balance, and a debit that would go below zero fails with INSUFFICIENT_COINS,
 * writing nothing. Pass a transaction to make the change part of a larger unit of work: a refusal
 * leaves that transaction usable.
 */
export async function applyLedger(db: Db | Tx, change: LedgerChange): Promise<LedgerResult> {
  const [row] = rowsOf<LedgerRow>(await db.execute(sql`with ${ledgerCtes(change)} select ${LEDGER_COLUMNS}`));
  return ledgerOutcome(db, change, row);
}

function checkAmount(change: LedgerChange): void {
  if (!Number.isInteger(change.amount) || (change.amount === 0 && !change.recordOnly)) throw new Error("ledger amount must be a non-zero integer");
}
