import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type Stripe from "stripe";
import type { EndpointData, EndpointParsedInput } from "@storyloom/contract";
import { coinLedger, orders, paymentEvents, staffActions, users, type Db, type Tx } from "@storyloom/db";
import { CURRENCY, type Discrepancy, type Payments, type ProviderAccess } from "@storyloom/payments/server";
import type { AuthedUser } from "../../auth/session";
import { ApiError, notFound } from "../../errors";
import { recordStaffAction } from "../audit";
import { ledgerEntry, page } from "./players";

type Staff = AuthedUser["user"];
type OrderRow = typeof orders.$inferSelect;
type ConsoleOrder = EndpointData<"adminOrderList">["orders"][number];

/** Why the console offers no refund of an Onlypay order. */
export const ONLYPAY_NO_REFUND = "Onlypay orders are not refunded here: the Onlypay protocol has no refund call (refund in Onlypay's merchant dashboard; its notification then takes the coins back)";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Why staff may not refund an order now (null: they may, up to what is left). */
function refundBlocked(o: OrderRow): string | null {
  if (o.provider !== "stripe") return ONLYPAY_NO_REFUND;
  if (o.status !== "paid") return `Only paid orders can be refunded; this one is ${o.status}`;
  if (!o.paymentRef) return "No Stripe payment intent is recorded for this order";
  if (o.disputedAmount > 0) return "The payment is disputed: Stripe refuses refunds of a disputed charge";
  if (o.refundedAmount >= o.amount) return "The order is fully refunded";
  return null;
}

/** An order row as the console shows it, with what may still be refunded. */
export function consoleOrder(o: OrderRow): ConsoleOrder {
  const blocked = refundBlocked(o);
  return {
    id: o.id,
    user_id: o.userId,
    provider: o.provider,
    price_id: o.priceId,
    amount: o.amount,
    currency: CURRENCY,
    coins: o.coins,
    status: o.status,
    refunded_amount: o.refundedAmount,
    disputed_amount: o.disputedAmount,
    reversed_coins: o.reversedCoins,
    coin_shortfall: o.coinShortfall,
    brand: o.brand ?? null,
    provider_ref: o.providerRef,
    payment_ref: o.paymentRef,
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    refundable: blocked ? 0 : o.amount - o.refundedAmount,
    refund_blocked: blocked,
  };
}

/** An order row; NOT_FOUND when there is none. */
async function orderRow(db: Db, id: string): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  if (!o) throw notFound(`No order with id ${id}`);
  return o;
}

/** The filters of the order list as SQL (brand "unknown": orders from before brands were recorded). */
function orderFilters(input: EndpointParsedInput<"adminOrderList">): SQL[] {
  const where: SQL[] = [];
  if (input.status) where.push(eq(orders.status, input.status));
  if (input.provider) where.push(eq(orders.provider, input.provider));
  if (input.brand) where.push(input.brand === "unknown" ? isNull(orders.brand) : eq(orders.brand, input.brand));
  if (input.from) where.push(gte(orders.createdAt, new Date(input.from)));
  if (input.to) where.push(lte(orders.createdAt, new Date(input.to)));
  return where;
}

/** The keyset condition after the cursor's order (newest first by created_at, then id); an unknown cursor is a 400. */
async function afterCursor(db: Db, cursor: string | undefined): Promise<SQL | undefined> {
  if (!cursor) return undefined;
  const [c] = await db.select({ createdAt: orders.createdAt, id: orders.id }).from(orders).where(eq(orders.id, cursor));
  if (!c) throw new ApiError("VALIDATION_ERROR", "Unknown cursor: that order does not exist", { fields: [{ path: "cursor", message: "unknown order" }] });
  return or(lt(orders.createdAt, c.createdAt), and(eq(orders.createdAt, c.createdAt), lt(orders.id, c.id)));
}

/**
 * Orders by status, provider, brand and creation time, newest first, paged by keyset (created_at, id);
 * the cursor is the id of the previous page's last order.
 */
export async function listOrders(db: Db, input: EndpointParsedInput<"adminOrderList">): Promise<EndpointData<"adminOrderList">> {
  const where = and(...orderFilters(input), await afterCursor(db, input.cursor));
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(input.limit + 1);
  const { rows: shown, next } = page(rows, input.limit);
  return { orders: shown.map(consoleOrder), next_cursor: next };
}

