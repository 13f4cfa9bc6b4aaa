import { and, eq } from "drizzle-orm";
import { coinLedger, orders, type Db, type Tx } from "@storyloom/db";
import { CURRENCY, type PaymentDeps, type Provider } from "./deps";
import { settleReversals } from "./reversals";

// The one way an order becomes paid, failed or cancelled. Idempotent under the order's row lock:
// every provider notification, however often delivered, ends here.

/** An order as stored. */
export type OrderRow = typeof orders.$inferSelect;

/**
 * Closes a pending order without payment (refused, expired, failed); true when it was pending.
 * A paid order stays paid. An order that does not exist is a 404, like for fulfilment.
 */
export async function closeOrder(deps: PaymentDeps, db: Db | Tx, orderId: string, provider: Provider, status: "failed" | "cancelled"): Promise<boolean> {
  const done = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), eq(orders.provider, provider), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (done.length > 0) return true;
  const [exists] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.provider, provider)));
  if (!exists) throw deps.fail("NOT_FOUND", "Order not found");
  return false;
}

/** What a verified provider notification says was paid. */
export interface PaidNotice {
  orderId: string;
  provider: Provider;
  providerRef: string;
  /** The money movement's id (Stripe payment intent) that later refunds and disputes name. */
  paymentRef?: string | null;
  amount: number;
  currency: string;
}

/** Whether an order's coins were credited (its purchase entry is in the ledger). */
export async function isCredited(db: Db | Tx, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: coinLedger.id }).from(coinLedger).where(eq(coinLedger.idempotencyKey, `order:${orderId}`));
  return !!row;
}

/**
 * The one fulfilment path. In one transaction, under the order's row lock: the payment must match
 * the order (provider, amount, currency, provider id), the order becomes paid and its coins are
 * credited through the ledger under `order:<id>`. A repeat — a retried, duplicated or racing
 * notification — finds the ledger key taken and changes nothing; a paid order whose credit is
 * missing (reconciliation) is credited. A paid notice wins over an earlier failed/cancelled state:
 * the money was taken, so the coins are owed. The first credit runs `deps.onFulfilled` in the same
 * transaction. Refunds or disputes that arrived first are settled right after the credit.
 */
export async function fulfilOrder(deps: PaymentDeps, db: Db | Tx, notice: PaidNotice): Promise<{ applied: boolean; order: OrderRow }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, notice.orderId)).for("update");
    if (!order) throw deps.fail("NOT_FOUND", "Order not found");
    const mismatch =
      order.provider !== notice.provider
        ? "provider"
        : order.amount !== notice.amount
          ? "amount"
          : notice.currency.toLowerCase() !== CURRENCY
            ? "currency"
            : order.providerRef && order.providerRef !== notice.providerRef
              ? "payment reference"
              : null;
    if (mismatch) throw deps.fail("VALIDATION_ERROR", `Payment ${mismatch} does not match the order`, { order_id: order.id });
    let current: OrderRow = order;
    if (order.status !== "paid" || (notice.paymentRef && !order.paymentRef)) {
      [current] = (await tx
        .update(orders)
        .set({ status: "paid", paidAt: order.paidAt ?? new Date(), providerRef: notice.providerRef, paymentRef: order.paymentRef ?? notice.paymentRef ?? null })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
    }
    const credit = await deps.applyLedger(tx, {
      userId: order.userId,
      amount: order.coins,
      reason: "purchase",
      idempotencyKey: `order:${order.id}`,
      meta: { order_id: order.id, provider: order.provider, price_id: order.priceId, amount: order.amount },
    });
    if (credit.applied) await deps.onFulfilled?.(tx, current);
    if (credit.applied && (order.refundedAmount > 0 || order.disputedAmount > 0)) current = await settleReversals(deps, tx, current, null);
    return { applied: credit.applied, order: current };
  });
}

