"use client";
import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept live. Read synchronously on the client's first render
 * (useSyncExternalStore), so a dialog opened after hydration never renders the wrong layout first;
 * `serverValue` is what the server and hydration assume.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    [query],
  );
  const read = () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : serverValue);
  return useSyncExternalStore(subscribe, read, () => serverValue);
}

/** The spec's dialog breakpoint: a 600px modal from 768px, a bottom drawer below. */
export const DESKTOP_DIALOG_QUERY = "(min-width: 768px)";

const noop = () => () => {};
/** True once running in the browser; portals need `document`, which the server lacks. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
