import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import { orders, type Db, type Tx } from "@storyloom/db";
import type { PaymentDeps } from "./deps";
import { fulfilOrder, isCredited, type OrderRow } from "./fulfil";
import { fetchOnlypayOrder, type OnlypayClientSettings } from "./onlypay";
import { reverseOrder } from "./reversals";

// Reconciliation: asks each provider what became of our orders and compares it with the ledger.
// Notifications can be lost (an outage longer than the provider retries) or never sent (a refund
// made in the dashboard before its webhook was set up); this finds those orders and fixes them with
// the same idempotent functions the notification handlers call, so running it twice, or while
// notifications arrive, changes nothing more.

/** How the providers are reached (null: not configured). */
export interface ProviderAccess {
  stripe: Stripe | null;
  onlypay: OnlypayClientSettings | null;
}

/** What the provider says about an order. */
export interface ProviderState {
  paid: boolean;
  amount: number | null;
  currency: string | null;
  refunded: number;
  paymentRef: string | null;
}

/** A disagreement between provider and ledger, and what was done about it. */
export interface Discrepancy {
  order_id: string;
  provider: string;
  problem: "paid-not-credited" | "refund-not-reversed" | "credited-not-paid" | "provider-unreachable";
  detail: string;
  fixed: boolean;
}

/** Reads an order's state at its provider. */
async function providerState(access: ProviderAccess, order: OrderRow): Promise<ProviderState | null> {
  if (!order.providerRef) return null;
  if (order.provider === "stripe") {
    if (!access.stripe) return null;
    const session = await access.stripe.checkout.sessions.retrieve(order.providerRef, { expand: ["payment_intent.latest_charge"] });
    const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
    const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    return {
      paid: session.payment_status === "paid",
      amount: session.amount_total,
      currency: session.currency,
      refunded: charge?.amount_refunded ?? 0,
      paymentRef: typeof session.payment_intent === "string" ? session.payment_intent : (intent?.id ?? null),
    };
  }
  if (!access.onlypay) return null;
  const s = await fetchOnlypayOrder(access.onlypay, order.providerRef);
  return { paid: s.status === "paid" || s.status === "refunded", amount: s.amount, currency: s.currency, refunded: s.refunded_amount, paymentRef: null };
}

/**
 * Work a caller does in the repair's own transaction once something was fixed (e.g. the console's
 * audit row): it commits with the repair, and a throw rolls the repair back.
 */
export type OnFixed = (tx: Tx, fixed: Discrepancy[]) => Promise<void>;

/** What the provider said about an order: its state (null: nothing to ask), or why it could not be asked. */
type Probe = { state: ProviderState | null } | { unreachable: string };

/** Asks the provider about an order; a failure to reach it is an answer, not a throw. */
async function probe(access: ProviderAccess, order: OrderRow): Promise<Probe> {
  try {
    return { state: await providerState(access, order) };
  } catch (err) {
    return { unreachable: err instanceof Error ? err.message : String(err) };
  }
}

/** A new disagreement about an order (not fixed yet). */
const noted = (order: OrderRow, problem: Discrepancy["problem"], detail: string): Discrepancy => ({ order_id: order.id, provider: order.provider, problem, detail, fixed: false });

/** Compares one order with what its provider said and, with `fix`, repairs it on `db` (a transaction, or each repair in its own). */
async function compare(deps: PaymentDeps, db: Db | Tx, order: OrderRow, state: ProviderState, fix: boolean): Promise<Discrepancy[]> {
  const found: Discrepancy[] = [];
  const credited = await isCredited(db, order.id);
  const provider = order.provider as "stripe" | "onlypay";
  if (state.paid && !credited) {
    const d = noted(order, "paid-not-credited", `provider says paid ${state.amount} ${state.currency}; order is ${order.status} and no coins were credited`);
    found.push(d);
    if (fix && state.amount !== null && state.currency) {
      d.fixed = (await fulfilOrder(deps, db, { orderId: order.id, provider, providerRef: order.providerRef!, paymentRef: state.paymentRef, amount: state.amount, currency: state.currency })).applied;
    }
  }
  if (!state.paid && credited) found.push(noted(order, "credited-not-paid", "coins were credited but the provider shows no payment: needs a person"));
  if (state.refunded > order.refundedAmount) {
    const d = noted(order, "refund-not-reversed", `provider refunded ${state.refunded} cents; ${order.refundedAmount} reversed`);
    found.push(d);
    if (fix) d.fixed = (await reverseOrder(deps, db, { orderId: order.id, provider, kind: "refund", cents: state.refunded, ref: `reconcile@${state.refunded}` })).applied;
  }
  return found;
}

/** Compares one order with its provider and, with `fix`, repairs it (each repair in its own transaction). */
async function check(deps: PaymentDeps, db: Db, access: ProviderAccess, order: OrderRow, fix: boolean): Promise<Discrepancy[]> {
  const asked = await probe(access, order);
  if ("unreachable" in asked) return [noted(order, "provider-unreachable", asked.unreachable)];
  return asked.state ? compare(deps, db, order, asked.state, fix) : [];
}

/**
 * Lists the orders created since `since` whose provider state and ledger disagree (paid but not
 * credited, refunded but not reversed, credited but unpaid); with `fix` repairs the first two.
 */
export async function reconcile(deps: PaymentDeps, db: Db, access: ProviderAccess, opts: { fix: boolean; since: Date }): Promise<Discrepancy[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(isNotNull(orders.providerRef), gte(orders.createdAt, opts.since)))
    .orderBy(asc(orders.createdAt));
  const all: Discrepancy[] = [];
  for (const row of rows) all.push(...(await check(deps, db, access, row, opts.fix)));
  return all;
}

/**
 * Compares one order with its provider and, with `fix`, repairs it as `reconcile` does (the console's
 * per-row fix). An order never sent to a provider answers no disagreement; NOT_FOUND when there is none.
 * The provider is asked first, outside any transaction (a remote call must not hold the order's lock);
 * with `fix` the comparison and every repair then run in ONE transaction under the order's row lock
 * (the repairs' own transactions become savepoints of it), and `onFixed` runs in it when something
 * was fixed, so the repair and what the caller records about it commit together or not at all.
 */
export async function reconcileOrder(deps: PaymentDeps, db: Db, access: ProviderAccess, orderId: string, fix: boolean, onFixed?: OnFixed): Promise<Discrepancy[]> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw deps.fail("NOT_FOUND", "Order not found");
  const asked = await probe(access, row);
  if ("unreachable" in asked) return [noted(row, "provider-unreachable", asked.unreachable)];
  const state = asked.state;
  if (!state) return [];
  if (!fix) return compare(deps, db, row, state, false);
  return db.transaction(async (tx) => {
    // Re-read under the lock: a webhook may have acted on the order while the provider was asked.
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const found = await compare(deps, tx, locked ?? row, state, true);
    const fixed = found.filter((d) => d.fixed);
    if (fixed.length > 0 && onFixed) await onFixed(tx, fixed);
    return found;
  });
}
