import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { coinLedger, orders, paymentEvents } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { applyLedger } from "../src/services/ledger";
import { runReconcile } from "../src/reconcile";
import { paymentsFor } from "../src/payments/domain";
import { stripeClient } from "@storyloom/payments/server";
import { call } from "./http";
import { balance, buyer, CANCEL_URL, json, orderRow, Peer, SUCCESS_URL } from "./payments.support";

// Refunds, disputes, the event record and reconciliation, with Stripe configured: the real SDK talks
// to a local Stripe-protocol peer, and every event is signed with the SDK's test-header signer.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const SECRET_KEY = "sk_test_peer_key";
const WEBHOOK_SECRET = "whsec_peer_secret";
let api: RunningApi;
let sessions = 0;

/** What the peer says about each session: paid or not, and the refunded total of its charge. */
const peerState = new Map<string, { paid: boolean; refunded: number; amount: number; order: string }>();

const stripePeer = new Peer((req, res) => {
  const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)(\?.*)?$/.exec(req.path);
  if (req.method === "GET" && retrieve) {
    const id = decodeURIComponent(retrieve[1]!);
    const s = peerState.get(id);
    if (!s) return json(res, 404, { error: { type: "invalid_request_error", message: `No such checkout.session: '${id}'` } });
    const pi = `pi_${id}`;
    const expanded = [...new URLSearchParams(retrieve[2]?.slice(1) ?? "")].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === "payment_intent.latest_charge");
    return json(res, 200, {
      id,
      object: "checkout.session",
      amount_total: s.amount,
      currency: "usd",
      metadata: { order_id: s.order },
      payment_status: s.paid ? "paid" : "unpaid",
      status: s.paid ? "complete" : "open",
      payment_intent: s.paid ? (expanded ? { id: pi, object: "payment_intent", latest_charge: { id: `ch_${id}`, object: "charge", amount: s.amount, amount_refunded: s.refunded } } : pi) : null,
    });
  }
  if (req.method !== "POST" || req.path !== "/v1/checkout/sessions") return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  const f = new URLSearchParams(req.body);
  const id = `cs_test_refund_${++sessions}`;
  peerState.set(id, { paid: false, refunded: 0, amount: Number(f.get("line_items[0][price_data][unit_amount]")), order: f.get("metadata[order_id]") ?? "" });
  json(res, 200, { id, object: "checkout.session", payment_status: "unpaid", status: "open", url: `https://checkout.stripe.test/c/pay/${id}` });
});

beforeAll(async () => {
  await stripePeer.start();
  api = await startTestApi({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripePeer.url, PAYMENTS_SANDBOX: false });
});
afterAll(async () => {
  await api?.stop();
  await stripePeer.stop();
});

let events = 0;
const eventId = () => `evt_refund_${process.pid}_${++events}_${Date.now()}`;

function signed(type: string, object: unknown, id = eventId()): string {
  return JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
}

async function webhook(payload: string, secret = WEBHOOK_SECRET) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature }, body: payload });
  return { status: res.status, body: (await res.json()) as { code: string; data: { applied: boolean; replay?: boolean; coins?: number; shortfall?: number; recorded?: { applied: boolean } } } };
}

interface Bought {
  token: string;
  userId: number;
  orderId: string;
  sessionId: string;
  pi: string;
}

