import { describe, expect, it } from "vitest";
import { allowedParentOrigin, notifyParentOfRedirect, onParentAnalytics, paymentRedirectMessage, parseParentOrigins, readParentAnalytics, type FrameWindow } from "./index";

// The rules on plain window-shaped objects; the same module between two real origins in a browser
// is tests/e2e/specs/payments-frame.e2e.ts.

type Posted = { message: unknown; target: string };
function framed(parentOrigin: string | null, referrer = "") {
  const posted: Posted[] = [];
  const listeners = new Set<(e: MessageEvent) => void>();
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) } as unknown as Window;
  const win = {
    parent,
    location: { ancestorOrigins: parentOrigin ? Object.assign([parentOrigin], { contains: () => false, item: () => parentOrigin }) : undefined },
    document: { referrer },
    addEventListener: (_t: string, l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_t: string, l: (e: MessageEvent) => void) => listeners.delete(l),
  } as unknown as FrameWindow;
  const deliver = (origin: string, data: unknown, source: unknown = parent) => listeners.forEach((l) => l({ origin, data, source } as MessageEvent));
  return { win, posted, deliver, listeners };
}

const message = paymentRedirectMessage({ provider: "stripe", redirectUrl: "https://checkout.test/cs", sessionId: "cs", useStripeSDK: true, stripePublicKey: "pk", source: "Storyloom", now: 1 });

describe("parseParentOrigins", () => {
  it("keeps http(s) origins and drops '*', junk and paths", () => {
    expect(parseParentOrigins(" https://a.example/x , *, javascript:alert(1), http://b.example:8080,,null, not a url")).toEqual(["https://a.example", "http://b.example:8080"]);
    expect(parseParentOrigins(undefined)).toEqual([]);
  });
});

describe("PAYMENT_REDIRECT", () => {
  it("carries exactly the spec's fields", () => {
    expect(Object.keys(message).sort()).toEqual(["provider", "redirectUrl", "sessionId", "source", "stripePublicKey", "timestamp", "type", "useStripeSDK"]);
  });
  it("is posted to an allowed parent's origin only, never '*'", () => {
    const f = framed("https://parent.example");
    expect(notifyParentOfRedirect(message, ["https://parent.example"], f.win)).toBe(true);
    expect(f.posted).toEqual([{ message, target: "https://parent.example" }]);
  });
  it("is not posted (the frame redirects itself) for a foreign parent, no allow list, or no frame", () => {
    const f = framed("https://evil.example");
    expect(notifyParentOfRedirect(message, ["https://parent.example"], f.win)).toBe(false);
    expect(notifyParentOfRedirect(message, [], framed("https://parent.example").win)).toBe(false);
    const top = framed(null);
    (top.win as { parent: unknown }).parent = top.win;
    expect(notifyParentOfRedirect(message, ["https://parent.example"], top.win)).toBe(false);
    expect(f.posted).toEqual([]);
  });
  it("reads the parent from the referrer where ancestorOrigins is missing", () => {
    expect(allowedParentOrigin(["https://parent.example"], framed(null, "https://parent.example/shop?x=1").win)).toBe("https://parent.example");
  });
});

describe("ANALYTICS_* from the parent", () => {
  it("hands allowed messages to the callback and ignores other origins, other windows and other shapes", () => {
    const f = framed("https://parent.example");
    const got: unknown[] = [];
    const stop = onParentAnalytics((m) => got.push(m), ["https://parent.example"], f.win);
    f.deliver("https://parent.example", { type: "ANALYTICS_EVENT", eventType: "page_view", eventData: { path: "/" } });
    f.deliver("https://parent.example", { type: "ANALYTICS_USER_UPDATE", userInfo: { id: "u1" } });
    f.deliver("https://evil.example", { type: "ANALYTICS_EVENT", eventType: "forged", eventData: {} });
    f.deliver("https://parent.example", { type: "ANALYTICS_EVENT", eventType: "from-a-popup", eventData: {} }, {});
    f.deliver("https://parent.example", { type: "ANALYTICS_EVENT" });
    f.deliver("https://parent.example", "ANALYTICS_EVENT");
    expect(got).toEqual([
      { type: "ANALYTICS_EVENT", eventType: "page_view", eventData: { path: "/" } },
      { type: "ANALYTICS_USER_UPDATE", userInfo: { id: "u1" } },
    ]);
    stop();
    expect(f.listeners.size).toBe(0);
  });
  it("does not listen at all without an allow list", () => {
    const f = framed("https://parent.example");
    onParentAnalytics(() => {}, [], f.win);
    expect(f.listeners.size).toBe(0);
  });
  it("reads only well-formed messages", () => {
    expect(readParentAnalytics({ type: "ANALYTICS_EVENT", eventType: "x", eventData: [1] })).toEqual({ type: "ANALYTICS_EVENT", eventType: "x", eventData: {} });
    expect(readParentAnalytics({ type: "ANALYTICS_USER_UPDATE", userInfo: "me" })).toBeNull();
    expect(readParentAnalytics(null)).toBeNull();
  });
});
