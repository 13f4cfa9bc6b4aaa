import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { coinLedger, paymentEvents } from "@storyloom/db";
import { paymentsFor } from "../src/payments/domain";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";
import { balance, buyer, json, orderRow, Peer, SITE } from "./payments.support";

// Onlypay configured with merchant credentials: the API talks to a local Onlypay peer that checks
// our signatures, and the peer's notifications are signed independently here, from the protocol
// as documented in packages/payments/src/server/onlypay.ts — not with the API's own signing code.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const MERCHANT = "merchant-42";
const SECRET = "onlypay-peer-secret";
let api: RunningApi;

/** The documented signature: HMAC-SHA256 hex over sorted non-empty `k=v` pairs joined by `&`, signature excluded. */
function sign(fields: Record<string, unknown>, secret = SECRET): string {
  const canonical = Object.entries(fields)
    .filter(([k, v]) => k !== "signature" && v !== undefined && v !== null && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join("&");
  return createHmac("sha256", secret).update(canonical).digest("hex");
}

let refuse = false;
let orders = 0;
/** What the peer reports for an Onlypay order (protocol step 4), set by the reconciliation test. */
const peerOrders = new Map<string, { merchant_order_id: string; status: string; amount: number; refunded_amount: number }>();
const onlypayPeer = new Peer((req, res) => {
  const status = /^\/v1\/orders\/([^/?]+)\?(.*)$/.exec(req.path);
  if (req.method === "GET" && status) {
    const q = Object.fromEntries(new URLSearchParams(status[2]));
    if (q.merchant_id !== MERCHANT || q.signature !== sign({ merchant_id: q.merchant_id, timestamp: q.timestamp })) return json(res, 401, { error: { code: "bad_signature", message: "signature mismatch" } });
    const o = peerOrders.get(decodeURIComponent(status[1]!));
    if (!o) return json(res, 404, { error: { code: "not_found", message: "No such order" } });
    return json(res, 200, { onlypay_order_id: status[1], currency: "usd", ...o });
  }
  if (req.method !== "POST" || req.path !== "/v1/orders") return json(res, 404, { error: { code: "not_found", message: "no such route" } });
  const body = JSON.parse(req.body) as Record<string, unknown>;
  if (refuse || body.merchant_id !== MERCHANT || body.signature !== sign(body)) return json(res, 401, { error: { code: "bad_signature", message: "signature mismatch" } });
  const id = `op_peer_${++orders}`;
  json(res, 200, { onlypay_order_id: id, pay_url: `https://pay.onlypay.test/p/${id}` });
});

beforeAll(async () => {
  await onlypayPeer.start();
  api = await startTestApi({ ONLYPAY_MERCHANT_ID: MERCHANT, ONLYPAY_SECRET: SECRET, ONLYPAY_API_URL: onlypayPeer.url, PAYMENTS_SANDBOX: false });
});
afterAll(async () => {
  await api?.stop();
  await onlypayPeer.stop();
});

async function create(token: string, priceId = "coins-300") {
  const r = await call<{ order_id: string; pay_url: string }>(api, "POST", "/api/v1/onlypay/order.create", {
    token,
    body: { price_id: priceId, redirect_url: `${SITE}/recharge-success?provider=onlypay` },
  });
  expect(r.code, r.message).toBe("0");
  const sent = JSON.parse(onlypayPeer.received.at(-1)!.body) as Record<string, unknown>;
  return { ...r.data, onlypayId: `op_peer_${orders}`, sent };
}

function notification(o: { order_id: string; onlypayId: string }, change: Record<string, unknown> = {}, secret = SECRET) {
  const fields = { merchant_order_id: o.order_id, onlypay_order_id: o.onlypayId, status: "paid", amount: 499, currency: "usd", timestamp: Math.floor(Date.now() / 1000), ...change };
  return { ...fields, signature: sign(fields, secret) };
}

const notify = (body: unknown) => call<{ order_id: string; applied: boolean }>(api, "POST", "/api/v1/onlypay/notify", { body });
const ledgerRows = (orderId: string) => api.ctx.db.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, `order:${orderId}`));

