import { describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createPayment,
  failureMessage,
  NO_REDIRECT_MESSAGE,
  ONLYPAY_CREATE_FAILED,
  PAYMENT_CREATION_FAILED,
  PAYMENT_FAILED_MESSAGE,
  paymentStep,
  providerCall,
  STRIPE_CREATE_FAILED,
  UNKNOWN_ERROR,
  type PaymentApi,
} from "./index";

// The adapters against objects of the api-client's shape. The same functions run against the real
// API through the real client in apps/api/test/payments.client.test.ts.

type Answer<T> = { ok: true; data: T } | { ok: false; code: string; message: string; status: number };
function api(card: Answer<{ session_id: string; url?: string; order_id?: string; publishable_key?: string }> | (() => never), redirect?: Answer<{ order_id: string; pay_url: string }>): PaymentApi {
  return {
    checkoutCreate: async () => (typeof card === "function" ? card() : card),
    onlypayOrderCreate: async () => redirect ?? { ok: false, code: "ERROR", message: "Network error", status: 0 },
  };
}

describe("buildPaymentRequest", () => {
  it("gives the card provider success and cancel URLs on the site's origin", () => {
    expect(buildPaymentRequest("stripe", "coins-300", "https://storyloom.ai/")).toEqual({
      priceId: "coins-300",
      successUrl: "https://storyloom.ai/recharge-success?provider=stripe&session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://storyloom.ai/user/coins",
    });
  });
  it("gives the redirect provider one return URL", () => {
    expect(buildPaymentRequest("onlypay", "coins-100", "https://playshot.ai")).toEqual({ priceId: "coins-100", redirectUrl: "https://playshot.ai/recharge-success?provider=onlypay" });
  });
  it("carries a payment token on the return URL, leaving Stripe's placeholder literal", () => {
    expect(buildPaymentRequest("stripe", "p", "https://s.ai", "a b").successUrl).toBe("https://s.ai/recharge-success?provider=stripe&session_id={CHECKOUT_SESSION_ID}&token=a%20b");
    expect(buildPaymentRequest("onlypay", "p", "https://p.ai", "t1").redirectUrl).toBe("https://p.ai/recharge-success?provider=onlypay&token=t1");
  });
});

describe("providerCall", () => {
  it("maps the request to the wire fields of each provider (spec section 7)", () => {
    const card = providerCall("stripe", buildPaymentRequest("stripe", "p1", "http://localhost:3000"));
    expect(card.endpoint).toBe("checkoutCreate");
    expect(Object.keys(card.input).sort()).toEqual(["cancel_url", "price_id", "success_url"]);
    expect(providerCall("onlypay", buildPaymentRequest("onlypay", "p1", "http://x"))).toEqual({ endpoint: "onlypayOrderCreate", input: { price_id: "p1", redirect_url: "http://x/recharge-success?provider=onlypay" } });
  });
});

