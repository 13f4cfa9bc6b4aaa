import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { coinLedger } from "@storyloom/db";
import { startTestApi, testInstances } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";
import { balance, buyer, CANCEL_URL, json, orderRow, Peer, SITE, SUCCESS_URL } from "./payments.support";

// Providers retry and duplicate notifications, and behind a load balancer the copies reach
// different instances at once: each order must be credited exactly once. Both providers are
// configured with keys against local protocol peers (the settings reach spawned instances as
// environment); notifications are signed here from the documented protocols.

const where = `${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${testInstances()} instance(s)`;
const STRIPE_KEY = "sk_test_peer_key";
const WEBHOOK_SECRET = "whsec_peer_secret";
const MERCHANT = "merchant-42";
const ONLYPAY_SECRET = "onlypay-peer-secret";
let api: RunningApi;
let n = 0;

/** Onlypay's documented signature: HMAC-SHA256 hex over sorted non-empty `k=v` pairs joined by `&`. */
function sign(fields: Record<string, unknown>): string {
  const canonical = Object.entries(fields)
    .filter(([k, v]) => k !== "signature" && v !== undefined && v !== null && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join("&");
  return createHmac("sha256", ONLYPAY_SECRET).update(canonical).digest("hex");
}

const stripePeer = new Peer((req, res) => {
  if (req.method !== "POST" || req.path !== "/v1/checkout/sessions") return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  const f = new URLSearchParams(req.body);
  const id = `cs_test_peer_${++n}`;
  json(res, 200, {
    id,
    object: "checkout.session",
    amount_total: Number(f.get("line_items[0][price_data][unit_amount]")),
    currency: f.get("line_items[0][price_data][currency]"),
    metadata: { order_id: f.get("metadata[order_id]") },
    mode: "payment",
    payment_status: "unpaid",
    status: "open",
    url: `https://checkout.stripe.test/c/pay/${id}`,
  });
});
const onlypayPeer = new Peer((req, res) => {
  const body = JSON.parse(req.body || "{}") as Record<string, unknown>;
  if (req.method !== "POST" || req.path !== "/v1/orders" || body.signature !== sign(body)) return json(res, 401, { error: { code: "bad_signature", message: "signature mismatch" } });
  const id = `op_peer_${String(body.merchant_order_id)}`;
  json(res, 200, { onlypay_order_id: id, pay_url: `https://pay.onlypay.test/p/${id}` });
});

beforeAll(async () => {
  await Promise.all([stripePeer.start(), onlypayPeer.start()]);
  api = await startTestApi({
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: "pk_test_peer",
    STRIPE_API_URL: stripePeer.url,
    ONLYPAY_MERCHANT_ID: MERCHANT,
    ONLYPAY_SECRET,
    ONLYPAY_API_URL: onlypayPeer.url,
  });
});
afterAll(async () => {
  await api?.stop();
  await Promise.all([stripePeer.stop(), onlypayPeer.stop()]);
});

const ledgerRows = (orderId: string) => api.ctx.db.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, `order:${orderId}`));

describe(`duplicate payment notifications at once (${where})`, () => {
  it("20 concurrent deliveries of one Stripe webhook credit once", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const c = await call<{ session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", {
      token: u.token,
      body: { price_id: "coins-1600", success_url: SUCCESS_URL, cancel_url: CANCEL_URL },
    });
    expect(c.code, c.message).toBe("0");
    const payload = JSON.stringify({
      id: `evt_${Date.now()}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: "checkout.session.completed",
      data: {
        object: { id: c.data.session_id, object: "checkout.session", amount_total: 1999, currency: "usd", metadata: { order_id: c.data.order_id }, client_reference_id: c.data.order_id, payment_status: "paid", status: "complete" },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature }, body: payload }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const applied = (await Promise.all(answers.map(async (a) => ((await a.json()) as { data: { applied: boolean } }).data.applied))).filter(Boolean);
    expect(applied).toHaveLength(1);
    expect(await balance(api, u.id)).toBe(before + 1600);
    expect(await ledgerRows(c.data.order_id)).toHaveLength(1);
    expect(await orderRow(api, c.data.order_id)).toMatchObject({ status: "paid" });
  });

  it("20 concurrent deliveries of one Onlypay notification credit once", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const o = await call<{ order_id: string }>(api, "POST", "/api/v1/onlypay/order.create", {
      token: u.token,
      body: { price_id: "coins-700", redirect_url: `${SITE}/recharge-success?provider=onlypay` },
    });
    expect(o.code, o.message).toBe("0");
    const fields = { merchant_order_id: o.data.order_id, onlypay_order_id: `op_peer_${o.data.order_id}`, status: "paid", amount: 999, currency: "usd", timestamp: Math.floor(Date.now() / 1000) };
    const body = { ...fields, signature: sign(fields) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call<{ applied: boolean }>(api, "POST", "/api/v1/onlypay/notify", { body })));
    expect(answers.every((a) => a.code === "0")).toBe(true);
    expect(answers.filter((a) => a.data.applied)).toHaveLength(1);
    expect(await balance(api, u.id)).toBe(before + 700);
    expect(await ledgerRows(o.data.order_id)).toHaveLength(1);
  });
});