/** One order with its player, its provider events (oldest first) and its ledger rows (credit and reversals). */
export async function orderDetail(db: Db, input: EndpointParsedInput<"adminOrderGet">): Promise<EndpointData<"adminOrderGet">> {
  const o = await orderRow(db, input.order_id);
  const [u] = await db.select({ id: users.id, name: users.name, email: users.email, coins: users.coins }).from(users).where(eq(users.id, o.userId));
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, o.id)).orderBy(asc(paymentEvents.receivedAt));
  const ledger = await db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, o.userId), sql`${coinLedger.meta}->>'order_id' = ${o.id}`))
    .orderBy(asc(coinLedger.id));
  return {
    order: consoleOrder(o),
    player: u ?? { id: o.userId, name: "", email: null, coins: 0 },
    events: events.map((e) => ({
      provider: e.provider,
      id: e.id,
      type: e.type,
      status: e.status,
      outcome: e.outcome ?? null,
      error: e.error,
      deliveries: e.deliveries,
      received_at: e.receivedAt.toISOString(),
      processed_at: iso(e.processedAt),
    })),
    ledger: ledger.map(ledgerEntry),
    reversals: (o.reversals as unknown[]) ?? [],
  };
}

/** A Stripe failure as the console's error: Stripe's refusals are 409 with Stripe's words, the rest 502. */
function stripeFailure(err: unknown): ApiError {
  // Duck-typed: the SDK instance that threw may be another copy of the package than this one's.
  const message = err instanceof Error ? err.message : String(err);
  if ((err as { type?: unknown } | null)?.type === "StripeInvalidRequestError") return new ApiError("CONFLICT", `Stripe refused the refund: ${message}`);
  return new ApiError("PAYMENT_ERROR", `Stripe could not be reached: ${message}`);
}

/**
 * The HTTP status of Stripe's answer when it refused the request, so that no refund was made for it:
 * a 4xx other than 409. A 409 (the same idempotency key in use by a racing request, which may make
 * the refund), a 5xx or no answer at all leave the outcome unknown: null.
 */
function stripeRefusal(err: unknown): number | null {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 409 ? status : null;
}

/** An order row under its row lock (console refunds of one order, and its webhooks, queue on it); NOT_FOUND when there is none. */
async function lockedOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!o) throw notFound(`No order with id ${id}`);
  return o;
}

/** Whether the order's audit log already has an `action` row whose detail names `value` under `field`. */
async function audited(tx: Tx, orderId: string, action: string, field: "idempotency_key" | "refund_id", value: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: staffActions.id })
    .from(staffActions)
    .where(and(eq(staffActions.targetKind, "order"), eq(staffActions.targetId, orderId), eq(staffActions.action, action), sql`${staffActions.detail}->>${sql.raw(`'${field}'`)} = ${value}`))
    .limit(1);
  return !!row;
}

/**
 * Refunds a paid Stripe order, fully or in part, through the Stripe API (POST /v1/refunds). The
 * coins are NOT touched here: Stripe's charge.refunded webhook takes them back, once, as for a refund
 * made in Stripe's dashboard. The amount must be at most what was paid less what was refunded; an
 * Onlypay, unpaid, disputed or fully refunded order is refused before Stripe is called. The
 * idempotency key names the order's refunded total, so a repeated click makes one refund.
 *
 * Stripe is remote, so the refund and its audit cannot share a transaction; the append-only log
 * instead never misses a refund Stripe made and never claims one it refused:
 * 1. `order.refund` (reason, amount, idempotency key) commits BEFORE Stripe is called, under the
 *    order's row lock, once per key: a repeated click finds it and writes no second one.
 * 2. Stripe refused (a 4xx, see stripeRefusal): `order.refund_failed` with Stripe's words, one per
 *    refused attempt; no refund was made, so the webhook never moves coins for it.
 * 3. Stripe made it: `order.refund_made` with the refund's id and status, once per refund id (a
 *    repeated key answers the same refund). This follow-up row is what shows the refund id: the
 *    webhook is not the place, as a dashboard refund has no staff member to audit. If the process
 *    dies before it, the intent row with its key still records the refund, and the order's events
 *    show Stripe's charge.refunded.
 * No answer, a 5xx or a 409 leaves the outcome unknown, so nothing more is written: the intent
 * stands, and a retry with the same key answers the refund Stripe made, if it made one.
 */
