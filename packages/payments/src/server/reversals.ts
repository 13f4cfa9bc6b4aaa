import { eq } from "drizzle-orm";
import { orders, users, type Db, type Tx } from "@storyloom/db";
import type { PaymentDeps, Provider } from "./deps";
import { isCredited, type OrderRow } from "./fulfil";

// Refunds and disputes take coins back. The provider reports money (cents); the coins owed back are
// always recomputed from the order's totals — floor(coins × reversed cents ÷ amount) — so partial
// refunds add up to exactly the order's coins on a full refund, whatever order they arrive in.
// A balance never goes below zero: what it cannot cover is recorded on the order (coin_shortfall)
// and in the ledger entry's meta, which the coin history shows.

/** A refund or dispute as a verified provider notification reports it. */
export interface ReversalNotice {
  orderId: string;
  provider: Provider;
  kind: "refund" | "dispute";
  /** refund: the total refunded so far on the payment (Stripe's amount_refunded); dispute: the disputed cents. */
  cents: number;
  /** The provider's id of this refund or dispute (a dispute is acted on once per id). */
  ref: string;
}

/** One reversal acted on, as kept in orders.reversals ("dispute_won": a won dispute's coins given back). */
export interface ReversalRecord {
  kind: "refund" | "dispute" | "settle" | "dispute_won";
  ref: string;
  cents: number;
  coins: number;
  taken: number;
  shortfall: number;
  at: string;
}

/** What a reversal did. */
export interface ReversalOutcome {
  applied: boolean;
  coins: number;
  taken: number;
  shortfall: number;
}

const NONE: ReversalOutcome = { applied: false, coins: 0, taken: 0, shortfall: 0 };

/**
 * Takes back the coins the order's refunded and disputed totals call for and that were not taken
 * yet, as one ledger entry (reason "refund" or "dispute", key reversal:<order>:<ref>). Call inside a
 * transaction holding the order's row lock. Nothing happens for an order whose coins were never
 * credited: its totals are kept and fulfilOrder settles them when it credits.
 */
export async function settleReversals(deps: PaymentDeps, tx: Tx, order: OrderRow, step: { kind: ReversalNotice["kind"]; ref: string; cents: number } | null): Promise<OrderRow> {
  const reversed = Math.min(order.amount, order.refundedAmount + order.disputedAmount);
  const target = Math.floor((order.coins * reversed) / order.amount);
  const owed = target - order.reversedCoins;
  const records = (order.reversals as ReversalRecord[]) ?? [];
  if (owed <= 0 || !(await isCredited(tx, order.id))) {
    if (!step) return order;
    const record: ReversalRecord = { ...step, coins: 0, taken: 0, shortfall: 0, at: new Date().toISOString() };
    const [row] = await tx.update(orders).set({ reversals: [...records, record] }).where(eq(orders.id, order.id)).returning();
    return row!;
  }
  const [user] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, order.userId)).for("update");
  if (!user) throw deps.fail("NOT_FOUND", "User not found");
  const taken = Math.min(owed, user.coins);
  const shortfall = owed - taken;
  const kind = step?.kind ?? (order.disputedAmount > 0 ? "dispute" : "refund");
  const ref = step?.ref ?? `settle:${reversed}`;
  await deps.applyLedger(tx, {
    userId: order.userId,
    amount: -taken,
    reason: kind,
    // The reversed total only grows under the row lock, so it makes the key unique per step.
    idempotencyKey: `reversal:${order.id}:${kind}:${reversed}:${ref}`,
    recordOnly: true,
    meta: { order_id: order.id, provider: order.provider, ref, cents: step?.cents ?? reversed, coins: owed, shortfall },
  });
  const record: ReversalRecord = { kind: step?.kind ?? "settle", ref, cents: step?.cents ?? reversed, coins: owed, taken, shortfall, at: new Date().toISOString() };
  const [row] = await tx
    .update(orders)
    .set({ reversedCoins: target, coinShortfall: order.coinShortfall + shortfall, reversals: [...records, record] })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

