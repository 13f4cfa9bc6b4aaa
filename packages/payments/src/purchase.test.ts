import { describe, expect, it } from "vitest";
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
  type CallResult,
  type PaymentApi,
} from "./purchase";

type Seen = { endpoint: string; input: unknown }[];

/** A stand-in API answering fixed results and recording what it was asked. */
function fakeApi(answers: { checkout?: CallResult<{ session_id: string; url?: string; order_id?: string }>; onlypay?: CallResult<{ order_id: string; pay_url: string }> }) {
  const seen: Seen = [];
  const api: PaymentApi = {
    async checkoutCreate(input) {
      seen.push({ endpoint: "checkoutCreate", input });
      return answers.checkout ?? { ok: false, code: "NOT_FOUND", message: "No such endpoint: POST /api/v1/checkout.create", status: 404 };
    },
    async onlypayOrderCreate(input) {
      seen.push({ endpoint: "onlypayOrderCreate", input });
      return answers.onlypay ?? { ok: false, code: "NOT_FOUND", message: "No such endpoint: POST /api/v1/onlypay/order.create", status: 404 };
    },
  };
  return { api, seen };
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

describe("createPayment", () => {
  it("calls checkout.create for the card provider and answers the hosted checkout URL", async () => {
    const { api, seen } = fakeApi({ checkout: { ok: true, data: { session_id: "cs_1", url: "https://checkout.example/cs_1", order_id: "o1" } } });
    const result = await createPayment(api, "stripe", buildPaymentRequest("stripe", "coins-100", "http://localhost:3000"));
    expect(seen.map((s) => s.endpoint)).toEqual(["checkoutCreate"]);
    expect(result).toEqual({ success: true, provider: "stripe", sessionId: "cs_1", orderId: "o1", redirectUrl: "https://checkout.example/cs_1", useStripeSDK: false });
    expect(paymentRedirect(result)).toEqual({ url: "https://checkout.example/cs_1" });
  });

  it("calls onlypay/order.create for the redirect provider and answers its pay URL", async () => {
    const { api, seen } = fakeApi({ onlypay: { ok: true, data: { order_id: "op_9", pay_url: "https://pay.example/op_9" } } });
    const result = await createPayment(api, "onlypay", buildPaymentRequest("onlypay", "coins-100", "http://localhost:3001"));
    expect(seen.map((s) => s.endpoint)).toEqual(["onlypayOrderCreate"]);
    expect(result).toEqual({ success: true, provider: "onlypay", orderId: "op_9", redirectUrl: "https://pay.example/op_9" });
  });

  it("fails honestly while the payment endpoints are not served (404): the generic toast text", async () => {
    for (const provider of ["stripe", "onlypay"] as const) {
      const { api } = fakeApi({});
      const result = await createPayment(api, provider, buildPaymentRequest(provider, "coins-100", "http://localhost:3000"));
      expect(result.success).toBe(false);
      expect(paymentRedirect(result)).toEqual({ error: PAYMENT_FAILED_MESSAGE });
    }
  });

  it("shows a business refusal in the server's words", async () => {
    const { api } = fakeApi({ checkout: { ok: false, code: "VALIDATION_ERROR", message: "Unknown price package", status: 400 } });
    const result = await createPayment(api, "stripe", buildPaymentRequest("stripe", "nope", "http://localhost:3000"));
    expect(paymentRedirect(result)).toEqual({ error: "Unknown price package" });
  });

  it("treats a success without anything usable as the provider's creation failure", async () => {
    const card = await createPayment(fakeApi({ checkout: { ok: true, data: { session_id: "" } } }).api, "stripe", { priceId: "p" });
    expect(card.error).toBe(STRIPE_CREATE_FAILED);
    const redirect = await createPayment(fakeApi({ onlypay: { ok: true, data: { order_id: "o", pay_url: "" } } }).api, "onlypay", { priceId: "p" });
    expect(redirect.error).toBe(ONLYPAY_CREATE_FAILED);
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
