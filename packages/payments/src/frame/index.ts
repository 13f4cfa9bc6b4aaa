// @storyloom/payments/frame — when a site runs inside a parent page's frame (spec section 7,
// "Frame messaging"). Browser only, no dependencies.
//
// Outgoing: PAYMENT_REDIRECT tells the parent where the buyer must go, so the parent can navigate
// its own top-level page (a checkout page may refuse to render in a frame). It is posted only to the
// parent's origin, and only when that origin is listed in PARENT_ORIGINS; never with '*', whose
// message any page that frames the site could read. With no allowed parent the site redirects
// inside its frame.
// Incoming: ANALYTICS_EVENT and ANALYTICS_USER_UPDATE from an allowed parent are handed to a
// callback (the tracking package wires itself to it with `onParentAnalytics`); from any other
// origin, or from a window that is not the parent, they are ignored.

/** The message PAYMENT_REDIRECT carries: exactly the spec's fields. */
export interface PaymentRedirectMessage {
  type: "PAYMENT_REDIRECT";
  provider: string;
  redirectUrl: string | null;
  sessionId: string | null;
  useStripeSDK: boolean;
  stripePublicKey: string | null;
  timestamp: number;
  source: string;
}

/** The analytics messages a parent may send. */
export type ParentAnalyticsMessage =
  | { type: "ANALYTICS_EVENT"; eventType: string; eventData: Record<string, unknown> }
  | { type: "ANALYTICS_USER_UPDATE"; userInfo: Record<string, unknown> };

/** A message event as this module reads it. */
export interface FrameMessageEvent {
  origin: string;
  data: unknown;
  source: unknown;
}

/**
 * The part of `window` this module uses, typed here so that code compiled without the DOM library
 * (the API's tests) can import the package; tests pass window-shaped objects.
 */
export interface FrameWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  location: { ancestorOrigins?: ArrayLike<string> };
  document: { referrer: string };
  addEventListener(type: "message", listener: (event: FrameMessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: FrameMessageEvent) => void): void;
}

/** The browser's window (only touched when called without one). */
const currentWindow = (): FrameWindow => (globalThis as unknown as { window: FrameWindow }).window;

/**
 * Parses PARENT_ORIGINS (comma-separated): each entry becomes its origin; '*', 'null', non-http(s)
 * and unparsable entries are dropped, so a typo can never widen the list.
 */
export function parseParentOrigins(value: string | undefined | null): string[] {
  const out = new Set<string>();
  for (const raw of (value ?? "").split(",")) {
    const v = raw.trim();
    if (!v || v === "*" || !URL.canParse(v)) continue;
    const u = new URL(v);
    if (u.protocol !== "http:" && u.protocol !== "https:") continue;
    out.add(u.origin);
  }
  return [...out];
}

/** Whether the page runs inside a frame. */
export function inFrame(win: FrameWindow = currentWindow()): boolean {
  if (!win) return false;
  try {
    return (win.parent as unknown) !== win;
  } catch {
    return true;
  }
}

/**
 * The parent's origin when it is allowed, else null. Read from `location.ancestorOrigins` where the
 * browser has it, else from the referrer (the parent's address when it loaded the frame).
 */
export function allowedParentOrigin(allowed: readonly string[], win: FrameWindow = currentWindow()): string | null {
  if (!inFrame(win) || allowed.length === 0) return null;
  const ancestors = win.location.ancestorOrigins;
  let origin: string | null = ancestors && ancestors.length > 0 ? ancestors[0]! : null;
  if (!origin && win.document.referrer && URL.canParse(win.document.referrer)) origin = new URL(win.document.referrer).origin;
  return origin && allowed.includes(origin) ? origin : null;
}

/** The PAYMENT_REDIRECT message of a payment. */
export function paymentRedirectMessage(p: {
  provider: string;
  redirectUrl?: string;
  sessionId?: string;
  useStripeSDK?: boolean;
  stripePublicKey?: string;
  source: string;
  now?: number;
}): PaymentRedirectMessage {
  return {
    type: "PAYMENT_REDIRECT",
    provider: p.provider,
    redirectUrl: p.redirectUrl ?? null,
    sessionId: p.sessionId ?? null,
    useStripeSDK: p.useStripeSDK ?? false,
    stripePublicKey: p.stripePublicKey ?? null,
    timestamp: p.now ?? Date.now(),
    source: p.source,
  };
}

/**
 * Posts PAYMENT_REDIRECT to the parent when its origin is allowed; true when posted. False means
 * "no allowed parent": the caller redirects inside the frame.
 */
export function notifyParentOfRedirect(message: PaymentRedirectMessage, allowed: readonly string[], win: FrameWindow = currentWindow()): boolean {
  const origin = allowedParentOrigin(allowed, win);
  if (!origin) return false;
  try {
    // The target origin makes the browser drop the message if the parent navigated elsewhere meanwhile.
    win.parent.postMessage(message, origin);
    return true;
  } catch {
    return false;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads an analytics message; null for anything else or a malformed one. */
export function readParentAnalytics(data: unknown): ParentAnalyticsMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === "ANALYTICS_EVENT" && typeof data.eventType === "string" && data.eventType.length > 0 && data.eventType.length <= 200) {
    return { type: "ANALYTICS_EVENT", eventType: data.eventType, eventData: isRecord(data.eventData) ? data.eventData : {} };
  }
  if (data.type === "ANALYTICS_USER_UPDATE" && isRecord(data.userInfo)) return { type: "ANALYTICS_USER_UPDATE", userInfo: data.userInfo };
  return null;
}

/**
 * Hands ANALYTICS_EVENT / ANALYTICS_USER_UPDATE messages from an allowed parent to `callback`.
 * Messages from other origins, from windows other than the parent, or of other shapes are ignored.
 * Returns the function that stops listening. This is the hook the tracking package connects to.
 */
export function onParentAnalytics(callback: (message: ParentAnalyticsMessage) => void, allowed: readonly string[], win: FrameWindow = currentWindow()): () => void {
  const listener = (event: FrameMessageEvent) => {
    if (!allowed.includes(event.origin) || event.source !== win.parent) return;
    const message = readParentAnalytics(event.data);
    if (message) callback(message);
  };
  if (!inFrame(win) || allowed.length === 0) return () => {};
  win.addEventListener("message", listener);
  return () => win.removeEventListener("message", listener);
}
