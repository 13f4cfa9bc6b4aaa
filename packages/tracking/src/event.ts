import type { MetaEvent } from "@storyloom/contract";

/** An ad-platform event in the spec's shape (section 3), as the browser builds it. */
export type AdEvent = MetaEvent;

/** What a caller says about an event; the rest (time, id, browser ids, page) is filled in. */
export interface AdEventInput {
  event_name: string;
  /** Shared with the server's copy and the pixel so the platform counts the event once. */
  event_id?: string;
  value?: number;
  currency?: string;
  order_id?: string;
  contents?: NonNullable<MetaEvent["custom_data"]>["contents"];
  /** The user's e-mail: sent to our API only, which hashes it before storing or forwarding. */
  email?: string;
  phone?: string;
  external_id?: string;
}

/** A cookie's value, or undefined. */
function cookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const hit = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

/** The click id cookie `_fbc`, or one built from a `fbclid` in the URL (Meta's `fb.1.<ms>.<fbclid>` format). */
export function clickId(href: string, nowMs: number): string | undefined {
  const stored = cookie("_fbc");
  if (stored) return stored;
  const fbclid = new URL(href).searchParams.get("fbclid");
  return fbclid ? `fb.1.${nowMs}.${fbclid}` : undefined;
}

/** A random event id (crypto when available). */
export function newEventId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Builds the event: time in seconds, the browser's ids (fbp, fbc, user agent), page address, currency usd. */
export function buildAdEvent(input: AdEventInput, nowMs = Date.now()): AdEvent {
  const href = typeof location === "undefined" ? undefined : location.href;
  const user_data: AdEvent["user_data"] = {};
  if (typeof navigator !== "undefined") user_data.client_user_agent = navigator.userAgent;
  const fbp = cookie("_fbp");
  const fbc = href ? clickId(href, nowMs) : undefined;
  if (fbp) user_data.fbp = fbp;
  if (fbc) user_data.fbc = fbc;
  if (input.email) user_data.em = input.email;
  if (input.phone) user_data.ph = input.phone;
  if (input.external_id) user_data.external_id = input.external_id;
  const hasCustom = input.value !== undefined || input.order_id !== undefined || input.contents !== undefined;
  return {
    event_name: input.event_name,
    event_time: Math.floor(nowMs / 1000),
    user_data,
    ...(hasCustom
      ? { custom_data: { currency: input.currency ?? "usd", value: input.value, order_id: input.order_id, contents: input.contents } }
      : {}),
    ...(href ? { event_source_url: href } : {}),
    action_source: "website",
    event_id: input.event_id ?? newEventId(),
  };
}

/** The event id of a purchase, the same in the browser's pixel and in the API's server event (one definition, in the contract). */
export { purchaseEventId } from "@storyloom/contract/constants";
/** The event id of a daily check-in of a user on a day (YYYY-MM-DD). */
export const checkInEventId = (userUuid: string, day: string) => `checkin_${userUuid}_${day}`;
/** The event id of a user's registration conversion. */
export const registrationEventId = (userUuid: string) => `registration_${userUuid}`;
