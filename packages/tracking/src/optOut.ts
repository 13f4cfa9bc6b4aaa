/** The local flag that opts a browser out of ad tracking (spec section 5). */
export const OPT_OUT_KEY = "meta_tracking_opt_out";

/** What the opt-out decision reads; passed in so it runs on the server and in tests. */
export interface OptOutSignals {
  /** navigator.doNotTrack (or window.doNotTrack): "1" means do not track. */
  doNotTrack?: string | null;
  /** localStorage value of meta_tracking_opt_out. */
  optOutFlag?: string | null;
}

/** True when ad tracking must be skipped: do-not-track is 1 or the local opt-out flag is true. */
export function isTrackingOptedOut({ doNotTrack, optOutFlag }: OptOutSignals): boolean {
  return doNotTrack === "1" || optOutFlag === "true";
}

/** True when the analytics tracker must be skipped: do-not-track is on. */
export function isAnalyticsBlocked({ doNotTrack }: OptOutSignals): boolean {
  return doNotTrack === "1" || doNotTrack === "yes";
}

/** Reads the signals from the browser; on the server (no window) nothing is known and nothing is sent. */
export function readOptOutSignals(): OptOutSignals | null {
  if (typeof window === "undefined") return null;
  const nav = window.navigator as Navigator & { doNotTrack?: string | null };
  let optOutFlag: string | null = null;
  try {
    optOutFlag = window.localStorage.getItem(OPT_OUT_KEY);
  } catch {
    // Storage can be blocked (private mode, iframes): treat as no flag.
  }
  return { doNotTrack: nav.doNotTrack ?? null, optOutFlag };
}

/** The window event fired when the opt-out switch changes, so running tracking stops at once. */
export const OPT_OUT_CHANGED = "storyloom:tracking-opt-out";

/** Sets or clears the local opt-out flag (the settings screen's switch); tracking follows at once. */
export function setTrackingOptOut(optedOut: boolean): void {
  if (typeof window === "undefined") return;
  if (optedOut) window.localStorage.setItem(OPT_OUT_KEY, "true");
  else window.localStorage.removeItem(OPT_OUT_KEY);
  window.dispatchEvent(new Event(OPT_OUT_CHANGED));
}
