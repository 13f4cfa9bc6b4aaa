import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import Stripe from "stripe";
import { sandboxPayments, type Tx } from "@storyloom/db";
import type { SandboxOptions } from "./index";
import { loopbackUrl, SANDBOX_STRIPE_PATH, STRIPE_WEBHOOK_PATH } from "../constants";
import { checkoutPage, formatAmount, messagePage, orderPage, sendPage } from "./page";

// The sandbox plays Stripe: the part of the Checkout API the API uses (form-encoded, bearer secret
// key, Stripe's error shape), a hosted checkout page, and on Pay a signed `checkout.session.completed`
// event delivered over HTTP to the same webhook handler real Stripe calls.

/** What the sandbox keeps of a Checkout Session. */
interface SessionRecord {
  amount_total: number;
  currency: string;
  product_name: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  /** payment_intent_data[metadata]: the payment intent's and its charge's metadata. */
  intent_metadata?: Record<string, string>;
  created: number;
  /** Refunds made from the sandbox's order page, oldest first. */
  refunds?: SandboxRefund[];
}

/** A refund the sandbox made (from its order page, or through POST /v1/refunds). */
interface SandboxRefund {
  id: string;
  amount: number;
  created: number;
  reason?: string | null;
  metadata?: Record<string, string>;
  /** the Idempotency-Key it was made with: a repeat answers this refund */
  key?: string;
}

const stripeError = (reply: FastifyReply, status: number, message: string, param?: string) =>
  reply.status(status).send({ error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });

/** The charge of a paid session as Stripe's API shows it (refunds newest first, like Stripe's list). */
function chargeObject(id: string, s: SessionRecord) {
  const refunds = [...(s.refunds ?? [])].reverse();
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    id: `ch_${id.slice(8)}`,
    object: "charge",
    amount: s.amount_total,
    amount_captured: s.amount_total,
    amount_refunded: refunded,
    currency: s.currency,
    created: s.created,
    livemode: false,
    metadata: s.intent_metadata ?? {},
    paid: true,
    payment_intent: `pi_${id.slice(8)}`,
    refunded: refunded >= s.amount_total,
    status: "succeeded",
    refunds: {
      object: "list",
      data: refunds.map((r) => ({ id: r.id, object: "refund", amount: r.amount, charge: `ch_${id.slice(8)}`, currency: s.currency, created: r.created, payment_intent: `pi_${id.slice(8)}`, status: "succeeded" })),
      has_more: false,
      url: `/v1/charges/ch_${id.slice(8)}/refunds`,
    },
  };
}

/** The payment intent of a paid session, its latest charge expanded when asked. */
function intentObject(id: string, s: SessionRecord, expandCharge: boolean) {
  const charge = chargeObject(id, s);
  return {
    id: `pi_${id.slice(8)}`,
    object: "payment_intent",
    amount: s.amount_total,
    amount_received: s.amount_total,
    currency: s.currency,
    metadata: s.intent_metadata ?? {},
    status: "succeeded",
    latest_charge: expandCharge ? charge : charge.id,
  };
}

/** The session as Stripe's API shows it. */
function sessionObject(id: string, s: SessionRecord, status: string, url: string) {
  const paid = status === "complete";
  return {
    id,
    object: "checkout.session",
    amount_subtotal: s.amount_total,
    amount_total: s.amount_total,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    created: s.created,
    currency: s.currency,
    customer_email: s.customer_email,
    expires_at: s.created + 24 * 3600,
    livemode: false,
    metadata: s.metadata,
    mode: "payment",
    payment_intent: paid ? `pi_${id.slice(8)}` : null,
    payment_status: paid ? "paid" : "unpaid",
    status,
    success_url: s.success_url,
    url: paid ? null : url,
  };
}

/** A refund as Stripe's API shows it. */
function refundObject(id: string, s: SessionRecord, r: SandboxRefund) {
  return {
    id: r.id,
    object: "refund",
    amount: r.amount,
    charge: `ch_${id.slice(8)}`,
    currency: s.currency,
    created: r.created,
    metadata: r.metadata ?? {},
    payment_intent: `pi_${id.slice(8)}`,
    reason: r.reason ?? null,
    status: "succeeded",
  };
}

type RefundError = { status: number; message: string; param?: string };
type RefundMade = { sessionId: string; session: SessionRecord; refund: SandboxRefund; fresh: boolean };
const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

