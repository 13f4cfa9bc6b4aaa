import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { ConsoleOrder, EndpointName, OrderDiscrepancy, OrderEvent, StaffLedgerEntry } from "@storyloom/contract";
import { rowsOf, sandboxPayments } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { SANDBOX_SECRETS, stripeAt } from "../src/payments/providers";
import { call, callEndpoint, newGuest } from "./http";
import { balance, buyer, CANCEL_URL, orderRow, SITE, SUCCESS_URL } from "./payments.support";
import { num, signInAs } from "./safety.support";

// The console's orders on the default stack: no Stripe keys, so the API plays Stripe (the sandbox).
// A refund goes staff → API → Stripe API (POST /v1/refunds, the sandbox) → signed charge.refunded
// → the webhook, which alone takes the coins back.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const ADMIN = "orders.admin@example.com";
let api: RunningApi;
let admin: { token: string; id: number };
beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: [ADMIN] });
  admin = await signInAs(api, ADMIN);
});
afterAll(() => api?.stop());

const as = <T = Record<string, unknown>>(name: EndpointName, input: Record<string, unknown>, token = admin.token) => callEndpoint<T>(api, name, input, token);
const audits = (orderId: string) => num(api, sql`select count(*)::int from staff_actions where target_kind = 'order' and target_id = ${orderId}`);
/** The order's audit rows, oldest first: action and detail. */
const trail = async (orderId: string) =>
  rowsOf<{ action: string; detail: Record<string, unknown> }>(await api.ctx.db.execute(sql`select action, detail from staff_actions where target_kind = 'order' and target_id = ${orderId} order by id`));
const ledgerRows = (userId: number) => num(api, sql`select count(*)::int from coin_ledger where user_id = ${userId}`);
const form = { "content-type": "application/x-www-form-urlencoded" };
type Refunded = { refund: { id: string; amount: number; status: string }; order: ConsoleOrder };
type Detail = { order: ConsoleOrder; events: OrderEvent[]; ledger: StaffLedgerEntry[]; player: { id: number; coins: number } };

/** A player who bought 300 coins for $4.99 through the Stripe sandbox (checkout, Pay, signed webhook). */
async function paidOrder(): Promise<{ userId: number; token: string; orderId: string; sessionId: string }> {
  const u = await buyer(api);
  const r = await call<{ session_id: string; url: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
  if (r.code !== "0") throw new Error(`checkout failed: ${r.message}`);
  const paid = await fetch(`${r.data.url}/pay`, { method: "POST", headers: form, body: "confirm=pay", redirect: "manual" });
  if (paid.status !== 303) throw new Error(`pay failed: ${paid.status}`);
  return { userId: u.id, token: u.token, orderId: r.data.order_id, sessionId: r.data.session_id };
}

/** The refunds the sandbox has made of a session. */
async function sandboxRefunds(sessionId: string): Promise<{ id: string; amount: number }[]> {
  const [row] = await api.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sessionId));
  return (row?.request as { refunds?: { id: string; amount: number }[] }).refunds ?? [];
}

/** A refund made at Stripe (the sandbox) whose charge.refunded never reached the API. */
async function loseRefund(sessionId: string, amount: number): Promise<void> {
  const [row] = await api.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sessionId));
  const lost = { ...(row!.request as Record<string, unknown>), refunds: [{ id: "re_lost_webhook", amount, created: Math.floor(Date.now() / 1000) }] };
  await api.ctx.db.update(sandboxPayments).set({ request: lost }).where(eq(sandboxPayments.id, sessionId));
}

/**
 * Makes the database refuse every audit row about one order (a trigger raising on insert), as a
 * failing audit write would: for proving the change it audits rolls back with it. Undone by the answer.
 */
