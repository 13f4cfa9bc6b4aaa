import { ANALYTICS_OPTIONS } from "./constants";
import { isAnalyticsBlocked, type OptOutSignals } from "./optOut";

/** Where analytics go: the PostHog project key and host, and the session-recording app id. */
export interface AnalyticsConfig {
  key?: string;
  host?: string;
  /** Session recording runs only when this is a non-zero number (spec section 5). */
  sessionRecordingId?: string;
}

/** What the sites call on the analytics service. */
export interface Analytics {
  pageView(url: string): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  identify(id: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

/** The analytics app id must be a non-zero number, otherwise it is not used (spec section 5). */
export function isValidAppId(id: string | number | undefined | null): boolean {
  if (id === undefined || id === null || String(id).trim() === "") return false;
  const n = Number(id);
  return Number.isFinite(n) && n !== 0;
}

/** The PostHog options: the spec's constants, page views sent by us on each route change, DNT honoured. */
export function posthogOptions(config: AnalyticsConfig) {
  return {
    api_host: config.host ?? "https://us.i.posthog.com",
    ...ANALYTICS_OPTIONS,
    respect_dnt: true,
    // The App Router changes routes without a load: the site reports each route change itself.
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: !isValidAppId(config.sessionRecordingId),
    disable_surveys: true,
    persistence: "localStorage+cookie" as const,
  };
}

/**
 * Starts PostHog when a key is configured and do-not-track is off; null otherwise. `posthog-js` is
 * imported here, on demand, so it never weighs on a page's first load.
 */
export async function startAnalytics(config: AnalyticsConfig, signals: OptOutSignals | null): Promise<Analytics | null> {
  if (!config.key || !signals || isAnalyticsBlocked(signals)) return null;
  const { default: posthog } = await import("posthog-js");
  posthog.init(config.key, posthogOptions(config));
  return {
    pageView: (url) => void posthog.capture("$pageview", { $current_url: url }),
    capture: (event, properties) => void posthog.capture(event, properties),
    identify: (id, properties) => posthog.identify(id, properties),
    reset: () => posthog.reset(),
  };
}