describe(`onlypay/order.create against an Onlypay peer (${engine})`, () => {
  it("sends a signed order the peer accepts and answers order_id and pay_url", async () => {
    const u = await buyer(api);
    const o = await create(u.token);
    expect(o.pay_url).toBe(`https://pay.onlypay.test/p/${o.onlypayId}`);
    expect(o.sent).toMatchObject({
      merchant_id: MERCHANT,
      merchant_order_id: o.order_id,
      amount: 499,
      currency: "usd",
      description: "300 coins",
      notify_url: `${api.url}/api/v1/onlypay/notify`,
      return_url: `${SITE}/recharge-success?provider=onlypay&order_id=${o.order_id}`,
    });
    expect(Math.abs(Number(o.sent.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(o.sent.signature).toBe(sign(o.sent));
    expect(await orderRow(api, o.order_id)).toMatchObject({ status: "pending", provider: "onlypay", providerRef: o.onlypayId });
  });

  it("answers 502 'Onlypay payment creation failed' and fails the order when Onlypay refuses", async () => {
    const u = await buyer(api);
    refuse = true;
    try {
      const r = await call<{ order_id: string }>(api, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
      expect(r.status).toBe(502);
      expect(r.code).toBe("PAYMENT_ERROR");
      expect(r.message).toBe("Onlypay payment creation failed");
      const sent = JSON.parse(onlypayPeer.received.at(-1)!.body) as { merchant_order_id: string };
      expect((await orderRow(api, sent.merchant_order_id))!.status).toBe("failed");
    } finally {
      refuse = false;
    }
  });
});

// 20 concurrent deliveries of one notification: payments.concurrency.test.ts (also run against two instances).
describe(`Onlypay notify (${engine})`, () => {
  it("fulfils a signed paid notification once and answers code '0'", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const o = await create(u.token);
    const body = notification(o);
    const first = await notify(body);
    expect(first.status).toBe(200);
    expect(first.code).toBe("0");
    expect(first.data.applied).toBe(true);
    const again = await notify(body);
    expect(again.code).toBe("0");
    expect(again.data.applied).toBe(false);
    expect(await balance(api, u.id)).toBe(before + 300);
    expect(await ledgerRows(o.order_id)).toHaveLength(1);
    expect((await orderRow(api, o.order_id))!.status).toBe("paid");
  });

  it.each([
    ["signed with another secret", (o: { order_id: string; onlypayId: string }) => notification(o, {}, "not-the-secret")],
    ["tampered after signing", (o: { order_id: string; onlypayId: string }) => ({ ...notification(o), amount: 1 })],
    ["older than 10 minutes", (o: { order_id: string; onlypayId: string }) => notification(o, { timestamp: Math.floor(Date.now() / 1000) - 601 })],
    ["for another amount", (o: { order_id: string; onlypayId: string }) => notification(o, { amount: 100 })],
    ["for another currency", (o: { order_id: string; onlypayId: string }) => notification(o, { currency: "eur" })],
    ["for another Onlypay order", (o: { order_id: string; onlypayId: string }) => notification(o, { onlypay_order_id: "op_other" })],
    ["missing fields", (o: { order_id: string; onlypayId: string }) => ({ merchant_order_id: o.order_id, status: "paid" })],
  ])("refuses a notification %s with 400 and writes nothing", async (_label, make) => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const o = await create(u.token);
    const r = await notify(make(o));
    expect(r.status).toBe(400);
    expect(await orderRow(api, o.order_id)).toMatchObject({ status: "pending", paidAt: null });
    expect(await ledgerRows(o.order_id)).toHaveLength(0);
    expect(await balance(api, u.id)).toBe(before);
  });

  it("answers 404 for an unknown order and marks a failed payment failed", async () => {
    const unknown = await notify(notification({ order_id: "ord_missing", onlypayId: "op_x" }));
    expect(unknown.status).toBe(404);
    const u = await buyer(api);
    const o = await create(u.token);
    const failed = await notify(notification(o, { status: "failed" }));
    expect(failed.code).toBe("0");
    expect((await orderRow(api, o.order_id))!.status).toBe("failed");
    // A late "paid" still wins: the money was taken, so the coins are owed.
    const paid = await notify(notification(o));
    expect(paid.data.applied).toBe(true);
    expect((await orderRow(api, o.order_id))!.status).toBe("paid");
  });
});

const reversals = (orderId: string) => api.ctx.db.select().from(coinLedger).where(like(coinLedger.idempotencyKey, `reversal:${orderId}:%`));
const refund = (o: { order_id: string; onlypayId: string }, refundId: string, total: number, amount = 499) =>
  notification(o, { status: "refunded", amount, refund_id: refundId, refunded_amount: total });

describe(`Onlypay refunds (${engine})`, () => {
  async function paid(priceId = "coins-300", amount = 499) {
    const u = await buyer(api);
    const o = await create(u.token, priceId);
    expect((await notify(notification(o, { amount }))).data.applied).toBe(true);
    return { u, o };
  }

  it("takes refunded coins back in proportion, once per refund, and answers a repeated refund from the record", async () => {
    const { u, o } = await paid();
    const before = await balance(api, u.id);
    const first = await notify(refund(o, "rf_1", 100));
    expect(first.code).toBe("0");
    expect(first.data).toMatchObject({ applied: true, coins: 60 }); // floor(300 × 100 / 499)
    expect((await notify(refund(o, "rf_2", 499))).data).toMatchObject({ applied: true, coins: 240 });
    // rf_1 delivered again, signed afresh: answered from the record.
    expect((await notify(refund(o, "rf_1", 100))).data).toMatchObject({ applied: false, replay: true });
    expect(await balance(api, u.id)).toBe(before - 300);
    expect((await reversals(o.order_id)).map((e) => e.amount)).toEqual([-60, -240]);
    const events = await api.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, o.order_id));
    expect(events.map((e) => [e.id, e.type, e.status]).sort()).toEqual(
      [
        [`${o.onlypayId}:paid`, "paid", "processed"],
        [`${o.onlypayId}:refund:rf_1`, "refunded", "processed"],
        [`${o.onlypayId}:refund:rf_2`, "refunded", "processed"],
      ].sort(),
    );
  });

  it("reverses once when 20 copies of one refund notification arrive at the same time", async () => {
    const { u, o } = await paid("coins-700", 999);
    const before = await balance(api, u.id);
    const body = refund(o, "rf_race", 999, 999);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(answers.every((a) => a.code === "0")).toBe(true);
    expect(answers.filter((a) => a.data.applied)).toHaveLength(1);
    expect(await balance(api, u.id)).toBe(before - 700);
    expect(await reversals(o.order_id)).toHaveLength(1);
  });

  it("refuses a refund without its refund fields, or signed with another secret, and writes nothing", async () => {
    const { u, o } = await paid();
    const before = await balance(api, u.id);
    expect((await notify(notification(o, { status: "refunded" }))).status).toBe(400);
    expect((await notify(notification(o, { status: "refunded", amount: 499, refund_id: "rf_x", refunded_amount: 499 }, "wrong"))).status).toBe(400);
    expect(await balance(api, u.id)).toBe(before);
    expect(await reversals(o.order_id)).toHaveLength(0);
  });

  it("reconciles a lost paid notification and a lost refund through the order status call", async () => {
    const u = await buyer(api);
    const lost = await create(u.token);
    const { u: u2, o: refunded } = await paid();
    peerOrders.set(lost.onlypayId, { merchant_order_id: lost.order_id, status: "paid", amount: 499, refunded_amount: 0 });
    peerOrders.set(refunded.onlypayId, { merchant_order_id: refunded.order_id, status: "refunded", amount: 499, refunded_amount: 499 });
    const before = await balance(api, u.id);
    const before2 = await balance(api, u2.id);
    const access = { stripe: null, onlypay: { apiUrl: onlypayPeer.url, merchantId: MERCHANT, secret: SECRET } };
    const since = new Date(Date.now() - 600_000);
    const mine = (d: { order_id: string }) => d.order_id === lost.order_id || d.order_id === refunded.order_id;
    const fixed = (await paymentsFor(api.ctx.db).reconcile(access, { fix: true, since })).filter(mine);
    expect(fixed.map((d) => [d.problem, d.fixed]).sort()).toEqual([["paid-not-credited", true], ["refund-not-reversed", true]]);
    expect(await balance(api, u.id)).toBe(before + 300);
    expect(await balance(api, u2.id)).toBe(before2 - 300);
    expect((await paymentsFor(api.ctx.db).reconcile(access, { fix: true, since })).filter(mine)).toEqual([]);
  });
});
