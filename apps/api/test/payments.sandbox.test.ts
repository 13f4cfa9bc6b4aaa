import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { coinLedger } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { signOnlypay } from "@storyloom/payments/server";
import { onlypaySettingsAt, SANDBOX_SECRETS, stripeAt } from "../src/payments/providers";
import { paymentsFor } from "../src/payments/domain";
import { balance, buyer, CANCEL_URL, orderRow, SITE, SUCCESS_URL } from "./payments.support";

// The default on a fresh machine: no provider keys, the API plays Stripe and Onlypay itself. Every
// step goes over HTTP as a browser would, and fulfilment runs through the signed webhook/notify handlers.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

interface Checkout {
  session_id: string;
  url: string;
  order_id: string;
  publishable_key?: string;
}

const form = { "content-type": "application/x-www-form-urlencoded" };
const post = (url: string, body = "confirm=pay") => fetch(url, { method: "POST", headers: form, body, redirect: "manual" });

describe(`who may buy (${engine})`, () => {
  it("refuses guests with 403 'Sign in to buy coins' and writes no order", async () => {
    const g = await newGuest(api);
    const a = await call(api, "POST", "/api/v1/checkout.create", { token: g.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    const b = await call(api, "POST", "/api/v1/onlypay/order.create", { token: g.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
    for (const r of [a, b]) {
      expect(r.status).toBe(403);
      expect(r.code).toBe("FORBIDDEN");
      expect(r.message).toBe("Sign in to buy coins");
    }
  });

  it("answers 404 for an unknown price package and 400 for a return URL off the brand sites", async () => {
    const u = await buyer(api);
    const missing = await call(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-nope", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    expect(missing.status).toBe(404);
    expect(missing.code).toBe("NOT_FOUND");
    const open = await call(api, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: "https://evil.example/steal" } });
    expect(open.status).toBe(400);
    expect(open.message).toMatch(/^Invalid body: redirect_url/);
    const notHttp = await call(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-100", success_url: "javascript:alert(1)", cancel_url: CANCEL_URL } });
    expect(notHttp.status).toBe(400);
    expect(notHttp.code).toBe("VALIDATION_ERROR");
  });
});

describe(`Stripe sandbox end to end (${engine})`, () => {
  it("create → checkout page → Pay → signed webhook → coins credited once → back to success_url", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<Checkout>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    expect(r.code).toBe("0");
    expect(r.data.session_id).toMatch(/^cs_test_/);
    expect(r.data.url).toBe(`${api.url}/sandbox/checkout/${r.data.session_id}`);
    expect(r.data.publishable_key).toMatch(/^pk_test_/);
    expect((await orderRow(api, r.data.order_id))).toMatchObject({ status: "pending", amount: 499, coins: 300, providerRef: r.data.session_id });

    const page = await fetch(r.data.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${SITE}`);
    const html = await page.text();
    expect(html).toContain("Pay $4.99");
    expect(html).toContain("300 coins");
    expect(html).toContain('name="viewport"');

    const paid = await post(`${r.data.url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${SITE}/recharge-success?provider=stripe&session_id=${r.data.session_id}`);
    expect(await balance(api, u.id)).toBe(before + 300);

    // The return page looks the order up by the session id it was given.
    const got = await call<{ order: { id: string; status: string } }>(api, "GET", "/api/v1/order.get", { token: u.token, query: { id: r.data.session_id } });
    expect(got.data.order).toMatchObject({ id: r.data.order_id, status: "paid" });

    // Pressing Pay again (back button) neither notifies nor credits again.
    expect((await post(`${r.data.url}/pay`)).status).toBe(303);
    expect(await balance(api, u.id)).toBe(before + 300);
    const entries = await api.ctx.db.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, `order:${r.data.order_id}`));
    expect(entries).toHaveLength(1);
  });

  it("Cancel goes back to cancel_url and pays nothing", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<Checkout>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    const cancelled = await post(`${r.data.url}/cancel`, "confirm=cancel");
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(CANCEL_URL);
    expect((await orderRow(api, r.data.order_id))!.status).toBe("pending");
    expect(await balance(api, u.id)).toBe(before);
  });

  it("speaks Stripe's API: bearer secret key, form fields, Stripe's error shape; returns to brand sites only", async () => {
    const body = new URLSearchParams({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "199",
      "line_items[0][price_data][product_data][name]": "100 coins",
      success_url: "https://evil.example/x",
      cancel_url: CANCEL_URL,
    }).toString();
    const endpoint = `${api.url}/sandbox/stripe/v1/checkout/sessions`;
    const noKey = await fetch(endpoint, { method: "POST", headers: { ...form, authorization: "Bearer sk_test_wrong" }, body });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const evil = await fetch(endpoint, { method: "POST", headers: { ...form, authorization: `Bearer ${SANDBOX_SECRETS.stripeSecretKey}` }, body });
    expect(evil.status).toBe(400);
    expect(await evil.json()).toMatchObject({ error: { param: "success_url" } });
  });

  it("answers an unknown checkout with a 404 page", async () => {
    const r = await fetch(`${api.url}/sandbox/checkout/cs_test_nope`);
    expect(r.status).toBe(404);
    expect(await r.text()).toContain("Checkout not found");
  });
});

describe(`Onlypay sandbox end to end (${engine})`, () => {
  it("create → pay page → Pay → signed notification → coins credited → back to redirect_url with the order id", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<{ order_id: string; pay_url: string }>(api, "POST", "/api/v1/onlypay/order.create", {
      token: u.token,
      body: { price_id: "coins-700", redirect_url: `${SITE}/recharge-success?provider=onlypay` },
    });
    expect(r.code).toBe("0");
    expect(r.data.pay_url).toMatch(new RegExp(`^${api.url}/sandbox/onlypay/pay/op_`));
    const page = await fetch(r.data.pay_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pay $9.99");
    const paid = await post(`${r.data.pay_url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${SITE}/recharge-success?provider=onlypay&order_id=${r.data.order_id}`);
    expect(await balance(api, u.id)).toBe(before + 700);
    const got = await call<{ order: { status: string; provider: string } }>(api, "GET", "/api/v1/order.get", { token: u.token, query: { id: r.data.order_id } });
    expect(got.data.order).toMatchObject({ status: "paid", provider: "onlypay" });
  });

  it("checks the merchant signature and notifies this API only", async () => {
    const order = {
      merchant_id: SANDBOX_SECRETS.onlypayMerchantId,
      merchant_order_id: "ord_sandbox_probe",
      amount: 199,
      currency: "usd",
      description: "100 coins",
      notify_url: "http://169.254.169.254/latest",
      return_url: `${SITE}/recharge-success`,
    };
    const send = (body: unknown) => fetch(`${api.url}/sandbox/onlypay/v1/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const unsigned = await send({ ...order, timestamp: Math.floor(Date.now() / 1000), signature: "0".repeat(64) });
    expect(unsigned.status).toBe(401);
    const ssrf = await send(signOnlypay(SANDBOX_SECRETS.onlypaySecret, order));
    expect(ssrf.status).toBe(400);
    expect(await ssrf.json()).toMatchObject({ error: { code: "invalid_request" } });
  });

  it("Cancel reports the payment failed and credits nothing", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<{ order_id: string; pay_url: string }>(api, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
    const back = await post(`${r.data.pay_url}/cancel`, "confirm=cancel");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toContain(`order_id=${r.data.order_id}`);
    expect((await orderRow(api, r.data.order_id))!.status).toBe("failed");
    expect(await balance(api, u.id)).toBe(before);
  });
});

describe(`sandbox refunds and reconciliation (${engine})`, () => {
  const history = async (token: string) =>
    (await call<{ entries: { reason: string; amount: number; balance_after: number }[] }>(api, "GET", "/api/v1/coin-ledger.list", { token })).data.entries;

  it("Stripe: the order page's Refund sends a signed charge.refunded; coins go back in proportion and show in the history", async () => {
    const u = await buyer(api);
    const r = await call<Checkout>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    // Refund before paying is refused.
    expect((await post(`${r.data.url}/refund`, "amount=")).status).toBe(409);
    await post(`${r.data.url}/pay`);
    const paid = await balance(api, u.id);
    const page = await (await fetch(r.data.url)).text();
    expect(page).toContain("Order paid");
    expect(page).toContain(">Refund</button>");
    expect((await post(`${r.data.url}/refund`, "amount=9.99")).status).toBe(400);
    const partial = await post(`${r.data.url}/refund`, "amount=2.00");
    expect(partial.status).toBe(303);
    expect(partial.headers.get("location")).toBe(`/sandbox/checkout/${r.data.session_id}`);
    expect(await balance(api, u.id)).toBe(paid - 120); // floor(300 × 200 / 499)
    expect((await history(u.token))[0]).toMatchObject({ reason: "refund", amount: -120, balance_after: paid - 120 });
    expect(await (await fetch(r.data.url)).text()).toContain("$2.00");
    expect((await post(`${r.data.url}/refund`, "amount=")).status).toBe(303);
    expect(await balance(api, u.id)).toBe(paid - 300);
    expect(await (await fetch(r.data.url)).text()).toContain("Fully refunded.");
    expect(await orderRow(api, r.data.order_id)).toMatchObject({ status: "paid", refundedAmount: 499, reversedCoins: 300 });
  });

  it("Onlypay: the order page's Refund sends a signed refund notification", async () => {
    const u = await buyer(api);
    const r = await call<{ order_id: string; pay_url: string }>(api, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-700", redirect_url: `${SITE}/recharge-success` } });
    await post(`${r.data.pay_url}/pay`);
    const paid = await balance(api, u.id);
    expect(await (await fetch(r.data.pay_url)).text()).toContain(">Refund</button>");
    expect((await post(`${r.data.pay_url}/refund`, "amount=")).status).toBe(303);
    expect(await balance(api, u.id)).toBe(paid - 700);
    expect((await history(u.token))[0]).toMatchObject({ reason: "refund", amount: -700 });
  });

  it("reconciliation reads the sandbox's sessions and orders through the real SDK and protocol and finds them in agreement", async () => {
    const found = await paymentsFor(api.ctx.db).reconcile({ stripe: stripeAt(api.url, api.ctx.config), onlypay: onlypaySettingsAt(api.url, api.ctx.config) }, { fix: false, since: new Date(Date.now() - 3600_000) });
    expect(found).toEqual([]);
  });
});

describe(`order.get (${engine})`, () => {
  it("shows an order to its owner only", async () => {
    const owner = await buyer(api);
    const other = await buyer(api);
    const guest = await newGuest(api);
    const r = await call<Checkout>(api, "POST", "/api/v1/checkout.create", { token: owner.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    const mine = await call<{ order: Record<string, unknown> }>(api, "GET", "/api/v1/order.get", { token: owner.token, query: { id: r.data.order_id } });
    expect(mine.data.order).toMatchObject({ id: r.data.order_id, provider: "stripe", price_id: "coins-100", amount: 199, coins: 100, status: "pending" });
    for (const token of [other.token, guest.token]) {
      for (const id of [r.data.order_id, r.data.session_id]) {
        const theirs = await call(api, "GET", "/api/v1/order.get", { token, query: { id } });
        expect(theirs.status).toBe(404);
        expect(theirs.code).toBe("NOT_FOUND");
      }
    }
    expect((await call(api, "GET", "/api/v1/order.get", { query: { id: r.data.order_id } })).status).toBe(401);
  });
});

// What production must be given besides payment keys (config.test.ts); the test database is handed over directly.
const PRODUCTION = {
  NODE_ENV: "production",
  TOKEN_SECRET: "a-production-secret-for-this-test",
  DATABASE_URL: "postgres://unused.invalid/storyloom",
  SMTP_URL: "smtp://127.0.0.1:9",
  PUBLIC_API_URL: "https://api.storyloom.ai",
  CORS_ORIGINS: [SITE],
} as const;

describe(`no sandbox unless switched on (${engine})`, () => {
  it("serves no sandbox routes and fails creation with PAYMENT_ERROR when no keys are set", async () => {
    const prod = await startTestApi({ PAYMENTS_SANDBOX: false });
    try {
      expect((await fetch(`${prod.url}/sandbox/checkout/cs_test_x`)).status).toBe(404);
      const u = await buyer(prod);
      const a = await call(prod, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-100", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
      expect([a.status, a.code, a.message]).toEqual([502, "PAYMENT_ERROR", "Stripe payment creation failed"]);
      const b = await call(prod, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
      expect([b.status, b.code, b.message]).toEqual([502, "PAYMENT_ERROR", "Onlypay payment creation failed"]);
      expect(prod.app.hasRoute({ method: "POST", url: "/sandbox/stripe/v1/checkout/sessions" })).toBe(false);
      expect(prod.app.hasRoute({ method: "POST", url: "/sandbox/onlypay/v1/orders" })).toBe(false);
    } finally {
      await prod.stop();
    }
  });

  it("serves the sandbox in production when PAYMENTS_SANDBOX is set (staging)", async () => {
    const staging = await startTestApi({ ...PRODUCTION, CORS_ORIGINS: [...PRODUCTION.CORS_ORIGINS], PAYMENTS_SANDBOX: true, SANDBOX_SECRET: "a-staging-sandbox-secret" });
    try {
      expect(staging.app.hasRoute({ method: "POST", url: "/sandbox/stripe/v1/checkout/sessions" })).toBe(true);
      expect(staging.app.hasRoute({ method: "GET", url: "/sandbox/onlypay/pay/:id" })).toBe(true);
    } finally {
      await staging.stop();
    }
  });
});