describe("createPayment", () => {
  const req = { priceId: "p", successUrl: "http://x/s", cancelUrl: "http://x/c", redirectUrl: "http://x/r" };

  it("answers 'Unsupported payment provider: {x}' for anything but stripe and onlypay", async () => {
    expect(await createPayment(api({ ok: true, data: { session_id: "cs" } }), "paypal", req)).toEqual({ success: false, error: "Unsupported payment provider: paypal" });
  });

  it("goes to the hosted checkout URL when the site has no publishable key", async () => {
    const r = await createPayment(api({ ok: true, data: { session_id: "cs_1", url: "https://checkout.test/cs_1", order_id: "o1", publishable_key: "pk_api" } }), "stripe", req);
    expect(r).toEqual({ success: true, provider: "stripe", sessionId: "cs_1", orderId: "o1", redirectUrl: "https://checkout.test/cs_1", useStripeSDK: false, stripePublicKey: "pk_api" });
    expect(paymentStep(r)).toEqual({ kind: "url", url: "https://checkout.test/cs_1" });
  });

  it("goes through Stripe.js with the site's publishable key, keeping the URL as the fallback", async () => {
    const r = await createPayment(api({ ok: true, data: { session_id: "cs_2", url: "https://checkout.test/cs_2" } }), "stripe", req, { publishableKey: "pk_site" });
    expect(r).toMatchObject({ useStripeSDK: true, stripePublicKey: "pk_site" });
    expect(paymentStep(r)).toEqual({ kind: "stripe", sessionId: "cs_2", url: "https://checkout.test/cs_2", publishableKey: "pk_site" });
  });

  it("takes a session id without a URL to Stripe.js with the API's key (not 'No redirect URL or session ID provided')", async () => {
    const r = await createPayment(api({ ok: true, data: { session_id: "cs_3", publishable_key: "pk_api" } }), "stripe", req);
    expect(r).toMatchObject({ success: true, sessionId: "cs_3", useStripeSDK: true, stripePublicKey: "pk_api" });
    expect(paymentStep(r)).toEqual({ kind: "stripe", sessionId: "cs_3", url: undefined, publishableKey: "pk_api" });
  });

  it("answers the redirect provider's pay URL", async () => {
    const r = await createPayment(api({ ok: true, data: { session_id: "x" } }, { ok: true, data: { order_id: "o9", pay_url: "https://pay.test/o9" } }), "onlypay", req);
    expect(r).toEqual({ success: true, provider: "onlypay", orderId: "o9", redirectUrl: "https://pay.test/o9", useStripeSDK: false });
  });

  it("treats a success without anything usable as the provider's creation failure", async () => {
    expect((await createPayment(api({ ok: true, data: { session_id: "" } }), "stripe", req)).error).toBe(STRIPE_CREATE_FAILED);
    expect((await createPayment(api({ ok: true, data: { session_id: "" } }, { ok: true, data: { order_id: "o", pay_url: "" } }), "onlypay", req)).error).toBe(ONLYPAY_CREATE_FAILED);
  });

  it("shows a refusal in the server's words and hides faults behind the toast default", async () => {
    const refused = await createPayment(api({ ok: false, code: "FORBIDDEN", message: "Sign in to buy coins", status: 403 }), "stripe", req);
    expect(paymentStep(refused)).toEqual({ kind: "error", error: "Sign in to buy coins" });
    const fault = await createPayment(api({ ok: false, code: "PAYMENT_ERROR", message: "boom", status: 502 }), "stripe", req);
    expect(paymentStep(fault)).toEqual({ kind: "error", error: PAYMENT_FAILED_MESSAGE });
  });

  it("never throws: a thrown call answers its message, 'Payment creation failed' or 'Unknown error occurred'", async () => {
    expect((await createPayment(api(() => { throw new Error("socket hang up"); }), "stripe", req)).error).toBe("socket hang up");
    expect((await createPayment(api(() => { throw new Error(""); }), "stripe", req)).error).toBe(PAYMENT_CREATION_FAILED);
    expect((await createPayment(api(() => { throw "nope"; }), "stripe", req)).error).toBe(UNKNOWN_ERROR);
  });
});

describe("paymentStep", () => {
  it("needs a session id or an http(s) URL (spec section 5)", () => {
    expect(paymentStep({ success: true, provider: "onlypay" })).toEqual({ kind: "error", error: NO_REDIRECT_MESSAGE });
    expect(paymentStep({ success: true, provider: "onlypay", redirectUrl: "javascript:alert(1)" })).toEqual({ kind: "error", error: NO_REDIRECT_MESSAGE });
    expect(paymentStep({ success: true, provider: "stripe", useStripeSDK: false })).toEqual({ kind: "error", error: NO_REDIRECT_MESSAGE });
    expect(paymentStep({ success: false })).toEqual({ kind: "error", error: PAYMENT_FAILED_MESSAGE });
  });
});

describe("failureMessage", () => {
  it("hides what the buyer cannot act on", () => {
    expect(failureMessage({ code: "ERROR", message: "Network error", status: 0 })).toBeUndefined();
    expect(failureMessage({ code: "INTERNAL_ERROR", message: "boom", status: 500 })).toBeUndefined();
    expect(failureMessage({ code: "CONFLICT", message: "Order already paid", status: 409 })).toBe("Order already paid");
  });
});
