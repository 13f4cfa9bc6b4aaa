import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import { orders, type Db } from "@storyloom/db";
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

/** Compares one order with its provider and, with `fix`, repairs it. */
async function check(deps: PaymentDeps, db: Db, access: ProviderAccess, order: OrderRow, fix: boolean): Promise<Discrepancy[]> {
  const found: Discrepancy[] = [];
  const note = (problem: Discrepancy["problem"], detail: string) => {
    const d: Discrepancy = { order_id: order.id, provider: order.provider, problem, detail, fixed: false };
    found.push(d);
    return d;
  };
  let state: ProviderState | null;
  try {
    state = await providerState(access, order);
  } catch (err) {
    note("provider-unreachable", err instanceof Error ? err.message : String(err));
    return found;
  }
  if (!state) return found;
  const credited = await isCredited(db, order.id);
  if (state.paid && !credited) {
    const d = note("paid-not-credited", `provider says paid ${state.amount} ${state.currency}; order is ${order.status} and no coins were credited`);
    if (fix && state.amount !== null && state.currency) {
      const provider = order.provider as "stripe" | "onlypay";
      d.fixed = (await fulfilOrder(deps, db, { orderId: order.id, provider, providerRef: order.providerRef!, paymentRef: state.paymentRef, amount: state.amount, currency: state.currency })).applied;
    }
  }
  if (!state.paid && credited) note("credited-not-paid", "coins were credited but the provider shows no payment: needs a person");
  if (state.refunded > order.refundedAmount) {
    const d = note("refund-not-reversed", `provider refunded ${state.refunded} cents; ${order.refundedAmount} reversed`);
    if (fix) {
      const provider = order.provider as "stripe" | "onlypay";
      d.fixed = (await reverseOrder(deps, db, { orderId: order.id, provider, kind: "refund", cents: state.refunded, ref: `reconcile@${state.refunded}` })).applied;
    }
  }
  return found;
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
 */
export async function reconcileOrder(deps: PaymentDeps, db: Db, access: ProviderAccess, orderId: string, fix: boolean): Promise<Discrepancy[]> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw deps.fail("NOT_FOUND", "Order not found");
  return check(deps, db, access, row, fix);
}
