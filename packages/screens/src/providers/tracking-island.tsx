"use client";
import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { useSession } from "@storyloom/api-client/react";
import { isAnalyticsBlocked, isTrackingOptedOut, readOptOutSignals, trackPageView, trackUser } from "@storyloom/tracking";
import { publicApiBase, siteTrackingSettings } from "../env";

/** Runs `fn` once the page has loaded and the main thread is idle: tracking never competes with the page. */
function afterInteractive(fn: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(fn, { timeout: 3000 });
    else timer = setTimeout(fn, 1);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer) clearTimeout(timer);
  };
}

/**
 * Tracking for the whole site, mounted once under the providers. The runtime (queue, pixel,
 * PostHog) is imported only after the page is interactive, and not at all when do-not-track is on;
 * until then page views and the session's user wait in the light command queue.
 */
export function TrackingIsland() {
  const pathname = usePathname();
  const user = useSession((s) => s.user);

  useEffect(() => {
    const signals = readOptOutSignals();
    if (!signals || (isTrackingOptedOut(signals) && isAnalyticsBlocked(signals))) return;
    let stop: (() => void) | undefined;
    let gone = false;
    const cancel = afterInteractive(() => {
      void import("@storyloom/tracking/runtime")
        .then((m) =>
          m.bootTracking(publicApiBase(), siteTrackingSettings()),
        )
        .then((t) => (gone ? t.stop() : (stop = t.stop)))
        .catch(() => {
          // A failed chunk load leaves the site without tracking, never broken.
        });
    });
    return () => {
      gone = true;
      cancel();
      stop?.();
    };
  }, []);

  // Every route change is a page view (spec section 1).
  useEffect(() => {
    trackPageView(window.location.href);
  }, [pathname]);

  useEffect(() => {
    trackUser(user ? { uuid: user.uuid, id: user.id, role: user.role, status: user.status, is_guest: user.is_guest, create_time: user.create_time } : null);
  }, [user]);

  return null;
}
