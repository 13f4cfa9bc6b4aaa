import Stripe from "stripe";
import { and, eq } from "drizzle-orm";
import { orders, type Db, type Tx } from "@storyloom/db";
import { CURRENCY, type PaymentDeps } from "./deps";
import { onProviderEvent } from "./events";
import { closeOrder, fulfilOrder } from "./fulfil";
import { restoreDispute, reverseOrder } from "./reversals";

/** The default API version the SDK speaks (the sandbox's events carry it). */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/**
 * A Stripe client for the API base URL: host, port and protocol go to the SDK; a path prefix (the
 * sandbox lives under /sandbox/stripe) is added by the fetch it uses, since the SDK has no base-path option.
 */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const opts: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 15_000 };
  if (apiUrl) {
    const base = new URL(apiUrl);
    const prefix = base.pathname.replace(/\/+$/, "");
    opts.host = base.hostname;
    opts.port = base.port || (base.protocol === "http:" ? 80 : 443);
    opts.protocol = base.protocol === "http:" ? "http" : "https";
    if (prefix) {
      const prefixed = (input: string, init?: RequestInit): Promise<Response> => {
        const url = new URL(input);
        url.pathname = `${prefix}${url.pathname}`;
        return fetch(url, init);
      };
      opts.httpClient = Stripe.createFetchHttpClient(prefixed);
    }
  }
  return new Stripe(secretKey, opts);
}

/**
 * Stripe fills `{CHECKOUT_SESSION_ID}` in on the way back; the return page needs it and the provider
 * name. The brand client usually asks for them already — then the URL is left as it is.
 */
