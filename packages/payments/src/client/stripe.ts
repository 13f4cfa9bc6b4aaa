import type { Stripe } from "@stripe/stripe-js";
import { errorMessage, STRIPE_KEY_REQUIRED, STRIPE_LOAD_FAILED, STRIPE_REDIRECT_FAILED } from "./errors";

// Going to a Stripe Checkout Session through Stripe.js.
//
// @stripe/stripe-js 10 (Stripe.js release train "endive") has no `redirectToCheckout`: Stripe
// removed it, and the supported way to go to a hosted Checkout Session is the session's own `url`.
// So the SDK path is: load Stripe.js with the publishable key — only now, when a purchase starts,
// through a dynamic import so it is not part of any page's first-load JavaScript — and once it is
// ready (Stripe's fraud signals run from it) send the browser to the session URL. Any failure of
// the SDK falls back to the URL directly (spec section 7); without a URL there is nowhere to go.

/** Loads Stripe.js for a publishable key (the `loadStripe` of @stripe/stripe-js, or a stand-in with its signature). */
export type LoadStripe = (publishableKey: string) => Promise<Pick<Stripe, never> | null>;

/** The default loader: @stripe/stripe-js, imported on first use. */
export const loadStripeJs: LoadStripe = async (key) => {
  const { loadStripe } = await import("@stripe/stripe-js");
  return loadStripe(key);
};

/** Loads Stripe.js for the key; throws the spec's texts when there is no key or it does not load. */
export async function initStripe(publishableKey: string | undefined, load: LoadStripe = loadStripeJs): Promise<Pick<Stripe, never>> {
  if (!publishableKey) throw new Error(STRIPE_KEY_REQUIRED);
  let stripe: Pick<Stripe, never> | null;
  try {
    stripe = await load(publishableKey);
  } catch {
    throw new Error(STRIPE_LOAD_FAILED);
  }
  if (!stripe) throw new Error(STRIPE_LOAD_FAILED);
  return stripe;
}

/** What the Stripe path did: went through Stripe.js, fell back to the URL (with the SDK's error), or failed. */
export type StripeRedirect = { via: "sdk"; url: string } | { via: "fallback"; url: string; error: string };

/**
 * Goes to a Checkout Session through Stripe.js: loads it, then navigates to the session URL. On any
 * SDK failure the session URL is used directly; with no URL the SDK's error (or 'Stripe redirect
 * failed') is thrown.
 */
export async function redirectWithStripe(
  session: { sessionId?: string; redirectUrl?: string; publishableKey?: string },
  navigate: (url: string) => void,
  load: LoadStripe = loadStripeJs,
): Promise<StripeRedirect> {
  const url = session.redirectUrl && /^https?:\/\//i.test(session.redirectUrl) ? session.redirectUrl : undefined;
  try {
    await initStripe(session.publishableKey, load);
    if (!url) throw new Error(STRIPE_REDIRECT_FAILED);
    navigate(url);
    return { via: "sdk", url };
  } catch (err) {
    const error = errorMessage(err, STRIPE_REDIRECT_FAILED);
    if (!url) throw new Error(error);
    navigate(url);
    return { via: "fallback", url, error };
  }
}
