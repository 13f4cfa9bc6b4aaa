import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { coinLedger, rowsOf } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";
import { balance, buyer, CANCEL_URL, json, orderRow, Peer, SITE, SUCCESS_URL } from "./payments.support";

// Stripe configured with keys: the real SDK talks to a local Stripe-protocol peer, and webhooks are
// signed the way Stripe signs them. Nothing of ours is mocked.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const SECRET_KEY = "sk_test_peer_key";
const WEBHOOK_SECRET = "whsec_peer_secret";
let api: RunningApi;
let sessions = 0;
const stripePeer = new Peer((req, res) => {
  if (req.method !== "POST" || req.path !== "/v1/checkout/sessions") return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  const f = new URLSearchParams(req.body);
  const id = `cs_test_peer_${++sessions}`;
  json(res, 200, {
    id,
    object: "checkout.session",
    amount_total: Number(f.get("line_items[0][price_data][unit_amount]")),
    currency: f.get("line_items[0][price_data][currency]"),
    metadata: { order_id: f.get("metadata[order_id]") },
    client_reference_id: f.get("client_reference_id"),
    mode: "payment",
    payment_status: "unpaid",
    status: "open",
    url: `https://checkout.stripe.test/c/pay/${id}`,
  });
});

beforeAll(async () => {
  await stripePeer.start();
  api = await startTestApi({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: "pk_test_peer", STRIPE_API_URL: stripePeer.url, PAYMENTS_SANDBOX: false });
});
afterAll(async () => {
  await api?.stop();
  await stripePeer.stop();
});

interface Checkout {
  session_id: string;
  url: string;
  order_id: string;
}

async function checkout(token: string, priceId = "coins-300", successUrl = SUCCESS_URL) {
  const r = await call<Checkout>(api, "POST", "/api/v1/checkout.create", { token, body: { price_id: priceId, success_url: successUrl, cancel_url: CANCEL_URL } });
  expect(r.code, r.message).toBe("0");
  return r.data;
}

/** A Stripe-format event about a checkout session. */
function sessionEvent(type: string, session: { id: string; order_id: string; amount: number; currency?: string; payment_status?: string }) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        amount_total: session.amount,
        currency: session.currency ?? "usd",
        metadata: { order_id: session.order_id },
        client_reference_id: session.order_id,
        payment_status: session.payment_status ?? "paid",
        status: "complete",
      },
    },
  });
}

function webhook(payload: string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const signature = opts.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature }, body: payload });
}

async function ledgerRows(orderId: string) {
  return api.ctx.db.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, `order:${orderId}`));
}

describe(`checkout.create through the Stripe SDK (${engine})`, () => {
  it("asks Stripe for one line item of the package with the order id, and answers session_id, url, order_id", async () => {
    const u = await buyer(api);
    const c = await checkout(u.token);
    expect(c.url).toBe(`https://checkout.stripe.test/c/pay/${c.session_id}`);
    expect((c as Checkout & { publishable_key?: string }).publishable_key).toBe("pk_test_peer");
    const req = stripePeer.received.at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.headers["idempotency-key"]).toBe(`checkout:${c.order_id}`);
    const f = Object.fromEntries(new URLSearchParams(req.body));
    expect(f).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "499",
      "line_items[0][price_data][product_data][name]": "300 coins",
      "metadata[order_id]": c.order_id,
      client_reference_id: c.order_id,
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    expect(f.customer_email).toMatch(/@example\.com$/);
    expect(await orderRow(api, c.order_id)).toMatchObject({ status: "pending", providerRef: c.session_id, amount: 499, coins: 300 });
  });

  it("appends provider and the session placeholder to a success URL that lacks them", async () => {
    const u = await buyer(api);
    await checkout(u.token, "coins-100", `${SITE}/recharge-success`);
    const f = new URLSearchParams(stripePeer.received.at(-1)!.body);
    expect(f.get("success_url")).toBe(`${SITE}/recharge-success?provider=stripe&session_id={CHECKOUT_SESSION_ID}`);
  });

  it("answers 502 'Stripe payment creation failed' and fails the order when Stripe refuses", async () => {
    const u = await buyer(api);
    const ok = stripePeer.answer((_req, res) => json(res, 400, { error: { type: "invalid_request_error", message: "No such thing" } }));
    try {
      const r = await call(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
      expect(r.status).toBe(502);
      expect(r.code).toBe("PAYMENT_ERROR");
      expect(r.message).toBe("Stripe payment creation failed");
      const [row] = rowsOf<{ status: string }>(await api.ctx.db.execute(sql`select status from orders where user_id = ${u.id}`));
      expect(row!.status).toBe("failed");
    } finally {
      stripePeer.answer(ok);
    }
  });
});