/**
 * Acts on a refund or dispute, once per refund total or dispute id: under the order's row lock the
 * totals grow, and the coins they call for are taken back (see settleReversals). A repeated,
 * racing or out-of-date notice (a refund total not above the recorded one) changes nothing.
 */
export async function reverseOrder(deps: PaymentDeps, db: Db | Tx, notice: ReversalNotice): Promise<ReversalOutcome> {
  if (!Number.isInteger(notice.cents) || notice.cents < 0) throw deps.fail("VALIDATION_ERROR", "Reversal amount must be a non-negative integer");
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, notice.orderId))
      .for("update");
    if (!order) throw deps.fail("NOT_FOUND", "Order not found");
    if (order.provider !== notice.provider) throw deps.fail("VALIDATION_ERROR", "Payment provider does not match the order", { order_id: order.id });
    let next: OrderRow;
    if (notice.kind === "refund") {
      const total = Math.min(notice.cents, order.amount);
      if (total <= order.refundedAmount) return NONE;
      [next] = await tx.update(orders).set({ refundedAmount: total }).where(eq(orders.id, order.id)).returning() as [OrderRow];
    } else {
      const records = (order.reversals as ReversalRecord[]) ?? [];
      if (records.some((r) => r.kind === "dispute" && r.ref === notice.ref)) return NONE;
      [next] = await tx.update(orders).set({ disputedAmount: order.disputedAmount + notice.cents }).where(eq(orders.id, order.id)).returning() as [OrderRow];
    }
    const cents = notice.kind === "refund" ? next.refundedAmount - order.refundedAmount : notice.cents;
    const after = await settleReversals(deps, tx, next, { kind: notice.kind, ref: notice.ref, cents });
    const coins = after.reversedCoins - order.reversedCoins;
    const shortfall = after.coinShortfall - order.coinShortfall;
    return { applied: true, coins, taken: coins - shortfall, shortfall };
  });
}

/**
 * Gives back, once, the coins a won dispute's opening took: under the order's row lock, the
 * dispute's record says what it called for (coins), what the balance covered (taken) and what it
 * could not (shortfall). `taken` is credited (reason "dispute_won", key dispute-won:<order>:<ref>),
 * never more, and the order's totals drop by the dispute, as if it had not been opened. A dispute
 * not acted on, or already given back, changes nothing.
 */
export async function restoreDispute(deps: PaymentDeps, db: Db | Tx, notice: { orderId: string; provider: Provider; ref: string }): Promise<ReversalOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, notice.orderId)).for("update");
    if (!order) throw deps.fail("NOT_FOUND", "Order not found");
    if (order.provider !== notice.provider) throw deps.fail("VALIDATION_ERROR", "Payment provider does not match the order", { order_id: order.id });
    const records = (order.reversals as ReversalRecord[]) ?? [];
    const opened = records.find((r) => r.kind === "dispute" && r.ref === notice.ref);
    if (!opened || records.some((r) => r.kind === "dispute_won" && r.ref === notice.ref)) return NONE;
    if (opened.taken > 0) {
      await deps.applyLedger(tx, {
        userId: order.userId,
        amount: opened.taken,
        reason: "dispute_won",
        idempotencyKey: `dispute-won:${order.id}:${notice.ref}`,
        meta: { order_id: order.id, provider: order.provider, ref: notice.ref, cents: opened.cents, coins: opened.coins, shortfall: opened.shortfall },
      });
    }
    const record: ReversalRecord = { kind: "dispute_won", ref: notice.ref, cents: opened.cents, coins: opened.coins, taken: opened.taken, shortfall: opened.shortfall, at: new Date().toISOString() };
    await tx
      .update(orders)
      .set({
        disputedAmount: Math.max(0, order.disputedAmount - opened.cents),
        reversedCoins: Math.max(0, order.reversedCoins - opened.coins),
        coinShortfall: Math.max(0, order.coinShortfall - opened.shortfall),
        reversals: [...records, record],
      })
      .where(eq(orders.id, order.id));
    return { applied: true, coins: opened.taken, taken: opened.taken, shortfall: 0 };
  });
}