export function withSessionPlaceholder(successUrl: string): string {
  const query = successUrl.split("#")[0]!.split("?")[1] ?? "";
  const names = new Set(query.split("&").map((p) => p.split("=")[0]));
  const add = [names.has("provider") ? null : "provider=stripe", names.has("session_id") ? null : "session_id={CHECKOUT_SESSION_ID}"].filter(Boolean);
  if (add.length === 0) return successUrl;
  const [base, hash] = successUrl.split("#", 2) as [string, string | undefined];
  const sep = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${sep}${add.join("&")}${hash === undefined ? "" : `#${hash}`}`;
}

/** Creates the hosted Checkout Session of an order: one line item of the package, order id in metadata. */
export async function createCheckoutSession(
  stripe: Stripe,
  order: { id: string; amount: number; coins: number },
  urls: { success: string; cancel: string },
  email: string | null,
): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: order.amount, product_data: { name: `${order.coins} coins` } } }],
      metadata: { order_id: order.id },
      // Refunds and disputes name the payment intent and carry its metadata: they find the order by either.
      payment_intent_data: { metadata: { order_id: order.id } },
      client_reference_id: order.id,
      success_url: withSessionPlaceholder(urls.success),
      cancel_url: urls.cancel,
      ...(email ? { customer_email: email } : {}),
    },
    // A retried create (network blip, SDK retry) must not open a second session for one order.
    { idempotencyKey: `checkout:${order.id}` },
  );
}

/** Verifies a webhook delivery against the endpoint secret; a bad or stale signature is a 400. */
export function verifyStripeEvent(deps: Pick<PaymentDeps, "fail">, stripe: Stripe, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw deps.fail("VALIDATION_ERROR", "Missing Stripe signature");
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw deps.fail("VALIDATION_ERROR", "Invalid Stripe signature");
  }
}

/** What a webhook delivery did: fulfilled, closed or reversed an order, or nothing (repeat, unrelated event). */
export interface WebhookOutcome {
  event: string;
  order_id: string | null;
  applied: boolean;
  /** Coins taken back and the part the balance could not cover (refunds and disputes). */
  coins?: number;
  shortfall?: number;
  /** This delivery repeated an event already acted on; `recorded` is what the first one did. */
  replay?: boolean;
  recorded?: WebhookOutcome;
}

/** The id of an expandable Stripe field (a string, an expanded object, or nothing). */
function idOf(field: string | { id: string } | null | undefined): string | null {
  return typeof field === "string" ? field : (field?.id ?? null);
}

/** Our order of a refund or dispute: by the metadata we set, else by the payment intent it names. */
async function orderOfPayment(db: Db | Tx, orderId: string | null | undefined, paymentIntent: string | null): Promise<string | null> {
  if (orderId) return orderId;
  if (!paymentIntent) return null;
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.provider, "stripe"), eq(orders.paymentRef, paymentIntent)));
  return row?.id ?? null;
}

/** The order an event is about (null: not ours), read without acting. */
async function eventOrder(db: Db, event: Stripe.Event): Promise<string | null> {
  if (event.type.startsWith("checkout.session.")) {
    const session = event.data.object as Stripe.Checkout.Session;
    return session.metadata?.order_id ?? session.client_reference_id ?? null;
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    return orderOfPayment(db, charge.metadata?.order_id, idOf(charge.payment_intent));
  }
  if (event.type === "charge.dispute.created" || event.type === "charge.dispute.closed") {
    const dispute = event.data.object as Stripe.Dispute;
    return orderOfPayment(db, dispute.metadata?.order_id, idOf(dispute.payment_intent));
  }
  return null;
}

/** Acts on one verified event inside the event's transaction. */
async function actOn(deps: PaymentDeps, tx: Tx, event: Stripe.Event, orderId: string): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { event: event.type, order_id: orderId, applied: false };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object as Stripe.Checkout.Session;
      // A completed session can still be unpaid (bank debits settle later: async_payment_succeeded).
      if (session.payment_status !== "paid") return outcome;
      if (session.amount_total === null || !session.currency) throw deps.fail("VALIDATION_ERROR", "Session has no amount");
      const r = await fulfilOrder(deps, tx, {
        orderId,
        provider: "stripe",
        providerRef: session.id,
        paymentRef: idOf(session.payment_intent),
        amount: session.amount_total,
        currency: session.currency,
      });
      outcome.applied = r.applied;
      return outcome;
    }
    case "checkout.session.expired":
      outcome.applied = await closeOrder(deps, tx, orderId, "stripe", "cancelled");
      return outcome;
    case "checkout.session.async_payment_failed":
      outcome.applied = await closeOrder(deps, tx, orderId, "stripe", "failed");
      return outcome;
    case "charge.refunded": {
      const charge = event.data.object as Stripe.Charge;
      if (charge.currency.toLowerCase() !== CURRENCY) throw deps.fail("VALIDATION_ERROR", "Payment currency does not match the order", { order_id: orderId });
      // amount_refunded is the running total: an older event arriving late is below the recorded one.
      const latest = charge.refunds?.data?.[0]?.id;
      const r = await reverseOrder(deps, tx, { orderId, provider: "stripe", kind: "refund", cents: charge.amount_refunded, ref: latest ?? `${charge.id}@${charge.amount_refunded}` });
      return { ...outcome, applied: r.applied, coins: r.coins, shortfall: r.shortfall };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object as Stripe.Dispute;
      if (dispute.currency.toLowerCase() !== CURRENCY) throw deps.fail("VALIDATION_ERROR", "Payment currency does not match the order", { order_id: orderId });
      const r = await reverseOrder(deps, tx, { orderId, provider: "stripe", kind: "dispute", cents: dispute.amount, ref: dispute.id });
      return { ...outcome, applied: r.applied, coins: r.coins, shortfall: r.shortfall };
    }
    case "charge.dispute.closed": {
      // Won: the money came back, so do the coins its opening took. Lost (or any other end): they stay taken.
      const dispute = event.data.object as Stripe.Dispute;
      if (dispute.status !== "won") return outcome;
      const r = await restoreDispute(deps, tx, { orderId, provider: "stripe", ref: dispute.id });
      return { ...outcome, applied: r.applied, coins: r.coins };
    }
    default:
      return outcome;
  }
}

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "checkout.session.async_payment_failed",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
]);

/**
 * Acts on a verified Stripe event: a paid session completion fulfils its order, an expiry cancels it,
 * an asynchronous payment failure fails it, a refund or dispute takes the coins back in proportion,
 * and a won dispute gives back what its opening took.
 * The event is stored first; a repeat is answered from the record. An event that names no order of
 * ours is acknowledged and ignored (other integrations share the account).
 */
export async function handleStripeEvent(deps: PaymentDeps, db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  const orderId = HANDLED.has(event.type) ? await eventOrder(db, event) : null;
  const answer = await onProviderEvent(db, { provider: "stripe", id: event.id, type: event.type, orderId }, (tx) =>
    orderId ? actOn(deps, tx, event, orderId) : Promise.resolve<WebhookOutcome>({ event: event.type, order_id: null, applied: false }),
  );
  return answer.replay ? { ...answer.outcome, applied: false, replay: true, recorded: answer.outcome } : answer.outcome;
}
