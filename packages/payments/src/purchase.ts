import type { PaymentResult } from "@storyloom/contract";
import type { PaymentProvider } from "./provider";

// The client side of a coin purchase (spec sections 3, 5, 7 and 8): the payment request the page
// builds, the provider call it maps to, and the result the page acts on. The API client is passed
// in (structurally typed) so this package stays free of React and of the api-client package.

/** The toast text when a payment cannot be created and the server gave no usable reason. */
export const PAYMENT_FAILED_MESSAGE = "Payment failed, please try again later";
/** Adapter defaults of spec section 8 (an answer that claims success but carries nothing usable). */
export const STRIPE_CREATE_FAILED = "Stripe payment creation failed";
export const ONLYPAY_CREATE_FAILED = "Onlypay payment creation failed";
/** A result that gives the browser nowhere to go. */
export const NO_REDIRECT_MESSAGE = "No redirect URL or session ID provided";
/** Where the provider sends the buyer back to. */
export const RETURN_PATH = "/recharge-success";
/** Where a card checkout that was abandoned returns to. */
export const CANCEL_PATH = "/user/coins";

/** The payment request of spec section 3. */
export interface PaymentRequest {
  priceId: string;
  successUrl?: string;
  cancelUrl?: string;
  redirectUrl?: string;
}

/** The part of an API call result this module reads (matches api-client's ApiResult). */
export type CallResult<T> = { ok: true; data: T } | { ok: false; code: string; message: string; status: number };

/** The two provider calls, as the api-client's `client.api` offers them. */
export interface PaymentApi {
  checkoutCreate(input: {
    price_id: string;
    success_url: string;
    cancel_url: string;
  }): Promise<CallResult<{ session_id: string; url?: string; order_id?: string }>>;
  onlypayOrderCreate(input: { price_id: string; redirect_url: string }): Promise<CallResult<{ order_id: string; pay_url: string }>>;
}

/**
 * The payment request for a package: the card provider returns to the success page with its session
 * id (Stripe fills `{CHECKOUT_SESSION_ID}` in) or to the coins page on cancel; the redirect provider
 * returns to the success page, which then looks the order up.
 */
export function buildPaymentRequest(provider: PaymentProvider, priceId: string, origin: string): PaymentRequest {
  const base = origin.replace(/\/+$/, "");
  if (provider === "stripe") {
    return {
      priceId,
      successUrl: `${base}${RETURN_PATH}?provider=stripe&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}${CANCEL_PATH}`,
    };
  }
  return { priceId, redirectUrl: `${base}${RETURN_PATH}?provider=onlypay` };
}

/** The wire call of a request: checkout.create for the card provider, onlypay/order.create otherwise. */
export function providerCall(provider: PaymentProvider, request: PaymentRequest) {
  if (provider === "stripe") {
    return {
      endpoint: "checkoutCreate" as const,
      input: { price_id: request.priceId, success_url: request.successUrl ?? "", cancel_url: request.cancelUrl ?? "" },
    };
  }
  return { endpoint: "onlypayOrderCreate" as const, input: { price_id: request.priceId, redirect_url: request.redirectUrl ?? "" } };
}

/**
 * The message a failed call may show. A missing endpoint (404), a server fault (5xx) or no answer
 * (status 0) says nothing the buyer can act on, so those fall back to the spec's generic text;
 * a business refusal (e.g. an unknown package) is shown as the server worded it.
 */
export function failureMessage(failure: { code: string; message: string; status: number }): string | undefined {
  if (failure.status === 0 || failure.status >= 500 || failure.status === 404) return undefined;
  return failure.message || undefined;
}

/** Creates the payment with the provider's call and answers the payment result of spec section 3. */
export async function createPayment(api: PaymentApi, provider: PaymentProvider, request: PaymentRequest): Promise<PaymentResult> {
  const call = providerCall(provider, request);
  if (call.endpoint === "checkoutCreate") {
    const r = await api.checkoutCreate(call.input);
    if (!r.ok) return { success: false, provider, error: failureMessage(r) };
    if (!r.data.session_id) return { success: false, provider, error: STRIPE_CREATE_FAILED };
    // Without a hosted-checkout URL the buyer must go through Stripe.js (the later payments issue).
    return { success: true, provider, sessionId: r.data.session_id, orderId: r.data.order_id, redirectUrl: r.data.url, useStripeSDK: !r.data.url };
  }
  const r = await api.onlypayOrderCreate(call.input);
  if (!r.ok) return { success: false, provider, error: failureMessage(r) };
  if (!r.data.pay_url) return { success: false, provider, orderId: r.data.order_id, error: ONLYPAY_CREATE_FAILED };
  return { success: true, provider, orderId: r.data.order_id, redirectUrl: r.data.pay_url };
}

/** Where the browser goes next: the provider's page, or the error to show instead. */
export function paymentRedirect(result: PaymentResult): { url: string } | { error: string } {
  if (!result.success) return { error: result.error || PAYMENT_FAILED_MESSAGE };
  if (result.redirectUrl && /^https?:\/\//i.test(result.redirectUrl)) return { url: result.redirectUrl };
  return { error: NO_REDIRECT_MESSAGE };
}
