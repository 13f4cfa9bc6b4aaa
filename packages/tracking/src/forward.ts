import { FORWARD_PATH } from "./constants";
import type { AdEvent } from "./event";
import { assertEvents } from "./queue";

/**
 * The body of a forward call: form field `data` holding the JSON list. A form is a CORS "simple"
 * request, so a send costs no preflight and `sendBeacon` can carry it after the page is gone.
 */
const formOf = (events: AdEvent[]) => new URLSearchParams({ data: JSON.stringify(events) });

/** Sends events to the API's server event call; rejects on a network error or a non-'0' answer. */
export async function forwardEvents(apiBase: string, events: AdEvent[], fetchImpl: typeof fetch = fetch): Promise<number> {
  assertEvents(events);
  const res = await fetchImpl(`${apiBase}${FORWARD_PATH}`, { method: "POST", body: formOf(events), keepalive: true, credentials: "omit" });
  let body: { code?: string; message?: string; data?: { events_received?: number } } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // not JSON: judged by the status below
  }
  if (!res.ok || (body.code !== "0" && body.code !== "success")) throw new Error(body.message ?? `HTTP error! status: ${res.status}`);
  return body.data?.events_received ?? events.length;
}

/** Hands events to `navigator.sendBeacon` (page hide); true when the browser took them. */
export function beaconEvents(apiBase: string, events: AdEvent[]): boolean {
  assertEvents(events);
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
  return navigator.sendBeacon(`${apiBase}${FORWARD_PATH}`, formOf(events));
}
