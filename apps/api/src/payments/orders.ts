import { randomBytes } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import type { Order } from "@storyloom/contract";
import { coinLedger, orders, pricePackages, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { applyLedger } from "../services/ledger";
import { settleReversals } from "./reversals";

/** Every price is in US cents (spec section 9). */
export const CURRENCY = "usd";

/** An order as stored. */
export type OrderRow = typeof orders.$inferSelect;
/** A payment provider of the contract. */
export type Provider = Order["provider"];

/** The order as the contract shows it. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    provider: row.provider as Provider,
    price_id: row.priceId,
    amount: row.amount,
    coins: row.coins,
    status: row.status as Order["status"],
    created_at: row.createdAt.toISOString(),
  };
}

type PackageRow = typeof pricePackages.$inferSelect;

/** An active price package (404 for an unknown or retired one). */
export async function activePackage(db: Db, priceId: string): Promise<PackageRow> {
  const [pkg] = await db
    .select()
    .from(pricePackages)
    .where(and(eq(pricePackages.id, priceId), eq(pricePackages.active, true)));
  if (!pkg) throw notFound("Price package not found");
  return pkg;
}

/** Creates a pending order for a package; amount and coins are copied so later price changes do not touch it. */
export async function createPendingOrder(db: Db, userId: number, provider: Provider, pkg: PackageRow): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({ id: `ord_${randomBytes(15).toString("base64url")}`, userId, provider, priceId: pkg.id, amount: pkg.amount, coins: pkg.coins })
    .returning();
  return row!;
}

/** Records the provider's id of an order (Stripe session id, Onlypay order id). */
export async function setProviderRef(db: Db, orderId: string, ref: string): Promise<void> {
  await db.update(orders).set({ providerRef: ref }).where(eq(orders.id, orderId));
}

/**
 * Closes a pending order without payment (refused, expired, failed); true when it was pending.
 * A paid order stays paid. An order that does not exist is a 404, like for fulfilment.
 */
export async function closeOrder(db: Db | Tx, orderId: string, provider: Provider, status: "failed" | "cancelled"): Promise<boolean> {
  const done = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), eq(orders.provider, provider), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (done.length > 0) return true;
  const [exists] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.provider, provider)));
  if (!exists) throw notFound("Order not found");
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
 * the money was taken, so the coins are owed. Refunds or disputes that arrived first are settled
 * right after the credit.
 */
export async function fulfilOrder(db: Db | Tx, notice: PaidNotice): Promise<{ applied: boolean; order: OrderRow }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, notice.orderId)).for("update");
    if (!order) throw notFound("Order not found");
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
    if (mismatch) throw new ApiError("VALIDATION_ERROR", `Payment ${mismatch} does not match the order`, { order_id: order.id });
    let current: OrderRow = order;
    if (order.status !== "paid" || (notice.paymentRef && !order.paymentRef)) {
      [current] = (await tx
        .update(orders)
        .set({ status: "paid", paidAt: order.paidAt ?? new Date(), providerRef: notice.providerRef, paymentRef: order.paymentRef ?? notice.paymentRef ?? null })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
    }
    const credit = await applyLedger(tx, {
      userId: order.userId,
      amount: order.coins,
      reason: "purchase",
      idempotencyKey: `order:${order.id}`,
      meta: { order_id: order.id, provider: order.provider, price_id: order.priceId, amount: order.amount },
    });
    if (credit.applied && (order.refundedAmount > 0 || order.disputedAmount > 0)) current = await settleReversals(tx, current, null);
    return { applied: credit.applied, order: current };
  });
}

/** One of the caller's orders by our id or by the provider's (the Stripe return page knows only the session id). */
export async function findOwnOrder(db: Db, userId: number, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), or(eq(orders.id, id), eq(orders.providerRef, id))))
    .limit(1);
  if (!row) throw notFound("Order not found");
  return row;
}
