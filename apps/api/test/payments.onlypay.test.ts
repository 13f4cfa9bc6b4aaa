import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { coinLedger } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";
import { balance, buyer, json, orderRow, Peer, SITE } from "./payments.support";

// Onlypay configured with merchant credentials: the API talks to a local Onlypay peer that checks
// our signatures, and the peer's notifications are signed independently here, from the protocol
// as documented in src/payments/onlypay.ts — not with the API's own signing code.

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
const onlypayPeer = new Peer((req, res) => {
  if (req.method !== "POST" || req.path !== "/v1/orders") return json(res, 404, { error: { code: "not_found", message: "no such route" } });
  const body = JSON.parse(req.body) as Record<string, unknown>;
  if (refuse || body.merchant_id !== MERCHANT || body.signature !== sign(body)) return json(res, 401, { error: { code: "bad_signature", message: "signature mismatch" } });
  const id = `op_peer_${++orders}`;
  json(res, 200, { onlypay_order_id: id, pay_url: `https://pay.onlypay.test/p/${id}` });
});

beforeAll(async () => {
  await onlypayPeer.start();
  api = await startTestApi({ ONLYPAY_MERCHANT_ID: MERCHANT, ONLYPAY_SECRET: SECRET, ONLYPAY_API_URL: onlypayPeer.url });
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