/** The session a payment_intent or charge parameter names (pi_… / ch_… share the session's suffix). */
function refundTarget(f: URLSearchParams): { sessionId: string; param: string; ref: string } | RefundError {
  const intent = f.get("payment_intent");
  const charge = f.get("charge");
  if (intent && charge) return { status: 400, message: "You cannot pass both charge and payment_intent", param: "charge" };
  const ref = intent ?? charge;
  if (!ref) return { status: 400, message: "One of charge or payment_intent is required" };
  const param = intent ? "payment_intent" : "charge";
  const m = (intent ? /^pi_([A-Za-z0-9_]+)$/ : /^ch_([A-Za-z0-9_]+)$/).exec(ref);
  return m ? { sessionId: `cs_test_${m[1]}`, param, ref } : { status: 404, message: `No such ${param}: '${ref}'`, param };
}

/** The refund's amount: the form's, or what is left; Stripe's errors for anything else. */
function refundAmount(f: URLSearchParams, left: number, chargeId: string): number | RefundError {
  if (left <= 0) return { status: 400, message: `Charge ${chargeId} has already been refunded.` };
  const raw = f.get("amount");
  if (raw === null) return left;
  const cents = /^[0-9]{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(cents) || cents < 1) return { status: 400, message: "Invalid positive integer", param: "amount" };
  if (cents > left) return { status: 400, message: `Refund amount (${formatAmount(cents, "usd")}) is greater than unrefunded amount on charge (${formatAmount(left, "usd")})`, param: "amount" };
  return cents;
}

/**
 * Makes one refund under the session row's lock (two racing refunds cannot both take the last cents);
 * a repeated Idempotency-Key answers the refund it made.
 */
async function makeRefund(tx: Tx, f: URLSearchParams, key: string | undefined): Promise<RefundMade | RefundError> {
  const target = refundTarget(f);
  if ("status" in target) return target;
  const [row] = await tx.select().from(sandboxPayments).where(and(eq(sandboxPayments.id, target.sessionId), eq(sandboxPayments.provider, "stripe"))).for("update");
  if (!row) return { status: 404, message: `No such ${target.param}: '${target.ref}'`, param: target.param };
  const session = row.request as SessionRecord;
  const repeat = key ? session.refunds?.find((r) => r.key === key) : undefined;
  if (repeat) return { sessionId: row.id, session, refund: repeat, fresh: false };
  if (row.status !== "complete") return { status: 400, message: `This ${target.param === "charge" ? "charge" : "PaymentIntent"} does not have a successful charge to refund.`, param: target.param };
  const reason = f.get("reason");
  if (reason !== null && !REFUND_REASONS.has(reason)) return { status: 400, message: "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", param: "reason" };
  const left = session.amount_total - (session.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
  const amount = refundAmount(f, left, `ch_${row.id.slice(8)}`);
  if (typeof amount !== "number") return amount;
  const metadata: Record<string, string> = {};
  for (const [k, v] of f) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) metadata[m[1]!] = v;
  }
  const refund: SandboxRefund = { id: `re_${randomBytes(12).toString("hex")}`, amount, created: Math.floor(Date.now() / 1000), reason, metadata, ...(key ? { key } : {}) };
  const next: SessionRecord = { ...session, refunds: [...(session.refunds ?? []), refund] };
  await tx.update(sandboxPayments).set({ request: next }).where(eq(sandboxPayments.id, row.id));
  return { sessionId: row.id, session: next, refund, fresh: true };
}

