import { randomBytes } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import type { Order } from "@storyloom/contract";
import { orders, pricePackages, type Db } from "@storyloom/db";
import type { OrderRow } from "@storyloom/payments/server";
import type { Brand } from "../config";
import { notFound } from "../errors";

export { CURRENCY } from "@storyloom/payments/server";
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

/**
 * Creates a pending order for a package, on the brand site it is paid on (null: unknown); amount and
 * coins are copied so later price changes do not touch it.
 */
export async function createPendingOrder(db: Db, userId: number, provider: Provider, pkg: PackageRow, brand: Brand | null): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({ id: `ord_${randomBytes(15).toString("base64url")}`, userId, provider, priceId: pkg.id, amount: pkg.amount, coins: pkg.coins, brand })
    .returning();
  return row!;
}

/** Records the provider's id of an order (Stripe session id, Onlypay order id). */
export async function setProviderRef(db: Db, orderId: string, ref: string): Promise<void> {
  await db.update(orders).set({ providerRef: ref }).where(eq(orders.id, orderId));
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
