import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { metaEvents, rowsOf, type Db } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { GraphPeer } from "./graphPeer";
import { call } from "./http";
import { buyer, CANCEL_URL, json, Peer, SITE, SUCCESS_URL } from "./payments.support";

// The Purchase conversion comes from the server: sent once per paid order, at fulfilment, with the
// pixel's event id; the browser's Purchase through meta-api.forward is dropped; the forward's caps.
// Stripe is a local protocol peer (events signed with the SDK's test-header signer), Meta a local Graph peer.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const WEBHOOK_SECRET = "whsec_conversions_peer";
const FORWARD = "/api/v1/meta-api.forward";
let api: RunningApi;
let graph: GraphPeer;
let sessions = 0;

const stripePeer = new Peer((req, res) => {
  if (req.method !== "POST" || req.path !== "/v1/checkout/sessions") return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  const id = `cs_test_conv_${process.pid}_${++sessions}`;
  json(res, 200, { id, object: "checkout.session", payment_status: "unpaid", status: "open", url: `https://checkout.stripe.test/c/pay/${id}` });
});

beforeAll(async () => {
  await stripePeer.start();
  graph = await new GraphPeer().start();
  api = await startTestApi({
    STRIPE_SECRET_KEY: "sk_test_conversions_peer",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripePeer.url,
    PAYMENTS_SANDBOX: false,
    META_PIXEL_ID: "1234567890",
    META_ACCESS_TOKEN: "test-token",
    META_GRAPH_URL: graph.url,
    META_RETRY_BASE_MS: 100,
    OUTBOX_POLL_MS: 100,
  });
});
afterAll(async () => {
  await api?.stop();
  await graph?.stop();
  await stripePeer.stop();
});