export async function refundOrder(db: Db, stripe: Stripe | null, staff: Staff, input: EndpointParsedInput<"adminOrderRefund">): Promise<EndpointData<"adminOrderRefund">> {
  const audit = (tx: Tx, action: string, detail: Record<string, unknown>) =>
    recordStaffAction(tx, { staffId: staff.id, action, targetKind: "order", targetId: input.order_id, reason: input.reason, detail });
  // Committed before Stripe is called: its webhook (sent before the sandbox answers) needs the row lock.
  const { o, key, client } = await db.transaction(async (tx) => {
    const o = await lockedOrder(tx, input.order_id);
    const blocked = refundBlocked(o);
    if (blocked) throw new ApiError("CONFLICT", blocked);
    const left = o.amount - o.refundedAmount;
    if (input.amount > left) throw new ApiError("VALIDATION_ERROR", `At most ${left} cents can be refunded (paid ${o.amount}, refunded ${o.refundedAmount})`, { fields: [{ path: "amount", message: `must be at most ${left}` }] });
    if (!stripe) throw new ApiError("UNAVAILABLE", "Stripe is not configured on this server");
    const key = `console-refund:${o.id}:${o.refundedAmount}:${input.amount}`;
    if (!(await audited(tx, o.id, "order.refund", "idempotency_key", key))) {
      await audit(tx, "order.refund", { amount: input.amount, idempotency_key: key, refunded_before: o.refundedAmount, user_id: o.userId });
    }
    return { o, key, client: stripe };
  });
  let refund: Stripe.Refund;
  try {
    refund = await client.refunds.create(
      { payment_intent: o.paymentRef!, amount: input.amount, reason: "requested_by_customer", metadata: { order_id: o.id, staff_id: String(staff.id) } },
      { idempotencyKey: key },
    );
  } catch (err) {
    const status = stripeRefusal(err);
    if (status !== null) {
      const error = err instanceof Error ? err.message : String(err);
      await db.transaction((tx) => audit(tx, "order.refund_failed", { amount: input.amount, idempotency_key: key, status_code: status, error }));
    }
    throw stripeFailure(err);
  }
  await db.transaction(async (tx) => {
    await lockedOrder(tx, o.id);
    if (await audited(tx, o.id, "order.refund_made", "refund_id", refund.id)) return;
    await audit(tx, "order.refund_made", { amount: refund.amount, refund_id: refund.id, status: refund.status ?? "pending", idempotency_key: key });
  });
  return { refund: { id: refund.id, amount: refund.amount, status: refund.status ?? "pending" }, order: consoleOrder(await orderRow(db, o.id)) };
}

/** Runs the reconciliation (no fix) over the orders of the last `days` days and lists the disagreements. */
export async function runReconciliation(payments: Payments, access: ProviderAccess, input: EndpointParsedInput<"adminReconcileRun">): Promise<EndpointData<"adminReconcileRun">> {
  const since = new Date(Date.now() - input.days * 86_400_000);
  const differences: Discrepancy[] = await payments.reconcile(access, { fix: false, since });
  return { since: since.toISOString(), differences };
}

/**
 * Repairs one order as `payments:reconcile --fix` does (credits a paid order, takes back a refund's
 * coins; the same idempotent functions the webhooks call). CONFLICT when provider and ledger agree.
 * The `order.reconcile_fix` audit row is written inside the repair's transaction (reconcileOrder's
 * onFixed): both commit or neither does, so no repair is left unaudited and no audit row names a
 * repair that was rolled back.
 */
export async function fixOrder(db: Db, payments: Payments, access: ProviderAccess, staff: Staff, input: EndpointParsedInput<"adminReconcileFix">): Promise<EndpointData<"adminReconcileFix">> {
  await orderRow(db, input.order_id);
  const differences = await payments.reconcileOrder(access, input.order_id, true, (tx, fixed) =>
    recordStaffAction(tx, { staffId: staff.id, action: "order.reconcile_fix", targetKind: "order", targetId: input.order_id, reason: input.reason, detail: { fixed: fixed.map((d) => ({ problem: d.problem, detail: d.detail })) } }),
  );
  if (differences.length === 0) throw new ApiError("CONFLICT", "Nothing to fix: the provider and the ledger agree on this order");
  const fixed = differences.filter((d) => d.fixed);
  return { order: consoleOrder(await orderRow(db, input.order_id)), differences, remaining: differences.length - fixed.length };
}
