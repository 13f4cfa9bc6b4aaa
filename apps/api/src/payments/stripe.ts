import type Stripe from "stripe";
import type { Db } from "@storyloom/db";
import { ApiError } from "../errors";
import { closeOrder, CURRENCY, fulfilOrder } from "./orders";

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
export function verifyStripeEvent(stripe: Stripe, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new ApiError("VALIDATION_ERROR", "Missing Stripe signature");
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "Invalid Stripe signature");
  }
}

/** What a webhook delivery did: fulfilled an order, closed one, or nothing (repeat, unrelated event). */
export interface WebhookOutcome {
  event: string;
  order_id: string | null;
  applied: boolean;
}

/**
 * Acts on a verified Stripe event. Only checkout sessions matter: a paid completion fulfils the order
 * named in its metadata, an expiry cancels it, an asynchronous payment failure fails it. A session
 * that names no order of ours is acknowledged and ignored (other integrations share the account).
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { event: event.type, order_id: null, applied: false };
  if (!event.type.startsWith("checkout.session.")) return outcome;
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? null;
  if (!orderId) return outcome;
  outcome.order_id = orderId;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // A completed session can still be unpaid (bank debits settle later: async_payment_succeeded).
      if (session.payment_status !== "paid") return outcome;
      if (session.amount_total === null || !session.currency) throw new ApiError("VALIDATION_ERROR", "Session has no amount");
      const r = await fulfilOrder(db, { orderId, provider: "stripe", providerRef: session.id, amount: session.amount_total, currency: session.currency });
      outcome.applied = r.applied;
      return outcome;
    }
    case "checkout.session.expired":
      outcome.applied = await closeOrder(db, orderId, "stripe", "cancelled");
      return outcome;
    case "checkout.session.async_payment_failed":
      outcome.applied = await closeOrder(db, orderId, "stripe", "failed");
      return outcome;
    default:
      return outcome;
  }
}
