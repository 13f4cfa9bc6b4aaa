// What screens call to track something. Light on purpose: it only queues commands until the tracking
// runtime (loaded after the page is interactive) takes them, so importing it costs a page nothing.

import type { ConversionUser } from "./registration";

/** A purchase as the return page knows it; its event id is derived from the order id. */
export interface PurchaseInput {
  orderId: string;
  /** In dollars (the package amount in cents / 100). */
  value: number;
  currency?: string;
  coins?: number;
  packageId?: string;
}

/** A claimed daily check-in: the day (YYYY-MM-DD) names it, the reward is its value. */
export interface CheckInInput {
  day: string;
  coins: number;
}

/** A message from a parent frame (spec section 7, frame messaging). */
export type ParentMessage =
  | { type: "ANALYTICS_EVENT"; eventType: string; eventData?: Record<string, unknown> }
  | { type: "ANALYTICS_USER_UPDATE"; userInfo: Record<string, unknown> };

/** The user the session holds, as far as tracking needs it. */
export type TrackedUser = ConversionUser & { id?: number };

/** One instruction to the tracking runtime. */
export type TrackingCommand =
  | { kind: "purchase"; purchase: PurchaseInput }
  | { kind: "checkIn"; checkIn: CheckInInput }
  | { kind: "page"; url: string }
  | { kind: "user"; user: TrackedUser | null }
  | { kind: "parent"; message: ParentMessage };

// Browser-only state: commands run in effects and event handlers, never during a server render.
const waiting: TrackingCommand[] = [];
const MAX_WAITING = 100;
let sink: ((c: TrackingCommand) => void) | null = null;

function dispatch(command: TrackingCommand): void {
  if (typeof window === "undefined") return;
  if (sink) return sink(command);
  if (waiting.length < MAX_WAITING) waiting.push(command);
}

/** Connects the runtime: it receives what waited and everything after. */
export function attachTrackingRuntime(run: (c: TrackingCommand) => void): () => void {
  sink = run;
  for (const c of waiting.splice(0)) run(c);
  return () => {
    if (sink === run) sink = null;
  };
}

/** Reports a paid order (browser pixel + server event, one event id: `purchase_<orderId>`). */
export function trackPurchase(purchase: PurchaseInput): void {
  dispatch({ kind: "purchase", purchase });
}

/** Reports a claimed daily check-in. */
export function trackCheckIn(checkIn: CheckInInput): void {
  dispatch({ kind: "checkIn", checkIn });
}

/** Reports a page view (the site calls it on every route change). */
export function trackPageView(url: string): void {
  dispatch({ kind: "page", url });
}

/** Tells tracking who the user is (or that nobody is): drives the registration conversion and analytics identity. */
export function trackUser(user: TrackedUser | null): void {
  dispatch({ kind: "user", user });
}

/**
 * Forwards an ANALYTICS_EVENT / ANALYTICS_USER_UPDATE message that arrived from an allowed parent
 * frame (the caller checks the origin) to analytics. Returns false, doing nothing, for anything else.
 */
export function trackFromParent(message: unknown): boolean {
  if (!message || typeof message !== "object") return false;
  const m = message as Record<string, unknown>;
  const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === "object" && !Array.isArray(v);
  if (m.type === "ANALYTICS_EVENT" && typeof m.eventType === "string" && m.eventType.length > 0 && m.eventType.length <= 200 && (m.eventData === undefined || isRecord(m.eventData))) {
    dispatch({ kind: "parent", message: { type: "ANALYTICS_EVENT", eventType: m.eventType, eventData: m.eventData as Record<string, unknown> | undefined } });
    return true;
  }
  if (m.type === "ANALYTICS_USER_UPDATE" && isRecord(m.userInfo)) {
    dispatch({ kind: "parent", message: { type: "ANALYTICS_USER_UPDATE", userInfo: m.userInfo } });
    return true;
  }
  return false;
}
