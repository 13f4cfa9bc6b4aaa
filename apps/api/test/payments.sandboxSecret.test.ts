import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { signOnlypay } from "@storyloom/payments/server";
import { loadConfig } from "../src/config";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { SANDBOX_SECRETS } from "../src/payments/providers";
import { call } from "./http";
import { balance, buyer, CANCEL_URL, SITE, SUCCESS_URL } from "./payments.support";

// The payment sandbox outside a laptop: its built-in secrets are in the public repository, so with
// SANDBOX_SECRET set a notification signed with them is refused, while the sandbox's own flow (which
// signs with secrets derived from SANDBOX_SECRET) still pays. And the settings that guard it.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const SANDBOX_SECRET = "a-staging-sandbox-secret-of-this-test";

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as Error).message.split("\n").slice(1).map((l) => l.trim().split(":")[0]);
  }
};
const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return "";
  } catch (err) {
    return (err as Error).message;
  }
};

describe("sandbox settings (loadConfig)", () => {
  const exposed = { HOST: "0.0.0.0", TOKEN_SECRET: "a-long-enough-own-secret", PAYMENTS_SANDBOX: "true" };
  it("requires SANDBOX_SECRET for a sandbox on a non-loopback HOST, not on a laptop", () => {
    expect(problemsOf(exposed)).toEqual(["SANDBOX_SECRET"]);
    expect(messageOf(exposed)).toContain("must be set to run the payment sandbox on 0.0.0.0");
    expect(problemsOf({ ...exposed, SANDBOX_SECRET })).toEqual([]);
    expect(problemsOf({ PAYMENTS_SANDBOX: "true" })).toEqual([]);
    expect(problemsOf({ HOST: "::1", PAYMENTS_SANDBOX: "true" })).toEqual([]);
    // No sandbox, nothing to sign.
    expect(problemsOf({ HOST: "0.0.0.0", TOKEN_SECRET: "a-long-enough-own-secret" })).toEqual([]);
  });
  it("requires SANDBOX_SECRET for a sandbox in production, even on loopback", () => {
    expect(problemsOf({ NODE_ENV: "test", PAYMENTS_SANDBOX: "true" })).toEqual([]);
    const staging = messageOf({ NODE_ENV: "production", HOST: "127.0.0.1", PAYMENTS_SANDBOX: "true" });
    expect(staging).toContain("SANDBOX_SECRET: must be set to run the payment sandbox in production");
  });
  it("refuses a SANDBOX_SECRET equal to one of the repository's sandbox constants", () => {
    for (const value of [SANDBOX_SECRETS.stripeWebhookSecret, SANDBOX_SECRETS.onlypaySecret, SANDBOX_SECRETS.stripeSecretKey]) {
      expect(problemsOf({ PAYMENTS_SANDBOX: "true", SANDBOX_SECRET: value }), value).toEqual(["SANDBOX_SECRET"]);
      expect(problemsOf({ ...exposed, SANDBOX_SECRET: value }), value).toEqual(["SANDBOX_SECRET"]);
    }
  });
  it("never mixes live and sandbox providers unless PAYMENTS_SANDBOX_PROVIDERS names the sandbox's", () => {
    const stripeLive = { PAYMENTS_SANDBOX: "true", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(problemsOf(stripeLive)).toEqual(["PAYMENTS_SANDBOX_PROVIDERS"]);
    expect(messageOf(stripeLive)).toContain("PAYMENTS_SANDBOX_PROVIDERS=onlypay");
    expect(problemsOf({ ...stripeLive, PAYMENTS_SANDBOX_PROVIDERS: "onlypay" })).toEqual([]);
    expect(problemsOf({ ...stripeLive, PAYMENTS_SANDBOX_PROVIDERS: "stripe,onlypay" })).toEqual(["PAYMENTS_SANDBOX_PROVIDERS"]);
    expect(problemsOf({ ...stripeLive, PAYMENTS_SANDBOX_PROVIDERS: "paypal" })).toEqual(["PAYMENTS_SANDBOX_PROVIDERS.0"]);
    const onlypayLive = { PAYMENTS_SANDBOX: "true", ONLYPAY_MERCHANT_ID: "m-1", ONLYPAY_SECRET: "s-1", ONLYPAY_API_URL: "https://api.onlypay.example" };
    expect(problemsOf(onlypayLive)).toEqual(["PAYMENTS_SANDBOX_PROVIDERS"]);
    expect(problemsOf({ ...onlypayLive, PAYMENTS_SANDBOX_PROVIDERS: "stripe" })).toEqual([]);
    // Without the sandbox a provider without keys is simply off.
    expect(problemsOf({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toEqual([]);
  });
});

describe(`a sandbox with its own SANDBOX_SECRET (${engine})`, () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startTestApi({ SANDBOX_SECRET });
  });
  afterAll(() => api?.stop());

  it("refuses a Stripe event signed with the repository's webhook secret", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<{ session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    expect(r.code, r.message).toBe("0");
    const session = { id: r.data.session_id, object: "checkout.session", amount_total: 499, currency: "usd", metadata: { order_id: r.data.order_id }, client_reference_id: r.data.order_id, payment_status: "paid", status: "complete", payment_intent: `pi_${r.data.session_id}` };
    const payload = JSON.stringify({ id: `evt_forged_${r.data.order_id}`, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type: "checkout.session.completed", data: { object: session } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SANDBOX_SECRETS.stripeWebhookSecret });
    const res = await fetch(`${api.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION_ERROR", message: "Invalid Stripe signature" });
    expect(await balance(api, u.id)).toBe(before);
  });

  it("refuses an Onlypay notification signed with the repository's secret", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<{ order_id: string; pay_url: string }>(api, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
    expect(r.code, r.message).toBe("0");
    const onlypayId = r.data.pay_url.split("/").at(-1)!;
    const forged = signOnlypay(SANDBOX_SECRETS.onlypaySecret, { merchant_order_id: r.data.order_id, onlypay_order_id: onlypayId, status: "paid", amount: 199, currency: "usd" });
    const res = await call(api, "POST", "/api/v1/onlypay/notify", { body: forged });
    expect(res).toMatchObject({ status: 400, code: "VALIDATION_ERROR", message: "Invalid Onlypay signature" });
    expect(await balance(api, u.id)).toBe(before);
  });

  it("still pays through its own pages, signed with the derived secrets", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const r = await call<{ url: string; publishable_key?: string }>(api, "POST", "/api/v1/checkout.create", { token: u.token, body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL } });
    expect(r.code, r.message).toBe("0");
    const paid = await fetch(`${r.data.url}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=pay", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(await balance(api, u.id)).toBe(before + 300);
    const o = await call<{ pay_url: string }>(api, "POST", "/api/v1/onlypay/order.create", { token: u.token, body: { price_id: "coins-100", redirect_url: `${SITE}/recharge-success` } });
    const op = await fetch(`${o.data.pay_url}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=pay", redirect: "manual" });
    expect(op.status).toBe(303);
    expect(await balance(api, u.id)).toBe(before + 400);
  });
});
