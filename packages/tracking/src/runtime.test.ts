// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isValidAppId, posthogOptions, startAnalytics } from "./analytics";
import { trackFromParent, trackPageView, trackPurchase, trackUser } from "./commands";
import { REGISTERED_KEY, REGISTRATION_CHECK_MS, REGISTRATION_RECHECK_MS } from "./constants";
import { OPT_OUT_KEY, setTrackingOptOut } from "./optOut";
import { isNewRegistration } from "./registration";
import { startTracking, type Tracker } from "./runtime";

// The runtime in a DOM: what leaves for the API's server event call (a recording fetch), what the
// pixel gets (its command queue: the fake script never runs), and when.

type Sent = { url: string; events: { event_name: string; event_id: string; custom_data?: Record<string, unknown>; user_data: Record<string, unknown> }[] };
let sent: Sent[];
let tracker: Tracker | null;
const today = () => new Date().toISOString();
const newUser = { uuid: "11111111-2222-4333-8444-555555555555", role: "normal", status: "normal", is_guest: false, create_time: today() };
type Fbq = { queue: unknown[][] };

beforeEach(() => {
  // The pixel script is never fetched here: its load counts as done, so happy-dom reports no error.
  (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  vi.useFakeTimers();
  localStorage.clear();
  sent = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const data = new URLSearchParams(String(init.body)).get("data")!;
    sent.push({ url, events: JSON.parse(data) as Sent["events"] });
    return new Response(JSON.stringify({ code: "0", message: "success", data: { events_received: 1 } }), { headers: { "content-type": "application/json" } });
  });
  delete (window as { fbq?: unknown }).fbq;
  document.head.innerHTML = "";
});
afterEach(() => {
  tracker?.stop();
  tracker = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Object.defineProperty(navigator, "doNotTrack", { value: null, configurable: true });
});

const start = (over: Partial<Parameters<typeof startTracking>[0]> = {}) =>
  (tracker = startTracking({ apiBase: "http://api.test", pixelId: "1234567890", pixelScriptUrl: "http://pixel.test/fbevents.js", ...over }));
const events = () => sent.flatMap((s) => s.events);

describe("registration conversion", () => {
  it("reports a new user once, 1 s after start, to the server event call and the pixel, and never again after a reload", async () => {
    expect([REGISTRATION_CHECK_MS, REGISTRATION_RECHECK_MS]).toEqual([1000, 2000]);
    start();
    trackUser(newUser);
    await vi.advanceTimersByTimeAsync(999);
    expect(localStorage.getItem(REGISTERED_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(localStorage.getItem(REGISTERED_KEY)!)).toEqual([newUser.uuid]);
    const fbq = (window as unknown as { fbq: Fbq }).fbq;
    expect(fbq.queue).toContainEqual(["track", "CompleteRegistration", {}, { eventID: `registration_${newUser.uuid}` }]);
    await vi.advanceTimersByTimeAsync(3000); // the 3 s flush (and the 2 s recheck, which finds it reported)
    expect(events().filter((e) => e.event_name === "CompleteRegistration")).toHaveLength(1);
    expect(events()[0]).toMatchObject({ event_id: `registration_${newUser.uuid}`, user_data: { external_id: newUser.uuid } });

    tracker!.stop();
    start(); // a reload
    trackUser(newUser);
    await vi.advanceTimersByTimeAsync(6000);
    expect(events().filter((e) => e.event_name === "CompleteRegistration")).toHaveLength(1);
  });

  it("rechecks at 2 s: a user who became new between the checks is reported then", async () => {
    start();
    const u = { ...newUser, uuid: "21111111-2222-4333-8444-555555555555", role: "guest", is_guest: true };
    trackUser(u);
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(REGISTERED_KEY)).toBeNull();
    // The session object changes in place (no new command): only the recheck can see it.
    Object.assign(u, { role: "normal", is_guest: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(localStorage.getItem(REGISTERED_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(localStorage.getItem(REGISTERED_KEY)!)).toEqual([u.uuid]);
  });

  it("counts only users who are normal, not guests, created today", () => {
    expect(isNewRegistration(newUser)).toBe(true);
    expect(isNewRegistration({ ...newUser, role: "guest" })).toBe(false);
    expect(isNewRegistration({ ...newUser, status: "disabled" })).toBe(false);
    expect(isNewRegistration({ ...newUser, create_time: new Date(Date.now() - 2 * 86_400_000).toISOString() })).toBe(false);
  });
});

describe("purchases", () => {
  it("sends one Purchase with order id and value, the same event id to the server call and the pixel", async () => {
    start();
    trackPurchase({ orderId: "ord_42", value: 4.99, coins: 500, packageId: "p1" });
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("http://api.test/api/v1/meta-api.forward");
    expect(events()[0]).toMatchObject({ event_name: "Purchase", event_id: "purchase_ord_42", custom_data: { currency: "usd", value: 4.99, order_id: "ord_42" } });
    const fbq = (window as unknown as { fbq: Fbq }).fbq;
    expect(fbq.queue.filter((c) => c[0] === "track")).toEqual([["track", "Purchase", events()[0]!.custom_data, { eventID: "purchase_ord_42" }]]);
    expect(document.querySelector('script[src="http://pixel.test/fbevents.js"]')).not.toBeNull();
    // The return page reloaded: the purchase is neither queued nor given to the pixel again.
    tracker!.stop();
    start();
    trackPurchase({ orderId: "ord_42", value: 4.99, coins: 500, packageId: "p1" });
    await vi.advanceTimersByTimeAsync(6000);
    expect(sent).toHaveLength(1);
    expect(fbq.queue.filter((c) => c[0] === "track")).toHaveLength(1);
  });

  it("loads no pixel without a pixel id, and still makes the server event call", async () => {
    start({ pixelId: undefined });
    trackPurchase({ orderId: "ord_43", value: 1 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(document.querySelector("script")).toBeNull();
    expect((window as { fbq?: unknown }).fbq).toBeUndefined();
    expect(events().map((e) => e.event_id)).toEqual(["purchase_ord_43"]);
  });

  it("hands waiting events to sendBeacon when the page is hidden", async () => {
    const beacons: { url: string; body: string }[] = [];
    Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: (url: string, body: URLSearchParams) => (beacons.push({ url, body: body.toString() }), true) });
    start();
    trackPurchase({ orderId: "ord_44", value: 2 });
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "visible" });
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(new URLSearchParams(beacons[0]!.body).get("data")!)[0].event_id).toBe("purchase_ord_44");
    await vi.advanceTimersByTimeAsync(6000);
    expect(sent).toHaveLength(0); // delivered by the beacon: not again by fetch
  });
});

