// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { initStripe, loadStripeJs, redirectWithStripe, STRIPE_KEY_REQUIRED, STRIPE_LOAD_FAILED, STRIPE_REDIRECT_FAILED, type LoadStripe } from "./index";

const stripeJs = { elements: () => ({}) };
const loads: string[] = [];
const ok: LoadStripe = async (key) => (loads.push(key), stripeJs as never);
const rejects: LoadStripe = async () => Promise.reject(new Error("script failed"));
const empty: LoadStripe = async () => null;

afterEach(() => {
  loads.length = 0;
  delete (window as { Stripe?: unknown }).Stripe;
});

describe("initStripe", () => {
  it("needs a publishable key", async () => {
    await expect(initStripe(undefined, ok)).rejects.toThrow(STRIPE_KEY_REQUIRED);
    expect(loads).toEqual([]);
  });
  it("says 'Failed to load Stripe SDK' when the loader throws or answers nothing", async () => {
    await expect(initStripe("pk_test_1", rejects)).rejects.toThrow(STRIPE_LOAD_FAILED);
    await expect(initStripe("pk_test_1", empty)).rejects.toThrow(STRIPE_LOAD_FAILED);
  });
  it("loads Stripe.js through @stripe/stripe-js's loadStripe with the key", async () => {
    // Stripe.js is served by js.stripe.com; with it already on the page (as after its <script>)
    // @stripe/stripe-js's loadStripe uses it instead of injecting another script.
    const made: string[] = [];
    (window as { Stripe?: unknown }).Stripe = Object.assign((key: string) => (made.push(key), stripeJs), { version: "endive" });
    expect(await initStripe("pk_test_real", loadStripeJs)).toBe(stripeJs);
    expect(made).toEqual(["pk_test_real"]);
  });
});

describe("redirectWithStripe", () => {
  it("goes to the session URL once Stripe.js is ready", async () => {
    const went: string[] = [];
    expect(await redirectWithStripe({ sessionId: "cs_1", redirectUrl: "https://checkout.test/cs_1", publishableKey: "pk" }, (u) => went.push(u), ok)).toEqual({ via: "sdk", url: "https://checkout.test/cs_1" });
    expect(loads).toEqual(["pk"]);
    expect(went).toEqual(["https://checkout.test/cs_1"]);
  });
  it.each([
    ["no key", undefined, ok, STRIPE_KEY_REQUIRED],
    ["a failing load", "pk", rejects, STRIPE_LOAD_FAILED],
  ])("falls back to the session URL on %s", async (_l, key, load, error) => {
    const went: string[] = [];
    expect(await redirectWithStripe({ sessionId: "cs", redirectUrl: "https://checkout.test/cs", publishableKey: key }, (u) => went.push(u), load)).toEqual({ via: "fallback", url: "https://checkout.test/cs", error });
    expect(went).toEqual(["https://checkout.test/cs"]);
  });
  it("fails with the SDK's words when there is no URL to fall back to", async () => {
    const went: string[] = [];
    await expect(redirectWithStripe({ sessionId: "cs", publishableKey: "pk" }, (u) => went.push(u), rejects)).rejects.toThrow(STRIPE_LOAD_FAILED);
    await expect(redirectWithStripe({ sessionId: "cs" }, (u) => went.push(u), ok)).rejects.toThrow(STRIPE_KEY_REQUIRED);
    // Stripe.js 'endive' cannot go to a session by id alone (no redirectToCheckout).
    await expect(redirectWithStripe({ sessionId: "cs", publishableKey: "pk", redirectUrl: "ftp://x" }, (u) => went.push(u), ok)).rejects.toThrow(STRIPE_REDIRECT_FAILED);
    expect(went).toEqual([]);
  });
});
