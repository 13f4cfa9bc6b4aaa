import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, memoryStorage, type ApiClient } from "@storyloom/api-client";
import { readCode, startTestApi } from "@storyloom/api/testing";
import {
  buildPaymentRequest,
  createPayment,
  failureMessage,
  NO_REDIRECT_MESSAGE,
  ONLYPAY_CREATE_FAILED,
  PAYMENT_FAILED_MESSAGE,
  paymentRedirect,
  providerCall,
  STRIPE_CREATE_FAILED,
  type PaymentApi,
} from "./purchase";

describe("buildPaymentRequest", () => {
  it("gives the card provider success and cancel URLs on the site's origin", () => {
    expect(buildPaymentRequest("stripe", "coins-300", "https://storyloom.ai/")).toEqual({
      priceId: "coins-300",
      successUrl: "https://storyloom.ai/recharge-success?provider=stripe&session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://storyloom.ai/user/coins",
    });
  });
  it("gives the redirect provider one return URL", () => {
    expect(buildPaymentRequest("onlypay", "coins-100", "https://playshot.ai")).toEqual({
      priceId: "coins-100",
      redirectUrl: "https://playshot.ai/recharge-success?provider=onlypay",
    });
  });
});

describe("providerCall", () => {
  it("maps the request to the wire fields of each provider (spec section 7)", () => {
    const card = providerCall("stripe", buildPaymentRequest("stripe", "p1", "http://localhost:3000"));
    expect(card.endpoint).toBe("checkoutCreate");
    expect(Object.keys(card.input).sort()).toEqual(["cancel_url", "price_id", "success_url"]);
    const redirect = providerCall("onlypay", buildPaymentRequest("onlypay", "p1", "http://localhost:3001"));
    expect(redirect).toEqual({ endpoint: "onlypayOrderCreate", input: { price_id: "p1", redirect_url: "http://localhost:3001/recharge-success?provider=onlypay" } });
  });
});

type RunningApi = Awaited<ReturnType<typeof startTestApi>>;
// createPayment runs against the real API (sandbox providers) through the real client.
let api: RunningApi;
let buyer: ApiClient;
let guest: ApiClient;
beforeAll(async () => {
  api = await startTestApi();
  guest = createApiClient({ baseUrl: api.url, storage: memoryStorage() });
  await guest.start();
  buyer = createApiClient({ baseUrl: api.url, storage: memoryStorage() });
  await buyer.start();
  const email = `buyer-${process.pid}@example.com`;
  expect((await buyer.sendCode({ email })).ok).toBe(true);
  expect((await buyer.loginWithCode({ email, code: await readCode(api, email) })).ok).toBe(true);
});
afterAll(() => api?.stop());

describe("createPayment", () => {
  it("calls checkout.create for the card provider and answers the hosted checkout URL", async () => {
    const result = await createPayment(buyer.api, "stripe", buildPaymentRequest("stripe", "coins-300", "http://localhost:3000"));
    expect(result).toMatchObject({ success: true, provider: "stripe", useStripeSDK: false });
    expect(result.sessionId).toBeTruthy();
    expect(result.orderId).toBeTruthy();
    const target = paymentRedirect(result);
    expect(target).toEqual({ url: expect.stringMatching(/\/sandbox\/checkout\//) });
    const page = await fetch((target as { url: string }).url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("$4.99");
  });

  it("calls onlypay/order.create for the redirect provider and answers its pay URL", async () => {
    const result = await createPayment(buyer.api, "onlypay", buildPaymentRequest("onlypay", "coins-100", "http://localhost:3001"));
    expect(result).toMatchObject({ success: true, provider: "onlypay" });
    expect(paymentRedirect(result)).toEqual({ url: expect.stringMatching(/\/sandbox\/onlypay\/pay\//) });
  });

  it("shows a refusal the buyer can act on in the server's words (a guest must sign in)", async () => {
    const result = await createPayment(guest.api, "stripe", buildPaymentRequest("stripe", "coins-100", "http://localhost:3000"));
    expect(paymentRedirect(result)).toEqual({ error: "Sign in to buy coins" });
  });

  it("falls back to the generic text when the server's words would not help (unknown package)", async () => {
    const result = await createPayment(buyer.api, "onlypay", buildPaymentRequest("onlypay", "no-such-package", "http://localhost:3001"));
    expect(paymentRedirect(result)).toEqual({ error: PAYMENT_FAILED_MESSAGE });
  });

  it("treats a success without anything usable as the provider's creation failure", async () => {
    // A server answering success without a session or pay URL cannot be produced by ours: an
    // object of the client's shape stands in for it.
    const hollow: PaymentApi = {
      checkoutCreate: async () => ({ ok: true, data: { session_id: "" } }),
      onlypayOrderCreate: async () => ({ ok: true, data: { order_id: "o", pay_url: "" } }),
    };
    expect((await createPayment(hollow, "stripe", { priceId: "p" })).error).toBe(STRIPE_CREATE_FAILED);
    expect((await createPayment(hollow, "onlypay", { priceId: "p" })).error).toBe(ONLYPAY_CREATE_FAILED);
  });

  it("does not send the browser anywhere without an http(s) URL", () => {
    expect(paymentRedirect({ success: true, provider: "stripe", sessionId: "cs", useStripeSDK: true })).toEqual({ error: NO_REDIRECT_MESSAGE });
    expect(paymentRedirect({ success: true, provider: "onlypay", redirectUrl: "javascript:alert(1)" })).toEqual({ error: NO_REDIRECT_MESSAGE });
  });
});

describe("failureMessage", () => {
  it("hides what the buyer cannot act on", () => {
    expect(failureMessage({ code: "ERROR", message: "Network error", status: 0 })).toBeUndefined();
    expect(failureMessage({ code: "INTERNAL_ERROR", message: "boom", status: 500 })).toBeUndefined();
    expect(failureMessage({ code: "CONFLICT", message: "Order already paid", status: 409 })).toBe("Order already paid");
  });
});