describe("opt-out", () => {
  it("sends nothing while opted out (local flag or do-not-track) and stops at once when the switch is turned on", async () => {
    start();
    trackPurchase({ orderId: "ord_50", value: 1 });
    setTrackingOptOut(true); // the settings switch
    expect(localStorage.getItem(OPT_OUT_KEY)).toBe("true");
    trackPurchase({ orderId: "ord_51", value: 1 });
    expect(tracker!.track({ event_name: "Lead" })).toBe("opted-out");
    await vi.advanceTimersByTimeAsync(6000);
    expect(sent).toHaveLength(0);
    expect((window as unknown as { fbq: Fbq }).fbq.queue).toContainEqual(["consent", "revoke"]);
    setTrackingOptOut(false);
    tracker!.stop();

    delete (window as { fbq?: unknown }).fbq;
    Object.defineProperty(navigator, "doNotTrack", { value: "1", configurable: true });
    start();
    trackUser(newUser);
    trackPurchase({ orderId: "ord_52", value: 1 });
    await vi.advanceTimersByTimeAsync(6000);
    expect(sent).toHaveLength(0);
    expect((window as { fbq?: unknown }).fbq).toBeUndefined(); // no pixel script either
    expect(await startAnalytics({ key: "phc_test" }, { doNotTrack: "1" })).toBeNull();
  });
});

describe("analytics", () => {
  it("applies the spec's constants and honours do-not-track", () => {
    expect(posthogOptions({ key: "k", host: "http://ph.test", sessionRecordingId: "123" })).toMatchObject({
      api_host: "http://ph.test",
      session_idle_timeout_seconds: 1800,
      cookie_expiration: 365,
      properties_string_max_length: 65535,
      feature_flag_request_timeout_ms: 3000,
      surveys_request_timeout_ms: 10000,
      rageclick: { click_count: 3, threshold_px: 30, timeout_ms: 1000 },
      respect_dnt: true,
      capture_pageview: false,
      disable_session_recording: false,
    });
    expect(posthogOptions({ key: "k", sessionRecordingId: "0" }).disable_session_recording).toBe(true);
    expect(posthogOptions({ key: "k" }).disable_session_recording).toBe(true);
  });

  it("takes only a non-zero numeric app id", () => {
    expect([isValidAppId("3456789"), isValidAppId(12), isValidAppId("0"), isValidAppId(0), isValidAppId("abc"), isValidAppId(""), isValidAppId(undefined)]).toEqual([true, true, false, false, false, false, false]);
  });

  it("starts nothing without a key", async () => {
    expect(await startAnalytics({}, { doNotTrack: null })).toBeNull();
    trackPageView("http://site.test/"); // waits harmlessly; nothing to send it to
  });
});

describe("messages from a parent frame", () => {
  it("takes ANALYTICS_EVENT and ANALYTICS_USER_UPDATE and refuses anything else", () => {
    expect(trackFromParent({ type: "ANALYTICS_EVENT", eventType: "payment_started", eventData: { provider: "stripe" } })).toBe(true);
    expect(trackFromParent({ type: "ANALYTICS_USER_UPDATE", userInfo: { uuid: "u1", role: "normal" } })).toBe(true);
    expect(trackFromParent({ type: "ANALYTICS_EVENT", eventType: "" })).toBe(false);
    expect(trackFromParent({ type: "ANALYTICS_EVENT", eventType: "x", eventData: "str" })).toBe(false);
    expect(trackFromParent({ type: "PAYMENT_REDIRECT" })).toBe(false);
    expect(trackFromParent("ANALYTICS_EVENT")).toBe(false);
    expect(trackFromParent(null)).toBe(false);
  });
});
