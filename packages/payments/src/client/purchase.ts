import type { PaymentResult } from "@storyloom/contract";
import { errorMessage, NO_REDIRECT_MESSAGE, ONLYPAY_CREATE_FAILED, PAYMENT_CREATION_FAILED, PAYMENT_FAILED_MESSAGE, STRIPE_CREATE_FAILED, unsupportedProvider } from "./errors";
import { isProvider, type PaymentProvider } from "./provider";
import { withPaymentToken } from "./token";

// The client side of a coin purchase (spec sections 3, 5, 7 and 8): the payment request the page
// builds, the provider call it maps to, and the result the page acts on. The API client is passed
// in (structurally typed) so this package stays free of React and of the api-client package.

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
  }): Promise<CallResult<{ session_id: string; url?: string; order_id?: string; publishable_key?: string }>>;
  onlypayOrderCreate(input: { price_id: string; redirect_url: string }): Promise<CallResult<{ order_id: string; pay_url: string }>>;
}

/**
 * The payment request for a package: the card provider returns to the success page with its session
 * id (Stripe fills `{CHECKOUT_SESSION_ID}` in) or to the coins page on cancel; the redirect provider
 * returns to the success page, which then looks the order up. A payment token, when given, rides on
 * the return URL (the handoff, see ./token.ts).
 */
export function buildPaymentRequest(provider: PaymentProvider, priceId: string, origin: string, paymentToken?: string | null): PaymentRequest {
  const base = origin.replace(/\/+$/, "");
  if (provider === "stripe") {
    return {
      priceId,
      successUrl: withPaymentToken(`${base}${RETURN_PATH}?provider=stripe&session_id={CHECKOUT_SESSION_ID}`, paymentToken),
      cancelUrl: `${base}${CANCEL_PATH}`,
    };
  }
  return { priceId, redirectUrl: withPaymentToken(`${base}${RETURN_PATH}?provider=onlypay`, paymentToken) };
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

/** The payment result of spec section 3, plus the publishable key Stripe.js needs. */
export type ClientPaymentResult = PaymentResult & { stripePublicKey?: string };

/** Options of createPayment: the site's own publishable key, when it has one, routes the card provider through Stripe.js. */
export interface CreateOptions {
  publishableKey?: string;
}

/**
 * Creates the payment with the provider's call and answers the payment result of spec section 3.
 * Never throws: an unknown provider, a refusal or a thrown call all end in `success: false` with the
 * spec's words. The card provider goes through Stripe.js when a publishable key is set on the site,
 * or when the answer has a session id but no URL (the key then comes from the API).
 */
export async function createPayment(api: PaymentApi, provider: string, request: PaymentRequest, opts: CreateOptions = {}): Promise<ClientPaymentResult> {
  if (!isProvider(provider)) return { success: false, error: unsupportedProvider(provider) };
  try {
    const call = providerCall(provider, request);
    if (call.endpoint === "checkoutCreate") {
      const r = await api.checkoutCreate(call.input);
      if (!r.ok) return { success: false, provider, error: failureMessage(r) };
      if (!r.data.session_id) return { success: false, provider, error: STRIPE_CREATE_FAILED };
      const stripePublicKey = opts.publishableKey || r.data.publishable_key || undefined;
      const useStripeSDK = !!opts.publishableKey || (!r.data.url && !!stripePublicKey);
      return { success: true, provider, sessionId: r.data.session_id, orderId: r.data.order_id, redirectUrl: r.data.url, useStripeSDK, ...(stripePublicKey ? { stripePublicKey } : {}) };
    }
    const r = await api.onlypayOrderCreate(call.input);
    if (!r.ok) return { success: false, provider, error: failureMessage(r) };
    if (!r.data.pay_url) return { success: false, provider, orderId: r.data.order_id, error: ONLYPAY_CREATE_FAILED };
    return { success: true, provider, orderId: r.data.order_id, redirectUrl: r.data.pay_url, useStripeSDK: false };
  } catch (err) {
    return { success: false, provider, error: errorMessage(err, PAYMENT_CREATION_FAILED) };
  }
}

/** Where the browser goes next: the provider's page, Stripe.js, or the error to show instead. */
export type PaymentStep =
  | { kind: "url"; url: string }
  | { kind: "stripe"; sessionId?: string; url?: string; publishableKey?: string }
  | { kind: "error"; error: string };

const httpUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

/** The next step of a payment result. */
export function paymentStep(result: ClientPaymentResult): PaymentStep {
  if (!result.success) return { kind: "error", error: result.error || PAYMENT_FAILED_MESSAGE };
  const url = httpUrl(result.redirectUrl);
  if (result.provider === "stripe" && result.useStripeSDK && (result.sessionId || url)) {
    return { kind: "stripe", sessionId: result.sessionId, url, publishableKey: result.stripePublicKey };
  }
  if (url) return { kind: "url", url };
  return { kind: "error", error: NO_REDIRECT_MESSAGE };
}
