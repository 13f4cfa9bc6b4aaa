import { describe, expect, it } from "vitest";
import { NO_REDIRECT_MESSAGE, redirectToPayment, runPurchase, STRIPE_REDIRECT_FAILED, UNKNOWN_ERROR, type ClientPaymentResult, type PurchaseEffects, type RedirectOutcome } from "./index";

/** Effects that record what the page would show. */
function page(create: () => Promise<ClientPaymentResult>, redirect: (r: ClientPaymentResult) => Promise<RedirectOutcome> = async () => "url", loggedIn: boolean | Promise<boolean> = true) {
  const log: string[] = [];
  let overlay: string | null = null;
  let paying = false;
  const fx: PurchaseEffects = {
    isLoggedIn: () => loggedIn,
    goToLogin: () => log.push("login"),
    showOverlay: (k) => ((overlay = k), log.push(`overlay:${k}`)),
    hideOverlay: () => ((overlay = null), log.push("overlay:hidden")),
    setPaying: (p) => ((paying = p), log.push(`paying:${p}`)),
    toastError: (m) => log.push(`toast:${m}`),
    create,
    redirect,
  };
  return { fx, log, state: () => ({ overlay, paying }) };
}

const paid: ClientPaymentResult = { success: true, provider: "onlypay", orderId: "o", redirectUrl: "https://pay.test/o" };

describe("runPurchase", () => {
  it("sends a guest to log in without creating anything", async () => {
    let created = false;
    const p = page(async () => ((created = true), paid), undefined, Promise.resolve(false));
    expect(await runPurchase(p.fx)).toEqual({ kind: "login" });
    expect(p.log).toEqual(["paying:true", "paying:false", "login"]);
    expect(created).toBe(false);
  });

  it("keeps the button busy while the session is still starting, so a signed-in buyer is not taken for a guest", async () => {
    let ready!: (v: boolean) => void;
    const p = page(async () => paid, undefined, new Promise<boolean>((r) => (ready = r)));
    const run = runPurchase(p.fx);
    await Promise.resolve();
    expect(p.state()).toEqual({ overlay: null, paying: true });
    ready(true);
    expect(await run).toEqual({ kind: "redirected", via: "url" });
    expect(p.log).toEqual(["paying:true", "overlay:payment", "overlay:redirect"]);
  });

  it("shows the payment overlay, then the redirect overlay, and leaves for the provider", async () => {
    const p = page(async () => paid);
    expect(await runPurchase(p.fx)).toEqual({ kind: "redirected", via: "url" });
    expect(p.log).toEqual(["paying:true", "overlay:payment", "overlay:redirect"]);
  });

  it("releases the overlay and shows the reason on a refusal", async () => {
    const p = page(async () => ({ success: false, provider: "stripe", error: "Sign in to buy coins" }));
    expect(await runPurchase(p.fx)).toEqual({ kind: "failed", error: "Sign in to buy coins" });
    expect(p.state()).toEqual({ overlay: null, paying: false });
    expect(p.log.at(-1)).toBe("toast:Sign in to buy coins");
  });

  it.each([
    ["create throws an Error", async () => Promise.reject(new Error("offline")), undefined, "offline"],
    ["create throws a non-Error", async () => Promise.reject("?"), undefined, UNKNOWN_ERROR],
    ["the redirect throws", async () => paid, async () => Promise.reject(new Error(STRIPE_REDIRECT_FAILED)), STRIPE_REDIRECT_FAILED],
  ] as const)("always releases the overlay when %s", async (_l, create, redirect, error) => {
    const p = page(create as () => Promise<ClientPaymentResult>, redirect as never);
    expect(await runPurchase(p.fx)).toEqual({ kind: "failed", error });
    expect(p.state()).toEqual({ overlay: null, paying: false });
  });

  it("gives the page back when the parent frame takes the redirect", async () => {
    const p = page(async () => paid, async () => "parent");
    expect(await runPurchase(p.fx)).toEqual({ kind: "redirected", via: "parent" });
    expect(p.state()).toEqual({ overlay: null, paying: false });
  });
});

describe("redirectToPayment", () => {
  it("navigates to an http(s) URL and refuses a result with nowhere to go", async () => {
    const went: string[] = [];
    expect(await redirectToPayment(paid, { navigate: (u) => went.push(u) })).toBe("url");
    expect(went).toEqual(["https://pay.test/o"]);
    await expect(redirectToPayment({ success: true, provider: "onlypay" }, { navigate: (u) => went.push(u) })).rejects.toThrow(NO_REDIRECT_MESSAGE);
  });
  it("goes through Stripe.js for an SDK result", async () => {
    const went: string[] = [];
    const keys: string[] = [];
    const via = await redirectToPayment(
      { success: true, provider: "stripe", sessionId: "cs", redirectUrl: "https://checkout.test/cs", useStripeSDK: true, stripePublicKey: "pk" },
      { navigate: (u) => went.push(u), loadStripe: async (k) => (keys.push(k), {} as never) },
    );
    expect([via, keys, went]).toEqual(["sdk", ["pk"], ["https://checkout.test/cs"]]);
  });
});
