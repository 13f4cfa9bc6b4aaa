import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createPayment, paymentStep, PAYMENT_FAILED_MESSAGE, redirectToPayment, type PaymentApi } from "@storyloom/payments/client";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";
import { balance, buyer, SITE } from "./payments.support";

// The payments client's adapters against the real API and its sandbox providers, over HTTP. The
// API object has the api-client's shape (ok/data or ok:false/code/message/status); the api-client
// itself cannot be used here: it depends on @storyloom/api for its own tests, and a cycle would follow.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

function paymentApi(token: string): PaymentApi {
  const post = async (path: string, body: unknown) => {
    const r = await call(api, "POST", path, { token, body });
    return r.code === "0" ? { ok: true as const, data: r.data as never } : { ok: false as const, code: r.code, message: r.message, status: r.status };
  };
  return { checkoutCreate: (input) => post("/api/v1/checkout.create", input), onlypayOrderCreate: (input) => post("/api/v1/onlypay/order.create", input) };
}

describe(`payments client against the API (${engine})`, () => {
  it("card provider: checkout.create → the sandbox's hosted checkout → Pay credits the package's coins", async () => {
    const u = await buyer(api);
    const before = await balance(api, u.id);
    const result = await createPayment(paymentApi(u.token), "stripe", buildPaymentRequest("stripe", "coins-300", SITE));
    expect(result).toMatchObject({ success: true, provider: "stripe", useStripeSDK: false, stripePublicKey: "pk_test_storyloom_sandbox" });
    const went: string[] = [];
    expect(await redirectToPayment(result, { navigate: (u) => went.push(u) })).toBe("url");
    expect(went[0]).toBe(`${api.url}/sandbox/checkout/${result.sessionId}`);
    const paid = await fetch(`${went[0]}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=pay", redirect: "manual" });
    expect(paid.headers.get("location")).toBe(`${SITE}/recharge-success?provider=stripe&session_id=${result.sessionId}`);
    expect(await balance(api, u.id)).toBe(before + 300);
  });

  it("card provider with a site key: Stripe.js first, then the same session URL", async () => {
    const u = await buyer(api);
    const result = await createPayment(paymentApi(u.token), "stripe", buildPaymentRequest("stripe", "coins-100", SITE), { publishableKey: "pk_site" });
    const keys: string[] = [];
    const went: string[] = [];
    expect(await redirectToPayment(result, { navigate: (u) => went.push(u), loadStripe: async (k) => (keys.push(k), {} as never) })).toBe("sdk");
    expect([keys, went]).toEqual([["pk_site"], [`${api.url}/sandbox/checkout/${result.sessionId}`]]);
  });

  it("redirect provider: onlypay/order.create answers its pay URL", async () => {
    const u = await buyer(api);
    const result = await createPayment(paymentApi(u.token), "onlypay", buildPaymentRequest("onlypay", "coins-100", SITE, "tok"));
    expect(paymentStep(result)).toEqual({ kind: "url", url: expect.stringMatching(new RegExp(`^${api.url}/sandbox/onlypay/pay/op_`)) });
  });

  it("shows the server's refusal (a guest) and the generic text for an unknown package", async () => {
    const g = await call<{ auth: { access_token: string } }>(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id: `dev-client-${Date.now()}`, gender: "unknown" } });
    const guest = await createPayment(paymentApi(g.data.auth.access_token), "stripe", buildPaymentRequest("stripe", "coins-100", SITE));
    expect(paymentStep(guest)).toEqual({ kind: "error", error: "Sign in to buy coins" });
    const u = await buyer(api);
    const unknown = await createPayment(paymentApi(u.token), "onlypay", buildPaymentRequest("onlypay", "no-such-package", SITE));
    expect(paymentStep(unknown)).toEqual({ kind: "error", error: PAYMENT_FAILED_MESSAGE });
  });
});