/** A buyer whose coins-300 ($4.99) order was created and, unless `pay` is false, paid through the webhook. */
async function bought(pay = true, priceId = "coins-300", amount = 499): Promise<Bought> {
  const u = await buyer(api);
  const r = await call<{ session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: priceId, success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
  expect(r.code, r.message).toBe("0");
  const b = { token: u.token, userId: u.id, orderId: r.data.order_id, sessionId: r.data.session_id, pi: `pi_${r.data.session_id}` };
  if (pay) {
    const paid = await webhook(signed("checkout.session.completed", completed(b, amount)));
    expect(paid.body.data.applied).toBe(true);
    peerState.get(b.sessionId)!.paid = true;
  }
  return b;
}

function completed(b: Bought, amount = 499) {
  return { id: b.sessionId, object: "checkout.session", amount_total: amount, currency: "usd", metadata: { order_id: b.orderId }, client_reference_id: b.orderId, payment_status: "paid", status: "complete", payment_intent: b.pi };
}

/** A charge.refunded object: amount_refunded is the running total; metadata as Stripe copies it from the payment intent. */
function charge(b: Bought, refunded: number, opts: { amount?: number; refundId?: string; metadata?: boolean } = {}) {
  return {
    id: `ch_${b.sessionId}`,
    object: "charge",
    amount: opts.amount ?? 499,
    amount_refunded: refunded,
    currency: "usd",
    payment_intent: b.pi,
    metadata: opts.metadata === false ? {} : { order_id: b.orderId },
    refunded: refunded >= (opts.amount ?? 499),
    refunds: { object: "list", data: opts.refundId ? [{ id: opts.refundId, object: "refund", amount: refunded }] : [], has_more: false },
  };
}

const dispute = (b: Bought, id: string, amount: number) => ({ id, object: "dispute", amount, currency: "usd", charge: `ch_${b.sessionId}`, payment_intent: b.pi, metadata: {}, status: "needs_response" });

const reversals = (orderId: string) => api.ctx.db.select().from(coinLedger).where(like(coinLedger.idempotencyKey, `reversal:${orderId}:%`));

describe(`refunds through the Stripe webhook (${engine})`, () => {
  it("takes a full refund's coins back with one reversing ledger entry", async () => {
    const b = await bought();
    const before = await balance(api, b.userId);
    const r = await webhook(signed("charge.refunded", charge(b, 499, { refundId: "re_full" })));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ applied: true, coins: 300, shortfall: 0 });
    expect(await balance(api, b.userId)).toBe(before - 300);
    const rows = await reversals(b.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: -300, reason: "refund" });
    expect(await orderRow(api, b.orderId)).toMatchObject({ status: "paid", refundedAmount: 499, reversedCoins: 300, coinShortfall: 0 });
  });

  it("reverses partial refunds in proportion, adding up to all coins, and ignores a late older total", async () => {
    const b = await bought();
    const before = await balance(api, b.userId);
    const first = signed("charge.refunded", charge(b, 200, { refundId: "re_a" }));
    expect((await webhook(first)).body.data).toMatchObject({ applied: true, coins: 120 }); // floor(300 × 200 / 499)
    expect(await balance(api, b.userId)).toBe(before - 120);
    expect((await webhook(signed("charge.refunded", charge(b, 499, { refundId: "re_b" })))).body.data).toMatchObject({ applied: true, coins: 180 });
    expect(await balance(api, b.userId)).toBe(before - 300);
    // The first refund's event delivered again under a new event id (Stripe resends after an outage): total 200 < 499 recorded.
    expect((await webhook(signed("charge.refunded", charge(b, 200, { refundId: "re_a" })))).body.data.applied).toBe(false);
    expect(await balance(api, b.userId)).toBe(before - 300);
    expect((await reversals(b.orderId)).map((e) => e.amount)).toEqual([-120, -180]);
  });

  it("reverses once when 20 deliveries of one refund event arrive at the same time, and answers the rest from the record", async () => {
    const b = await bought(true, "coins-1600", 1999);
    const before = await balance(api, b.userId);
    const id = eventId();
    const payload = signed("charge.refunded", charge(b, 1999, { amount: 1999, refundId: "re_race" }), id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.data.applied)).toHaveLength(1);
    const replays = answers.filter((a) => a.body.data.replay);
    expect(replays).toHaveLength(19);
    for (const r of replays) expect(r.body.data.recorded).toMatchObject({ applied: true, coins: 1600 });
    expect(await balance(api, b.userId)).toBe(before - 1600);
    expect(await reversals(b.orderId)).toHaveLength(1);
    const [event] = await api.ctx.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, "stripe"), eq(paymentEvents.id, id)));
    expect(event).toMatchObject({ type: "charge.refunded", orderId: b.orderId, status: "processed", deliveries: 20, outcome: { applied: true, coins: 1600 } });
  });

  it("reverses once when 20 different events report the same refund at the same time", async () => {
    const b = await bought();
    const before = await balance(api, b.userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(signed("charge.refunded", charge(b, 499, { refundId: "re_same" })))));
    expect(answers.filter((a) => a.body.data.applied)).toHaveLength(1);
    expect(await balance(api, b.userId)).toBe(before - 300);
    expect(await reversals(b.orderId)).toHaveLength(1);
  });

  it("finds the order by its payment intent when the charge carries no metadata", async () => {
    const b = await bought();
    const before = await balance(api, b.userId);
    const r = await webhook(signed("charge.refunded", charge(b, 499, { metadata: false })));
    expect(r.body.data).toMatchObject({ applied: true, coins: 300 });
    expect(await balance(api, b.userId)).toBe(before - 300);
  });

  it("never takes a balance below zero: the shortfall is recorded on the order and in the coin history", async () => {
    const b = await bought();
    const have = await balance(api, b.userId);
    // The buyer spends all but 100 coins before the refund arrives.
    await applyLedger(api.ctx.db, { userId: b.userId, amount: -(have - 100), reason: "chat", idempotencyKey: `spend:${b.orderId}` });
    const r = await webhook(signed("charge.refunded", charge(b, 499, { refundId: "re_short" })));
    expect(r.body.data).toMatchObject({ applied: true, coins: 300, shortfall: 200 });
    expect(await balance(api, b.userId)).toBe(0);
    expect(await orderRow(api, b.orderId)).toMatchObject({ reversedCoins: 300, coinShortfall: 200 });
    const history = await call<{ entries: { reason: string; amount: number; balance_after: number; shortfall?: number }[] }>(api, "GET", "/api/v1/coin-ledger.list", { token: b.token });
    expect(history.data.entries[0]).toMatchObject({ reason: "refund", amount: -100, balance_after: 0, shortfall: 200 });
    // A dispute on an empty balance takes nothing and still shows what is owed.
    const b2 = await bought();
    const have2 = await balance(api, b2.userId);
    await applyLedger(api.ctx.db, { userId: b2.userId, amount: -have2, reason: "chat", idempotencyKey: `spend:${b2.orderId}` });
    expect((await webhook(signed("charge.dispute.created", dispute(b2, "dp_empty", 499)))).body.data).toMatchObject({ applied: true, coins: 300, shortfall: 300 });
    expect(await balance(api, b2.userId)).toBe(0);
    const h2 = await call<{ entries: { reason: string; amount: number; shortfall?: number }[] }>(api, "GET", "/api/v1/coin-ledger.list", { token: b2.token });
    expect(h2.data.entries[0]).toMatchObject({ reason: "dispute", amount: 0, shortfall: 300 });
  });

  it("reverses a dispute once per dispute id, in proportion to the disputed amount", async () => {
    const b = await bought();
    const before = await balance(api, b.userId);
    expect((await webhook(signed("charge.dispute.created", dispute(b, "dp_1", 250)))).body.data).toMatchObject({ applied: true, coins: 150 }); // floor(300 × 250 / 499)
    expect((await webhook(signed("charge.dispute.created", dispute(b, "dp_1", 250)))).body.data.applied).toBe(false);
    expect(await balance(api, b.userId)).toBe(before - 150);
    expect(await orderRow(api, b.orderId)).toMatchObject({ disputedAmount: 250, reversedCoins: 150 });
  });

  it("keeps a refund that arrives before the payment and settles it when the coins are credited", async () => {
    const b = await bought(false);
    const before = await balance(api, b.userId);
    expect((await webhook(signed("charge.refunded", charge(b, 499, { refundId: "re_early" })))).body.data).toMatchObject({ applied: true, coins: 0 });
    expect(await balance(api, b.userId)).toBe(before);
    expect((await webhook(signed("checkout.session.completed", completed(b)))).body.data.applied).toBe(true);
    expect(await balance(api, b.userId)).toBe(before);
    expect(await orderRow(api, b.orderId)).toMatchObject({ status: "paid", refundedAmount: 499, reversedCoins: 300 });
  });

  it("stores events that are not ours and refuses forged refunds", async () => {
    const id = eventId();
    const other = await webhook(signed("charge.refunded", { id: "ch_other", object: "charge", amount: 100, amount_refunded: 100, currency: "usd", payment_intent: "pi_someone_else", metadata: {} }, id));
    expect(other.body.data).toMatchObject({ applied: false, order_id: null });
    const [row] = await api.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(row).toMatchObject({ type: "charge.refunded", orderId: null, status: "processed" });
    const b = await bought();
    const before = await balance(api, b.userId);
    expect((await webhook(signed("charge.refunded", charge(b, 499)), "whsec_forger")).status).toBe(400);
    expect(await balance(api, b.userId)).toBe(before);
    expect(await reversals(b.orderId)).toHaveLength(0);
  });

  it("records a failed event with its error, so the provider's retry runs it again", async () => {
    const id = eventId();
    const missing = { id: "cs_nope", object: "checkout.session", amount_total: 499, currency: "usd", metadata: { order_id: "ord_missing_xyz" }, payment_status: "paid", status: "complete" };
    expect((await webhook(signed("checkout.session.completed", missing, id))).status).toBe(404);
    const [row] = await api.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(row).toMatchObject({ status: "failed", error: "Order not found", orderId: "ord_missing_xyz" });
  });
});

