import { notifyParentOfRedirect, paymentRedirectMessage } from "../frame/index";
import { errorMessage } from "./errors";
import { paymentStep, type ClientPaymentResult } from "./purchase";
import { loadStripeJs, redirectWithStripe, type LoadStripe } from "./stripe";

// The purchase state machine (spec sections 4 and 5), free of React so it is tested as it runs:
// idle → (guest: login) | paying with the payment overlay → redirect overlay → provider (or the
// parent frame) | error toast. Whatever happens — a refusal, a thrown call, a failing SDK — the
// overlay is released and the button enabled again unless the page is leaving.

/** Where the buyer is sent, and how the page is left. */
export interface RedirectEnv {
  navigate: (url: string) => void;
  loadStripe?: LoadStripe;
  /** Allowed parent origins (PARENT_ORIGINS); with an allowed parent the parent is told instead of navigating. */
  parentOrigins?: readonly string[];
  /** The site's name in PAYMENT_REDIRECT's `source`. */
  source?: string;
  /** The window (tests pass another document's); defaults to the global one. */
  win?: Parameters<typeof notifyParentOfRedirect>[2];
}

/** How a redirect went: the provider's page, through Stripe.js, its fallback URL, or handed to the parent frame. */
export type RedirectOutcome = "url" | "sdk" | "fallback" | "parent";

/** Sends the buyer on for a payment result; throws with the spec's words when there is nowhere to go. */
export async function redirectToPayment(result: ClientPaymentResult, env: RedirectEnv): Promise<RedirectOutcome> {
  const step = paymentStep(result);
  if (step.kind === "error") throw new Error(step.error);
  const allowed = env.parentOrigins ?? [];
  if (allowed.length > 0) {
    const message = paymentRedirectMessage({
      provider: result.provider ?? "stripe",
      redirectUrl: step.url,
      sessionId: result.sessionId,
      useStripeSDK: step.kind === "stripe",
      stripePublicKey: result.stripePublicKey,
      source: env.source ?? "storyloom",
    });
    if (notifyParentOfRedirect(message, allowed, env.win)) return "parent";
  }
  if (step.kind === "url") {
    env.navigate(step.url);
    return "url";
  }
  const r = await redirectWithStripe({ sessionId: step.sessionId, redirectUrl: step.url, publishableKey: step.publishableKey }, env.navigate, env.loadStripe ?? loadStripeJs);
  return r.via;
}

/** What the purchase flow drives: the page's session, overlay, button and toasts. */
export interface PurchaseEffects {
  /** Whether the visitor is a signed-in user (may wait for the session to be known). */
  isLoggedIn: () => boolean | Promise<boolean>;
  /** A guest is sent to log in (and the dialog closes). */
  goToLogin: () => void;
  showOverlay: (kind: "payment" | "redirect") => void;
  hideOverlay: () => void;
  setPaying: (paying: boolean) => void;
  toastError: (message: string) => void;
  /** Creates the payment (createPayment bound to the API and the package). */
  create: () => Promise<ClientPaymentResult>;
  /** Sends the buyer on (redirectToPayment bound to the page). */
  redirect: (result: ClientPaymentResult) => Promise<RedirectOutcome>;
}

/** How a purchase attempt ended. */
export type PurchaseOutcome = { kind: "login" } | { kind: "redirected"; via: RedirectOutcome } | { kind: "failed"; error: string };

/** Runs one purchase attempt through the state machine. */
export async function runPurchase(fx: PurchaseEffects): Promise<PurchaseOutcome> {
  // Busy while the session may still be starting: a signed-in buyer is never taken for a guest.
  fx.setPaying(true);
  let loggedIn: boolean;
  try {
    loggedIn = await fx.isLoggedIn();
  } catch {
    loggedIn = false;
  }
  if (!loggedIn) {
    fx.setPaying(false);
    fx.goToLogin();
    return { kind: "login" };
  }
  fx.showOverlay("payment");
  try {
    const result = await fx.create();
    const step = paymentStep(result);
    if (step.kind === "error") throw new Error(step.error);
    fx.showOverlay("redirect");
    const via = await fx.redirect(result);
    // Handed to the parent frame: this page stays, so it must be usable again.
    if (via === "parent") {
      fx.hideOverlay();
      fx.setPaying(false);
    }
    return { kind: "redirected", via };
  } catch (err) {
    const error = errorMessage(err);
    fx.hideOverlay();
    fx.setPaying(false);
    fx.toastError(error);
    return { kind: "failed", error };
  }
}
