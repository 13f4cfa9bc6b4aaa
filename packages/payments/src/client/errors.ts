// The payment error strings of spec section 8, in one place so the pages and tests use the same words.

/** The toast text when a payment cannot be created and the server gave no usable reason. */
export const PAYMENT_FAILED_MESSAGE = "Payment failed, please try again later";
/** Adapter defaults (an answer that claims success but carries nothing usable). */
export const STRIPE_CREATE_FAILED = "Stripe payment creation failed";
export const ONLYPAY_CREATE_FAILED = "Onlypay payment creation failed";
/** A failed result with no reason of its own. */
export const PAYMENT_FAILED = "Payment failed";
/** A provider call that threw without a message. */
export const PAYMENT_CREATION_FAILED = "Payment creation failed";
/** A result that gives the browser nowhere to go. */
export const NO_REDIRECT_MESSAGE = "No redirect URL or session ID provided";
/** The Stripe.js path without a publishable key. */
export const STRIPE_KEY_REQUIRED = "Stripe public key is required for SDK redirect";
/** Stripe.js could not be loaded (blocked, offline, bad key). */
export const STRIPE_LOAD_FAILED = "Failed to load Stripe SDK";
/** Stripe.js loaded but could not take the buyer to the checkout. */
export const STRIPE_REDIRECT_FAILED = "Stripe redirect failed";
/** Something that is not an Error was thrown. */
export const UNKNOWN_ERROR = "Unknown error occurred";

/** "Unsupported payment provider: {x}". */
export function unsupportedProvider(provider: unknown): string {
  return `Unsupported payment provider: ${String(provider)}`;
}

/** The message of anything thrown: an Error's own words, else the spec's unknown-error text. */
export function errorMessage(err: unknown, fallback = UNKNOWN_ERROR): string {
  if (err instanceof Error) return err.message || fallback;
  return UNKNOWN_ERROR;
}