let events = 0;
async function webhook(type: string, object: unknown, id = `evt_conv_${process.pid}_${++events}`) {
  const payload = JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
  return (await res.json()) as { code: string; data: { applied: boolean } };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether every queued Meta batch was handed to the Graph API (nothing left for the worker to send). */
async function metaOutboxDrained(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from outbox where kind = 'meta-events' and sent_at is null and failed_at is null`));
  return Number(row!.n) === 0;
}

const now = () => Math.floor(Date.now() / 1000);
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const browserEvent = (event_name: string, over: Record<string, unknown> = {}) => ({
  event_name,
  event_time: now(),
  event_id: `${event_name}-${process.pid}-${++events}`,
  user_data: { fbp: "fb.1.1700000000000.42" },
  ...over,
});

describe(`the Purchase conversion is sent by the server (${engine})`, () => {
  it("sends exactly one Purchase per paid order, with the pixel's event id and the order's value, through duplicated webhooks", async () => {
    const u = await buyer(api);
    // The buyer's own request starts the checkout: its address, user agent and page go with the Purchase.
    const headers = { "user-agent": "BuyerBrowser/1.0", referer: `${SITE}/user/coins` };
    const r = await call<{ session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, headers, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    expect(r.code, r.message).toBe("0");
    const session = { id: r.data.session_id, object: "checkout.session", amount_total: 499, currency: "usd", metadata: { order_id: r.data.order_id }, client_reference_id: r.data.order_id, payment_status: "paid", status: "complete", payment_intent: `pi_${r.data.session_id}` };

    const first = await webhook("checkout.session.completed", session);
    expect(first.data.applied).toBe(true);
    const eventId = `evt_conv_dup_${process.pid}_${r.data.order_id}`;
    // The same event delivered twice, and a second event paying the same session.
    await webhook("checkout.session.completed", session, eventId);
    await webhook("checkout.session.completed", session, eventId);
    await webhook("checkout.session.async_payment_succeeded", session);

    const purchaseId = `purchase_${r.data.order_id}`;
    await waitFor(() => graph.events.some((e) => e.event_id === purchaseId));
    await waitFor(() => metaOutboxDrained(api.ctx.db));
    const sent = graph.events.filter((e) => e.event_id === purchaseId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event_name: "Purchase",
      action_source: "website",
      custom_data: { currency: "usd", value: 4.99, order_id: r.data.order_id, contents: [{ id: "coins-300", quantity: 1, item_price: 4.99, title: "300 coins" }] },
      event_source_url: `${SITE}/user/coins`,
      user_data: { client_ip_address: "127.0.0.1", client_user_agent: "BuyerBrowser/1.0", external_id: sha(u.uuid) },
    });
    expect((sent[0]!.user_data as { em?: string }).em).toMatch(/^[a-f0-9]{64}$/);
    expect(graph.events.filter((e) => e.event_id === `checkout_${r.data.order_id}`)).toMatchObject([{ event_name: "InitiateCheckout", custom_data: { value: 4.99, order_id: r.data.order_id } }]);
    const stored = await api.ctx.db.select().from(metaEvents).where(eq(metaEvents.eventId, purchaseId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.userId).toBe(u.id);
  });

  it("drops a Purchase sent by a browser and keeps the rest of the call", async () => {
    const purchase = browserEvent("Purchase", { event_id: `purchase_ord_forged_${process.pid}`, custom_data: { currency: "usd", value: 999, order_id: "ord_forged" } });
    const checkIn = browserEvent("CheckIn");
    const r = await call(api, "POST", FORWARD, { body: { data: [purchase, checkIn] } });
    expect(r).toMatchObject({ status: 200, code: "0", data: { events_received: 2 } });
    await waitFor(() => graph.events.some((e) => e.event_id === checkIn.event_id));
    await waitFor(() => metaOutboxDrained(api.ctx.db));
    expect(graph.events.filter((e) => e.event_id === purchase.event_id)).toEqual([]);
    expect(await api.ctx.db.select().from(metaEvents).where(eq(metaEvents.eventId, purchase.event_id))).toEqual([]);
  });

  it("refuses more than 50 events, more than 64 KB and unknown event names, storing nothing", async () => {
    const count = async () => Number(rowsOf<{ n: number }>(await api.ctx.db.execute(sql`select count(*)::int as n from meta_events`))[0]!.n);
    const before = await count();
    const many = await call(api, "POST", FORWARD, { body: { data: Array.from({ length: 51 }, () => browserEvent("CheckIn")) } });
    expect(many).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(many.message).toContain("At most 50 events per call");
    const big = Array.from({ length: 50 }, () => browserEvent("CheckIn", { event_source_url: `https://example.test/${"x".repeat(1400)}` }));
    expect(JSON.stringify({ data: big }).length).toBeGreaterThan(65 * 1024);
    const large = await call(api, "POST", FORWARD, { body: { data: big } });
    expect(large).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", message: "Too much tracking data in one call: send at most 64 KB" });
    const beacon = await call(api, "POST", FORWARD, { rawBody: new URLSearchParams({ data: JSON.stringify(big) }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(beacon).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    const unknown = await call(api, "POST", FORWARD, { body: { data: [browserEvent("Lead")] } });
    expect(unknown).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(unknown.message).toContain("must be one of CompleteRegistration, CheckIn, Purchase");
    // The largest call a browser may make still goes through.
    const fits = Array.from({ length: 50 }, () => browserEvent("CheckIn", { event_source_url: `https://example.test/${"x".repeat(900)}` }));
    expect((await call(api, "POST", FORWARD, { body: { data: fits } })).data).toEqual({ events_received: 50 });
    expect(await count()).toBe(before + 50);
  });
});

describe(`without Meta credentials the Purchase is stored, not sent (${engine})`, () => {
  let local: RunningApi;
  beforeAll(async () => {
    local = await startTestApi();
  });
  afterAll(() => local?.stop());

  it("stores one Purchase for an order paid in the Onlypay sandbox and queues nothing", async () => {
    const u = await buyer(local);
    const r = await call<{ order_id: string; pay_url: string }>(local, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
    expect(r.code, r.message).toBe("0");
    const paid = await fetch(`${r.data.pay_url}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=pay", redirect: "manual" });
    expect(paid.status).toBe(303);
    const dev = await call<{ forwarding: boolean; events: { event_name: string; event_id: string; sent_at: string | null; payload: { custom_data: unknown } }[] }>(local, "GET", "/dev/meta-events");
    expect(dev.data.forwarding).toBe(false);
    const purchases = dev.data.events.filter((e) => e.event_id === `purchase_${r.data.order_id}`);
    expect(purchases).toMatchObject([{ event_name: "Purchase", sent_at: null, payload: { custom_data: { currency: "usd", value: 1.99, order_id: r.data.order_id } } }]);
    const [queued] = rowsOf<{ n: number }>(await local.ctx.db.execute(sql`select count(*)::int as n from outbox where kind = 'meta-events'`));
    expect(Number(queued!.n)).toBe(0);
  });
});