/** Registers the Stripe sandbox: the API endpoint under /sandbox/stripe and the checkout page. */
export function stripeSandboxRoutes(app: FastifyInstance, opts: SandboxOptions): void {
  const { db } = opts;
  const brands = opts.brandOrigins;
  const pageUrl = (base: string, id: string) => `${base}/sandbox/checkout/${id}`;

  app.post(`${SANDBOX_STRIPE_PATH}/v1/checkout/sessions`, async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${opts.secrets.stripeSecretKey}`) return stripeError(reply, 401, "Invalid API Key provided");
    const f = new URLSearchParams(typeof req.body === "string" ? req.body : "");
    if (f.get("mode") !== "payment") return stripeError(reply, 400, "The sandbox supports mode=payment only", "mode");
    const amount = Number(f.get("line_items[0][price_data][unit_amount]"));
    const currency = f.get("line_items[0][price_data][currency]") ?? "";
    const quantity = Number(f.get("line_items[0][quantity]") ?? "1");
    const name = f.get("line_items[0][price_data][product_data][name]") ?? "";
    const successUrl = f.get("success_url") ?? "";
    const cancelUrl = f.get("cancel_url") ?? "";
    if (!Number.isInteger(amount) || amount < 1) return stripeError(reply, 400, "Invalid integer", "line_items[0][price_data][unit_amount]");
    if (!/^[a-z]{3}$/.test(currency)) return stripeError(reply, 400, "Invalid currency", "line_items[0][price_data][currency]");
    if (!Number.isInteger(quantity) || quantity < 1) return stripeError(reply, 400, "Invalid quantity", "line_items[0][quantity]");
    if (!name) return stripeError(reply, 400, "Missing required param: line_items[0][price_data][product_data][name]", "line_items[0][price_data][product_data][name]");
    for (const [param, url] of [["success_url", successUrl], ["cancel_url", cancelUrl]] as const) {
      if (!/^https?:\/\//.test(url) || !URL.canParse(url)) return stripeError(reply, 400, "Not a valid URL", param);
      // The sandbox key is public, so unlike Stripe the sandbox sends buyers back to the brand sites only.
      if (!brands.has(new URL(url).origin)) return stripeError(reply, 400, "The sandbox returns to the brand sites (CORS_ORIGINS) only", param);
    }
    const metadata: Record<string, string> = {};
    const intentMetadata: Record<string, string> = {};
    for (const [k, v] of f) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
      const pm = /^payment_intent_data\[metadata\]\[(.+)\]$/.exec(k);
      if (pm) intentMetadata[pm[1]!] = v;
    }
    // Like Stripe, a repeated Idempotency-Key answers the first session instead of making another.
    const key = req.headers["idempotency-key"];
    const id = `cs_test_${typeof key === "string" && key ? createHash("sha256").update(key).digest("hex").slice(0, 40) : randomBytes(20).toString("hex")}`;
    const record: SessionRecord = {
      amount_total: amount * quantity,
      currency,
      product_name: name,
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: f.get("client_reference_id"),
      customer_email: f.get("customer_email"),
      metadata,
      intent_metadata: intentMetadata,
      created: Math.floor(Date.now() / 1000),
    };
    await db.insert(sandboxPayments).values({ id, provider: "stripe", request: record }).onConflictDoNothing();
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return reply.send(sessionObject(id, row!.request as SessionRecord, row!.status, pageUrl(opts.publicBase(req), id)));
  });

  // Retrieve, as reconciliation asks: GET /v1/checkout/sessions/:id?expand[]=payment_intent.latest_charge
  app.get<{ Params: { id: string } }>(`${SANDBOX_STRIPE_PATH}/v1/checkout/sessions/:id`, async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${opts.secrets.stripeSecretKey}`) return stripeError(reply, 401, "Invalid API Key provided");
    const found = await load(req.params.id);
    if (!found) return stripeError(reply, 404, `No such checkout.session: '${req.params.id}'`, "id");
    // The SDK writes expand[0]=…, curl users expand[]=…
    const expand = [...new URLSearchParams(req.url.split("?")[1] ?? "")].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
    const session = sessionObject(req.params.id, found.session, found.status, pageUrl(opts.publicBase(req), req.params.id));
    if (found.status === "complete" && expand.some((e) => e.startsWith("payment_intent"))) {
      return reply.send({ ...session, payment_intent: intentObject(req.params.id, found.session, expand.includes("payment_intent.latest_charge")) });
    }
    return reply.send(session);
  });

  const load = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.provider, "stripe")));
    return row ? { status: row.status, session: row.request as SessionRecord } : null;
  };
  const missing = (reply: FastifyReply) => sendPage(reply, 404, messagePage("Checkout not found", "This sandbox checkout does not exist. Start the purchase again from the shop."));

  app.get<{ Params: { id: string } }>("/sandbox/checkout/:id", async (req, reply) => {
    const found = await load(req.params.id);
    if (!found) return missing(reply);
    const { session } = found;
    const base = `/sandbox/checkout/${encodeURIComponent(req.params.id)}`;
    if (found.status === "complete") {
      const refunded = (session.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
      return sendPage(
        reply,
        200,
        orderPage({
          provider: "Stripe",
          item: session.product_name,
          amount: session.amount_total,
          refunded,
          currency: session.currency,
          refundAction: `${base}/refund`,
          note: "Sandbox order: a refund sends a signed charge.refunded event to the shop, as Stripe does when you refund in the dashboard.",
        }),
      );
    }
    const page = checkoutPage({
      provider: "Stripe",
      item: session.product_name,
      amount: session.amount_total,
      currency: session.currency,
      payAction: `${base}/pay`,
      cancelAction: `${base}/cancel`,
      note: "Sandbox checkout: no card is charged and no real money moves. On Stripe's test mode the card 4242 4242 4242 4242 does the same.",
    });
    return sendPage(reply, 200, page, [session.success_url, session.cancel_url]);
  });

  /** Signs an event the way Stripe does and delivers it to the webhook handler; true once it answered 2xx. */
  const deliver = async (type: string, object: unknown): Promise<Response | null> => {
    const event = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secrets.stripeWebhookSecret });
    return fetch(`${loopbackUrl(app)}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      body: payload,
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
  };

  app.post<{ Params: { id: string } }>("/sandbox/checkout/:id/pay", async (req, reply) => {
    const id = req.params.id;
    const found = await load(id);
    if (!found) return missing(reply);
    const successUrl = found.session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", id);
    if (found.status !== "complete") {
      const res = await deliver("checkout.session.completed", sessionObject(id, found.session, "complete", ""));
      if (!res?.ok) {
        // Real Stripe would retry later; the sandbox says so, and the buyer can press Pay again.
        return sendPage(reply, 502, messagePage("Payment not confirmed", `The shop did not accept the payment notification (${res ? `HTTP ${res.status}` : "no answer"}). Go back and try again.`));
      }
      await db.update(sandboxPayments).set({ status: "complete", completedAt: new Date() }).where(eq(sandboxPayments.id, id));
    }
    return reply.status(303).header("location", successUrl).send();
  });

  // The order page's Refund: like a refund in Stripe's dashboard, it sends a signed charge.refunded
  // (amount_refunded = the running total) to the same webhook handler. The form's amount is in
  // dollars; empty refunds what is left.
  app.post<{ Params: { id: string } }>("/sandbox/checkout/:id/refund", async (req, reply) => {
    const id = req.params.id;
    const found = await load(id);
    if (!found) return missing(reply);
    const back = `/sandbox/checkout/${encodeURIComponent(id)}`;
    if (found.status !== "complete") return sendPage(reply, 409, messagePage("Nothing to refund", "This checkout was not paid."));
    const s = found.session;
    const left = s.amount_total - (s.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
    const raw = new URLSearchParams(typeof req.body === "string" ? req.body : "").get("amount")?.trim() ?? "";
    const cents = raw === "" ? left : Math.round(Number(raw) * 100);
    if (!Number.isInteger(cents) || cents < 1 || cents > left) {
      return sendPage(reply, 400, messagePage("Refund refused", `Enter an amount between $0.01 and ${formatAmount(left, s.currency)}.`));
    }
    const refunds = [...(s.refunds ?? []), { id: `re_${randomBytes(12).toString("hex")}`, amount: cents, created: Math.floor(Date.now() / 1000) }];
    const next: SessionRecord = { ...s, refunds };
    const res = await deliver("charge.refunded", chargeObject(id, next));
    if (!res?.ok) return sendPage(reply, 502, messagePage("Refund not confirmed", `The shop did not accept the refund notification (${res ? `HTTP ${res.status}` : "no answer"}). Go back and try again.`));
    await db.update(sandboxPayments).set({ request: next }).where(eq(sandboxPayments.id, id));
    return reply.status(303).header("location", back).send();
  });

  // Refunds, as the Stripe API makes them: POST /v1/refunds with a payment_intent or a charge and an
  // optional amount (default: what is left). Like Stripe the refund is made first and charge.refunded
  // is sent to the webhook after it; a delivery that fails is left for reconciliation to find.
  app.post(`${SANDBOX_STRIPE_PATH}/v1/refunds`, async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${opts.secrets.stripeSecretKey}`) return stripeError(reply, 401, "Invalid API Key provided");
    const f = new URLSearchParams(typeof req.body === "string" ? req.body : "");
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined;
    const made = await db.transaction(async (tx) => makeRefund(tx, f, key));
    if ("status" in made) return stripeError(reply, made.status, made.message, made.param);
    if (made.fresh) await deliver("charge.refunded", chargeObject(made.sessionId, made.session));
    return reply.send(refundObject(made.sessionId, made.session, made.refund));
  });

  app.post<{ Params: { id: string } }>("/sandbox/checkout/:id/cancel", async (req, reply) => {
    const found = await load(req.params.id);
    if (!found) return missing(reply);
    // Like Stripe: leaving the page changes nothing; the session stays open until it expires.
    return reply.status(303).header("location", found.session.cancel_url).send();
  });
}