async function refuseAudits(orderId: string): Promise<() => Promise<void>> {
  const name = `refuse_audit_${orderId.replace(/[^a-z0-9_]/gi, "_")}`.toLowerCase();
  await api.ctx.db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'audit refused for %', new.target_id; end $$`));
  await api.ctx.db.execute(sql.raw(`create trigger ${name} before insert on staff_actions for each row when (new.target_id = '${orderId.replace(/'/g, "''")}') execute function ${name}()`));
  return async () => {
    await api.ctx.db.execute(sql.raw(`drop trigger ${name} on staff_actions`));
    await api.ctx.db.execute(sql.raw(`drop function ${name}()`));
  };
}

/** Delivers a signed event to the webhook as Stripe (re)delivers one. */
async function deliver(id: string, type: string, object: unknown) {
  const payload = JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SANDBOX_SECRETS.stripeWebhookSecret });
  const res = await fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature }, body: payload });
  return (await res.json()) as { data: { applied: boolean; replay?: boolean } };
}

describe(`who may see and refund orders (${engine})`, () => {
  it("normal users and guests get 403 and no token 401 on every orders route; nothing is refunded or audited", async () => {
    const o = await paidOrder();
    const calls: [EndpointName, Record<string, unknown>][] = [
      ["adminOrderList", {}],
      ["adminOrderGet", { order_id: o.orderId }],
      ["adminOrderRefund", { order_id: o.orderId, amount: 100, reason: "a staff reason" }],
      ["adminReconcileRun", { days: 1 }],
      ["adminReconcileFix", { order_id: o.orderId, reason: "a staff reason" }],
    ];
    const normal = await buyer(api);
    const guest = await newGuest(api);
    for (const [name, input] of calls) {
      for (const [who, token] of [["normal", normal.token], ["guest", guest.token], ["the buyer", o.token]] as const) {
        const r = await as(name, input, token);
        expect(r.status, `${name} as ${who}`).toBe(403);
        expect(r.code).toBe("FORBIDDEN");
      }
      expect((await callEndpoint(api, name, input)).status, `${name} without a token`).toBe(401);
    }
    expect(await sandboxRefunds(o.sessionId)).toEqual([]);
    expect((await orderRow(api, o.orderId))!.refundedAmount).toBe(0);
    expect(await audits(o.orderId)).toBe(0);
    for (const [name, input] of calls.slice(0, 2)) {
      const r = await as(name, input);
      expect(r.status, `${name} as admin`).toBe(200);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe(`listing orders (${engine})`, () => {
  it("filters by status, provider, brand and date and pages by keyset without repeats", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    await api.ctx.db.execute(sql`update orders set brand = 'playshot' where id = ${b.orderId}`);
    const ids = async (input: Record<string, unknown>) => (await as<{ orders: ConsoleOrder[] }>("adminOrderList", { limit: 100, ...input })).data.orders.map((x) => x.id);
    expect(await ids({ status: "paid", provider: "stripe" })).toEqual(expect.arrayContaining([a.orderId, b.orderId]));
    expect(await ids({ status: "pending" })).not.toContain(a.orderId);
    expect(await ids({ provider: "onlypay" })).not.toContain(a.orderId);
    expect(await ids({ brand: "playshot" })).toContain(b.orderId);
    expect(await ids({ brand: "playshot" })).not.toContain(a.orderId);
    expect(await ids({ brand: "unknown" })).toContain(a.orderId);
    expect(await ids({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    // Keyset pages of 1 walk the whole list once, newest first.
    const all = await ids({});
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { orders: ConsoleOrder[]; next_cursor: string | null } } = await as("adminOrderList", { limit: 1, ...(cursor ? { cursor } : {}) });
      walked.push(...page.data.orders.map((x) => x.id));
      cursor = page.data.next_cursor;
    } while (cursor && walked.length <= all.length);
    expect(walked).toEqual(all);
    for (const bad of [{ status: "refunded" }, { provider: "paypal" }, { brand: "other" }, { from: "yesterday" }, { cursor: "no such order" }, { cursor: "ord_missing" }, { limit: 101 }, { from: new Date().toISOString(), to: new Date(0).toISOString() }]) {
      const r = await as("adminOrderList", bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe(`refunding a Stripe order (${engine})`, () => {
  it("refuses over-refunds, bad amounts, unpaid, Onlypay and unknown orders: nothing changes and Stripe is not called", async () => {
    const o = await paidOrder();
    const coins = await balance(api, o.userId);
    const rows = await ledgerRows(o.userId);
    const pending = await call<{ order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: o.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    const onlypay = await call<{ order_id: string }>(api, "POST", "/api/v1/onlypay/order.create", { token: o.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
    await api.ctx.db.execute(sql`update orders set status = 'paid' where id = ${onlypay.data.order_id}`);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ order_id: o.orderId, amount: 500, reason: "too much" }, 400, /At most 499 cents/],
      [{ order_id: o.orderId, amount: 0, reason: "nothing" }, 400, /amount/],
      [{ order_id: o.orderId, amount: -5, reason: "negative" }, 400, /amount/],
      [{ order_id: o.orderId, amount: 1.5, reason: "fractional" }, 400, /amount/],
      [{ order_id: o.orderId, amount: 100 }, 400, /reason/],
      [{ order_id: o.orderId, amount: 100, reason: "  " }, 400, /reason/],
      [{ order_id: o.orderId, amount: 100, reason: "extra field", coins: 5 }, 400, /Invalid/],
      [{ order_id: pending.data.order_id, amount: 100, reason: "unpaid order" }, 409, /Only paid orders/],
      [{ order_id: onlypay.data.order_id, amount: 100, reason: "onlypay order" }, 409, /Onlypay protocol has no refund call/],
      [{ order_id: "ord_nope", amount: 100, reason: "no such order" }, 404, /No order/],
    ];
    for (const [input, status, message] of cases) {
      const r = await as("adminOrderRefund", input);
      expect(r.status, JSON.stringify(input)).toBe(status);
      expect(r.message, JSON.stringify(input)).toMatch(message);
    }
    expect(await sandboxRefunds(o.sessionId)).toEqual([]);
    expect(await balance(api, o.userId)).toBe(coins);
    expect(await ledgerRows(o.userId)).toBe(rows);
    for (const id of [o.orderId, pending.data.order_id, onlypay.data.order_id]) expect(await audits(id)).toBe(0);
    const listed = (await as<Detail>("adminOrderGet", { order_id: onlypay.data.order_id })).data.order;
    expect(listed).toMatchObject({ refundable: 0, refund_blocked: expect.stringMatching(/no refund call/) });
  });

  it("refunds through the Stripe API; the webhook takes the coins back once, even delivered twice; then the rest; then nothing", async () => {
    const o = await paidOrder();
    const before = await balance(api, o.userId);
    const r = await as<Refunded>("adminOrderRefund", { order_id: o.orderId, amount: 200, reason: "player asked for it" });
    expect(r.status).toBe(200);
    expect(r.data.refund).toMatchObject({ id: expect.stringMatching(/^re_/), amount: 200, status: "succeeded" });
    // The sandbox sent charge.refunded before answering: floor(300 × 200 / 499) = 120 coins came back.
    expect(r.data.order).toMatchObject({ refunded_amount: 200, reversed_coins: 120, refundable: 299 });
    expect(await balance(api, o.userId)).toBe(before - 120);
    // The intent before Stripe was called, then the refund Stripe made, under one idempotency key.
    const first = await trail(o.orderId);
    expect(first).toEqual([
      { action: "order.refund", detail: { amount: 200, idempotency_key: `console-refund:${o.orderId}:0:200`, refunded_before: 0, user_id: o.userId } },
      { action: "order.refund_made", detail: { amount: 200, refund_id: r.data.refund.id, status: "succeeded", idempotency_key: `console-refund:${o.orderId}:0:200` } },
    ]);

    const detail = (await as<Detail>("adminOrderGet", { order_id: o.orderId })).data;
    expect(detail.events.map((e) => e.type)).toEqual(["checkout.session.completed", "charge.refunded"]);
    expect(detail.ledger.map((e) => [e.reason, e.amount])).toEqual([["purchase", 300], ["refund", -120]]);
    expect(detail.player).toMatchObject({ id: o.userId, coins: before - 120 });

    // Stripe redelivers the same event, and a later event repeats the same total: neither takes more.
    const charge = (await stripeAt(api.url, api.ctx.config)!.checkout.sessions.retrieve(o.sessionId, { expand: ["payment_intent.latest_charge"] })).payment_intent as Stripe.PaymentIntent;
    const chargeObject = charge.latest_charge as Stripe.Charge;
    expect(chargeObject.amount_refunded).toBe(200);
    expect((await deliver(detail.events[1]!.id, "charge.refunded", chargeObject)).data).toMatchObject({ applied: false, replay: true });
    expect((await deliver(`evt_again_${process.pid}_${Date.now()}`, "charge.refunded", chargeObject)).data.applied).toBe(false);
    expect(await balance(api, o.userId)).toBe(before - 120);

    const rest = await as<Refunded>("adminOrderRefund", { order_id: o.orderId, amount: 299, reason: "the rest of it" });
    expect(rest.data.order).toMatchObject({ refunded_amount: 499, reversed_coins: 300, refundable: 0, refund_blocked: "The order is fully refunded" });
    expect(await balance(api, o.userId)).toBe(before - 300);
    const again = await as("adminOrderRefund", { order_id: o.orderId, amount: 1, reason: "one more cent" });
    expect(again.status).toBe(409);
    expect((await sandboxRefunds(o.sessionId)).map((x) => x.amount)).toEqual([200, 299]);
    expect((await trail(o.orderId)).map((a) => [a.action, a.detail.amount])).toEqual([
      ["order.refund", 200],
      ["order.refund_made", 200],
      ["order.refund", 299],
      ["order.refund_made", 299],
    ]);
  });

  it("a refund Stripe refuses leaves its intent and a failed row and moves no coins; the same click again writes no second intent", async () => {
    const o = await paidOrder();
    const coins = await balance(api, o.userId);
    const rows = await ledgerRows(o.userId);
    // Stripe has refunded 400 of 499 cents already (its webhook was lost): it refuses 200 more.
    await loseRefund(o.sessionId, 400);
    const key = `console-refund:${o.orderId}:0:200`;
    for (let click = 1; click <= 2; click++) {
      const r = await as("adminOrderRefund", { order_id: o.orderId, amount: 200, reason: "player asked for it" });
      expect(r.status, `click ${click}`).toBe(409);
      expect(r.message).toMatch(/Stripe refused the refund: .*greater than unrefunded amount/);
    }
    const refused = { action: "order.refund_failed", detail: { amount: 200, idempotency_key: key, status_code: 400, error: expect.stringMatching(/greater than unrefunded amount/) } };
    expect(await trail(o.orderId)).toEqual([{ action: "order.refund", detail: { amount: 200, idempotency_key: key, refunded_before: 0, user_id: o.userId } }, refused, refused]);
    expect(await balance(api, o.userId)).toBe(coins);
    expect(await ledgerRows(o.userId)).toBe(rows);
    expect(await orderRow(api, o.orderId)).toMatchObject({ refundedAmount: 0, reversedCoins: 0 });
    expect((await sandboxRefunds(o.sessionId)).map((x) => x.id)).toEqual(["re_lost_webhook"]);
    expect((await as<Detail>("adminOrderGet", { order_id: o.orderId })).data.events.map((e) => e.type)).toEqual(["checkout.session.completed"]);
  });

  it("refuses a refund, and calls no Stripe, when its intent cannot be audited", async () => {
    const o = await paidOrder();
    const coins = await balance(api, o.userId);
    const allow = await refuseAudits(o.orderId);
    try {
      const r = await as("adminOrderRefund", { order_id: o.orderId, amount: 200, reason: "player asked for it" });
      expect(r.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await sandboxRefunds(o.sessionId)).toEqual([]);
    expect(await audits(o.orderId)).toBe(0);
    expect(await balance(api, o.userId)).toBe(coins);
    expect(await orderRow(api, o.orderId)).toMatchObject({ refundedAmount: 0 });
  });
});

describe(`the sandbox's POST /v1/refunds validates like Stripe (${engine})`, () => {
  it("refuses unknown payments, both ids, unpaid sessions, bad and too large amounts; a repeated key makes one refund", async () => {
    const stripe = stripeAt(api.url, api.ctx.config)!;
    const o = await paidOrder();
    const pi = (await orderRow(api, o.orderId))!.paymentRef!;
    const refuse = async (params: Stripe.RefundCreateParams, message: RegExp) => {
      const err = await stripe.refunds.create(params).then(() => null, (e: Error) => e);
      expect(err?.message, JSON.stringify(params)).toMatch(message);
    };
    await refuse({ payment_intent: "pi_nope" }, /No such payment_intent/);
    await refuse({ payment_intent: pi, charge: `ch_${pi.slice(3)}` }, /both/);
    await refuse({}, /One of charge or payment_intent/);
    await refuse({ payment_intent: pi, amount: 500 }, /greater than unrefunded amount/);
    await refuse({ payment_intent: pi, amount: 0 }, /Invalid positive integer/);
    await refuse({ payment_intent: pi, reason: "because" as "duplicate" }, /Invalid reason/);
    const unpaid = await call<{ session_id: string }>(api, "POST", "/api/v1/checkout.create", { token: o.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    await refuse({ payment_intent: `pi_${unpaid.data.session_id.slice(8)}` }, /does not have a successful charge/);
    expect(await sandboxRefunds(o.sessionId)).toEqual([]);
    const key = `sandbox-refund-${process.pid}-${Date.now()}`;
    const [x, y] = await Promise.all([stripe.refunds.create({ charge: `ch_${pi.slice(3)}`, amount: 100 }, { idempotencyKey: key }), stripe.refunds.create({ charge: `ch_${pi.slice(3)}`, amount: 100 }, { idempotencyKey: key })]);
    expect(x.id).toBe(y.id);
    expect(await sandboxRefunds(o.sessionId)).toHaveLength(1);
    expect((await orderRow(api, o.orderId))!.refundedAmount).toBe(100);
  });
});

describe(`reconciliation from the console (${engine})`, () => {
  it("lists a refund whose webhook was lost; the per-row fix takes the coins back once and is audited", async () => {
    const o = await paidOrder();
    const before = await balance(api, o.userId);
    await loseRefund(o.sessionId, 499);

    const run = await as<{ differences: OrderDiscrepancy[] }>("adminReconcileRun", { days: 1 });
    expect(run.status).toBe(200);
    expect(run.data.differences.filter((d) => d.order_id === o.orderId)).toEqual([
      { order_id: o.orderId, provider: "stripe", problem: "refund-not-reversed", detail: "provider refunded 499 cents; 0 reversed", fixed: false },
    ]);
    expect(await balance(api, o.userId)).toBe(before); // listing fixes nothing

    for (const bad of [{ order_id: o.orderId }, { order_id: o.orderId, reason: "x" }, { order_id: "has spaces", reason: "a reason" }]) expect((await as("adminReconcileFix", bad)).status).toBe(400);
    expect((await as("adminReconcileFix", { order_id: "ord_nope", reason: "a reason" })).status).toBe(404);
    expect(await audits(o.orderId)).toBe(0);

    const fix = await as<{ order: ConsoleOrder; differences: OrderDiscrepancy[]; remaining: number }>("adminReconcileFix", { order_id: o.orderId, reason: "webhook was lost" });
    expect(fix.status).toBe(200);
    expect(fix.data).toMatchObject({ remaining: 0, order: { refunded_amount: 499, reversed_coins: 300 } });
    expect(await balance(api, o.userId)).toBe(before - 300);
    expect(await audits(o.orderId)).toBe(1);
    const twice = await as("adminReconcileFix", { order_id: o.orderId, reason: "webhook was lost" });
    expect(twice.status).toBe(409);
    expect(await balance(api, o.userId)).toBe(before - 300);
    expect(await trail(o.orderId)).toEqual([{ action: "order.reconcile_fix", detail: { fixed: [{ problem: "refund-not-reversed", detail: "provider refunded 499 cents; 0 reversed" }] } }]);
    expect((await as<{ differences: OrderDiscrepancy[] }>("adminReconcileRun", { days: 1 })).data.differences.filter((d) => d.order_id === o.orderId)).toEqual([]);
    for (const days of [0, 91, "x"]) expect((await as("adminReconcileRun", { days })).status).toBe(400);
  });
});

describe(`a reconciliation fix and its audit row commit together (${engine})`, () => {
  it("a refused audit row rolls the refund's reversal back; allowed again, the fix is made and audited once", async () => {
    const o = await paidOrder();
    const before = await balance(api, o.userId);
    const rows = await ledgerRows(o.userId);
    await loseRefund(o.sessionId, 499);
    const allow = await refuseAudits(o.orderId);
    try {
      expect((await as("adminReconcileFix", { order_id: o.orderId, reason: "webhook was lost" })).status).toBe(500);
    } finally {
      await allow();
    }
    expect(await balance(api, o.userId)).toBe(before);
    expect(await ledgerRows(o.userId)).toBe(rows);
    expect(await orderRow(api, o.orderId)).toMatchObject({ refundedAmount: 0, reversedCoins: 0, reversals: [] });
    expect(await audits(o.orderId)).toBe(0);

    const fix = await as<{ remaining: number }>("adminReconcileFix", { order_id: o.orderId, reason: "webhook was lost" });
    expect(fix.status).toBe(200);
    expect(await balance(api, o.userId)).toBe(before - 300);
    expect((await trail(o.orderId)).map((a) => a.action)).toEqual(["order.reconcile_fix"]);
  });

  it("a refused audit row rolls back the credit of a paid order whose webhook was lost (status, coins, conversion)", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<{ session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    // Paid at Stripe (the sandbox), but checkout.session.completed never reached the API.
    await api.ctx.db.update(sandboxPayments).set({ status: "complete", completedAt: new Date() }).where(eq(sandboxPayments.id, r.data.session_id));
    const purchases = () => num(api, sql`select count(*)::int from meta_events where event_id = ${`purchase_${r.data.order_id}`}`);
    const rows = await ledgerRows(u.id);
    const allow = await refuseAudits(r.data.order_id);
    try {
      expect((await as("adminReconcileFix", { order_id: r.data.order_id, reason: "payment webhook was lost" })).status).toBe(500);
    } finally {
      await allow();
    }
    expect(await orderRow(api, r.data.order_id)).toMatchObject({ status: "pending", paidAt: null });
    expect(await balance(api, u.id)).toBe(before);
    expect(await ledgerRows(u.id)).toBe(rows);
    expect(await purchases()).toBe(0);
    expect(await audits(r.data.order_id)).toBe(0);

    const fix = await as<{ differences: OrderDiscrepancy[]; remaining: number }>("adminReconcileFix", { order_id: r.data.order_id, reason: "payment webhook was lost" });
    expect(fix.status).toBe(200);
    expect(fix.data.differences.map((d) => [d.problem, d.fixed])).toEqual([["paid-not-credited", true]]);
    expect(await orderRow(api, r.data.order_id)).toMatchObject({ status: "paid" });
    expect(await balance(api, u.id)).toBe(before + 300);
    expect(await purchases()).toBe(1);
    expect((await trail(r.data.order_id)).map((a) => a.action)).toEqual(["order.reconcile_fix"]);
  });
});