describe(`reconciliation (${engine})`, () => {
  it("lists paid-but-not-credited and refunded-but-not-reversed orders, fixes them once, and then finds nothing", async () => {
    const stripe = stripeClient(SECRET_KEY, stripePeer.url);
    const access = { stripe, onlypay: null };
    const since = new Date(Date.now() - 3600_000);
    // A payment whose webhook never arrived, and a refund made without a webhook.
    const lost = await bought(false);
    peerState.get(lost.sessionId)!.paid = true;
    const refunded = await bought();
    peerState.get(refunded.sessionId)!.refunded = 499;
    const lostBefore = await balance(api, lost.userId);
    const refundedBefore = await balance(api, refunded.userId);

    const listed = await paymentsFor(api.ctx.db).reconcile(access, { fix: false, since });
    const mine = (d: { order_id: string }) => d.order_id === lost.orderId || d.order_id === refunded.orderId;
    expect(listed.filter(mine).map((d) => [d.order_id, d.problem, d.fixed]).sort()).toEqual(
      [
        [lost.orderId, "paid-not-credited", false],
        [refunded.orderId, "refund-not-reversed", false],
      ].sort(),
    );
    expect(await balance(api, lost.userId)).toBe(lostBefore);

    const lines: string[] = [];
    const run = await runReconcile(["--fix", "--days", "1"], api.ctx.config, api.ctx.db, stripePeer.url, (l) => lines.push(l));
    expect(run.found.filter(mine).every((d) => d.fixed)).toBe(true);
    expect(lines.some((l) => l.startsWith(`fixed\t${lost.orderId}\tstripe\tpaid-not-credited`))).toBe(true);
    expect(await balance(api, lost.userId)).toBe(lostBefore + 300);
    expect(await orderRow(api, lost.orderId)).toMatchObject({ status: "paid", paymentRef: lost.pi });
    expect(await balance(api, refunded.userId)).toBe(refundedBefore - 300);

    // Fixed orders agree now; a late webhook for either changes nothing.
    expect((await paymentsFor(api.ctx.db).reconcile(access, { fix: true, since })).filter(mine)).toEqual([]);
    expect((await webhook(signed("checkout.session.completed", completed(lost)))).body.data.applied).toBe(false);
    expect((await webhook(signed("charge.refunded", charge(refunded, 499, { refundId: "re_late" })))).body.data.applied).toBe(false);
    expect(await balance(api, lost.userId)).toBe(lostBefore + 300);
    expect(await balance(api, refunded.userId)).toBe(refundedBefore - 300);
    const [order] = await api.ctx.db.select().from(orders).where(eq(orders.id, refunded.orderId));
    expect(order!.reversedCoins).toBe(300);
  });
});
