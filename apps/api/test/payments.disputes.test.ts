import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { coinLedger } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { applyLedger } from "../src/services/ledger";
import { call } from "./http";
import { balance, buyer, CANCEL_URL, json, orderRow, Peer, SUCCESS_URL } from "./payments.support";

// Disputes through the real webhook route, every event signed with the SDK's test-header signer:
// the opening takes the coins back (as far as the balance covers), a won dispute gives back exactly
// what was taken, once; a lost one keeps them taken.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const WEBHOOK_SECRET = "whsec_disputes_peer";
let api: RunningApi;
let sessions = 0;

const stripePeer = new Peer((req, res) => {
  if (req.method !== "POST" || req.path !== "/v1/checkout/sessions") return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  const id = `cs_test_dispute_${process.pid}_${++sessions}`;
  json(res, 200, { id, object: "checkout.session", payment_status: "unpaid", status: "open", url: `https://checkout.stripe.test/c/pay/${id}` });
});

beforeAll(async () => {
  await stripePeer.start();
  api = await startTestApi({ STRIPE_SECRET_KEY: "sk_test_disputes_peer", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripePeer.url, PAYMENTS_SANDBOX: false });
});
afterAll(async () => {
  await api?.stop();
  await stripePeer.stop();
});

let events = 0;
type Outcome = { applied: boolean; coins?: number; shortfall?: number; replay?: boolean };
async function webhook(type: string, object: unknown, id = `evt_dispute_${process.pid}_${++events}`): Promise<{ status: number; data: Outcome }> {
  const payload = JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
  return { status: res.status, data: ((await res.json()) as { data: Outcome }).data };
}

/** A buyer whose coins-300 ($4.99) order was paid through the webhook. */
async function paidOrder() {
  const u = await buyer(api);
  const r = await call<{ session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
  expect(r.code, r.message).toBe("0");
  const pi = `pi_${r.data.session_id}`;
  const session = { id: r.data.session_id, object: "checkout.session", amount_total: 499, currency: "usd", metadata: { order_id: r.data.order_id }, client_reference_id: r.data.order_id, payment_status: "paid", status: "complete", payment_intent: pi };
  expect((await webhook("checkout.session.completed", session)).data.applied).toBe(true);
  return { userId: u.id, token: u.token, orderId: r.data.order_id, pi };
}

const dispute = (o: { pi: string }, id: string, status: string, amount = 499) => ({ id, object: "dispute", amount, currency: "usd", charge: `ch_${o.pi}`, payment_intent: o.pi, metadata: {}, status });
const givenBack = (orderId: string) => api.ctx.db.select().from(coinLedger).where(like(coinLedger.idempotencyKey, `dispute-won:${orderId}:%`));

describe(`won and lost disputes (${engine})`, () => {
  it("gives back every coin a won dispute took when the balance covered it all", async () => {
    const o = await paidOrder();
    const start = await balance(api, o.userId);
    expect((await webhook("charge.dispute.created", dispute(o, `dp_full_${o.orderId}`, "needs_response"))).data).toMatchObject({ applied: true, coins: 300, shortfall: 0 });
    expect(await balance(api, o.userId)).toBe(start - 300);
    const won = await webhook("charge.dispute.closed", dispute(o, `dp_full_${o.orderId}`, "won"));
    expect(won).toMatchObject({ status: 200, data: { applied: true, coins: 300 } });
    expect(await balance(api, o.userId)).toBe(start);
    expect(await orderRow(api, o.orderId)).toMatchObject({ disputedAmount: 0, reversedCoins: 0, coinShortfall: 0 });
    const history = await call<{ entries: { reason: string; amount: number }[] }>(api, "GET", "/api/v1/coin-ledger.list", { token: o.token });
    expect(history.data.entries[0]).toMatchObject({ reason: "dispute_won", amount: 300 });
  });

  it("gives back only what the opening took when the player had spent coins before it", async () => {
    const o = await paidOrder();
    const have = await balance(api, o.userId);
    // Spent all but 120 coins: the dispute can take 120 of its 300.
    await applyLedger(api.ctx.db, { userId: o.userId, amount: -(have - 120), reason: "chat", idempotencyKey: `spend:${o.orderId}` });
    expect((await webhook("charge.dispute.created", dispute(o, `dp_part_${o.orderId}`, "needs_response"))).data).toMatchObject({ applied: true, coins: 300, shortfall: 180 });
    expect(await balance(api, o.userId)).toBe(0);
    expect((await webhook("charge.dispute.closed", dispute(o, `dp_part_${o.orderId}`, "won"))).data).toMatchObject({ applied: true, coins: 120 });
    expect(await balance(api, o.userId)).toBe(120);
    expect(await orderRow(api, o.orderId)).toMatchObject({ disputedAmount: 0, reversedCoins: 0, coinShortfall: 0 });
  });

  it("credits a won dispute once, however often or under however many event ids it is reported", async () => {
    const o = await paidOrder();
    const start = await balance(api, o.userId);
    const id = `dp_dup_${o.orderId}`;
    await webhook("charge.dispute.created", dispute(o, id, "needs_response"));
    const eventId = `evt_dispute_closed_${o.orderId}`;
    const answers = [
      await webhook("charge.dispute.closed", dispute(o, id, "won"), eventId),
      await webhook("charge.dispute.closed", dispute(o, id, "won"), eventId),
      await webhook("charge.dispute.closed", dispute(o, id, "won")),
    ];
    expect(answers.map((a) => a.data.applied)).toEqual([true, false, false]);
    expect(answers[1]!.data.replay).toBe(true);
    expect(await balance(api, o.userId)).toBe(start);
    expect(await givenBack(o.orderId)).toHaveLength(1);
  });

  it("keeps the coins taken when the dispute is lost", async () => {
    const o = await paidOrder();
    const start = await balance(api, o.userId);
    const id = `dp_lost_${o.orderId}`;
    await webhook("charge.dispute.created", dispute(o, id, "needs_response"));
    const before = await orderRow(api, o.orderId);
    const lost = await webhook("charge.dispute.closed", dispute(o, id, "lost"));
    expect(lost).toMatchObject({ status: 200, data: { applied: false } });
    expect(await balance(api, o.userId)).toBe(start - 300);
    expect(await orderRow(api, o.orderId)).toEqual(before);
    expect(await givenBack(o.orderId)).toEqual([]);
    const entries = await api.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, o.userId));
    expect(entries.filter((e) => e.reason === "dispute_won")).toEqual([]);
  });

  it("gives nothing back for a won dispute it never acted on", async () => {
    const o = await paidOrder();
    const start = await balance(api, o.userId);
    expect((await webhook("charge.dispute.closed", dispute(o, `dp_unknown_${o.orderId}`, "won"))).data).toMatchObject({ applied: false });
    expect(await balance(api, o.userId)).toBe(start);
  });
});