// 20 concurrent deliveries of one event: payments.concurrency.test.ts (also run against two instances).
describe(`Stripe webhook (${engine})`, () => {
  it("fulfils a paid checkout.session.completed exactly once, however often it is delivered", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const c = await checkout(u.token);
    const payload = sessionEvent("checkout.session.completed", { id: c.session_id, order_id: c.order_id, amount: 499 });
    const first = await webhook(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ code: "0", data: { order_id: c.order_id, applied: true } });
    const again = await webhook(payload);
    expect(await again.json()).toMatchObject({ code: "0", data: { applied: false } });
    expect(await balance(api, u.id)).toBe(before + 300);
    expect(await ledgerRows(c.order_id)).toHaveLength(1);
    expect(await orderRow(api, c.order_id)).toMatchObject({ status: "paid" });
    expect((await orderRow(api, c.order_id))!.paidAt).not.toBeNull();
  });

  it.each([
    ["a wrong secret", { secret: "whsec_someone_else" }],
    ["a stale timestamp", { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
    ["a garbage header", { signature: "t=1,v1=deadbeef" }],
  ])("refuses %s with 400 and writes nothing", async (_label, opts) => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const c = await checkout(u.token);
    const r = await webhook(sessionEvent("checkout.session.completed", { id: c.session_id, order_id: c.order_id, amount: 499 }), opts);
    expect(r.status).toBe(400);
    expect(await orderRow(api, c.order_id)).toMatchObject({ status: "pending", paidAt: null });
    expect(await ledgerRows(c.order_id)).toHaveLength(0);
    expect(await balance(api, u.id)).toBe(before);
  });

  it.each([
    ["amount", { amount: 1 }],
    ["currency", { currency: "eur" }],
    ["session", { id: "cs_test_other" }],
  ])("refuses a paid event whose %s does not match the order with 400 and writes nothing", async (_label, change) => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const c = await checkout(u.token);
    const r = await webhook(sessionEvent("checkout.session.completed", { id: c.session_id, order_id: c.order_id, amount: 499, ...change }));
    expect(r.status).toBe(400);
    expect(await orderRow(api, c.order_id)).toMatchObject({ status: "pending", paidAt: null });
    expect(await ledgerRows(c.order_id)).toHaveLength(0);
    expect(await balance(api, u.id)).toBe(before);
  });

  it("answers 404 for an unknown order and ignores events that are not ours", async () => {
    const unknown = await webhook(sessionEvent("checkout.session.completed", { id: "cs_x", order_id: "ord_missing", amount: 499 }));
    expect(unknown.status).toBe(404);
    const other = JSON.stringify({ id: "evt_1", object: "event", type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } });
    const ignored = await webhook(other);
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toMatchObject({ code: "0", data: { applied: false, order_id: null } });
  });

  it("credits nothing for an unpaid completion, cancels on expiry, and fails on async payment failure", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const a = await checkout(u.token);
    const unpaid = await webhook(sessionEvent("checkout.session.completed", { id: a.session_id, order_id: a.order_id, amount: 499, payment_status: "unpaid" }));
    expect(unpaid.status).toBe(200);
    expect((await orderRow(api, a.order_id))!.status).toBe("pending");
    await webhook(sessionEvent("checkout.session.async_payment_failed", { id: a.session_id, order_id: a.order_id, amount: 499, payment_status: "unpaid" }));
    expect((await orderRow(api, a.order_id))!.status).toBe("failed");
    const b = await checkout(u.token);
    await webhook(sessionEvent("checkout.session.expired", { id: b.session_id, order_id: b.order_id, amount: 499, payment_status: "unpaid" }));
    expect((await orderRow(api, b.order_id))!.status).toBe("cancelled");
    expect(await balance(api, u.id)).toBe(before);
  });

  it("refuses a JSON body without a signature header", async () => {
    const r = await fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(r.status).toBe(400);
  });
});
