import { startAnalytics, type Analytics, type AnalyticsConfig } from "./analytics";
import { attachTrackingRuntime, type ParentMessage, type TrackedUser, type TrackingCommand } from "./commands";
import { REGISTRATION_CHECK_MS, REGISTRATION_RECHECK_MS, TRACKING_QUEUE } from "./constants";
import { buildAdEvent, checkInEventId, purchaseEventId, registrationEventId, type AdEventInput } from "./event";
import { beaconEvents, forwardEvents } from "./forward";
import { isTrackingOptedOut, OPT_OUT_CHANGED, readOptOutSignals } from "./optOut";
import { loadPixel, pixelRevoke, pixelTrack } from "./pixel";
import { EventQueue, type QueueOptions, type QueueStorage } from "./queue";
import { reportRegistrationOnce } from "./registration";

/** What the site configures (all optional but the API base). */
export interface TrackingConfig extends AnalyticsConfig {
  apiBase: string;
  pixelId?: string;
  pixelScriptUrl?: string;
  queue?: Partial<QueueOptions>;
}

/** A running tracker: the queue, the pixel, analytics and the registration check. */
export interface Tracker {
  run(command: TrackingCommand): void;
  /** Queues an ad event (server event call + pixel with the same id); "opted-out" when skipped. */
  track(input: AdEventInput): "queued" | "opted-out" | "duplicate";
  queue: EventQueue;
  stop(): void;
}

type GtagWindow = Window & { gtag?: (...args: unknown[]) => void };

function localStore(): QueueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Starts tracking in the browser. Ad events go to the API's server event call through the queue
 * (spec §9 numbers) and, with a pixel id, through the pixel with the same event id; nothing is
 * tracked while the user is opted out (checked at every event, so the settings switch acts at once).
 * Analytics start when configured and do-not-track is off. The registration conversion is checked
 * 1 s after start and again at 2 s, then whenever the user changes.
 */
export function startTracking(config: TrackingConfig): Tracker {
  const storage = localStore();
  const optedOut = () => {
    const s = readOptOutSignals();
    return !s || isTrackingOptedOut(s);
  };
  const queue = new EventQueue((events) => forwardEvents(config.apiBase, events).then(() => undefined), { ...TRACKING_QUEUE, ...config.queue }, storage, optedOut);
  queue.start();

  let pixel = false;
  const ensurePixel = () => {
    if (!pixel && config.pixelId && !optedOut()) {
      loadPixel(config.pixelId, config.pixelScriptUrl);
      pixel = true;
    }
    return pixel;
  };
  ensurePixel();

  const track = (input: AdEventInput): "queued" | "opted-out" | "duplicate" => {
    const event = buildAdEvent(input);
    const { status } = queue.enqueue(event);
    // A duplicate (the return page reloaded) was reported already, to the pixel as well.
    if (status === "queued" && ensurePixel()) pixelTrack(event.event_name, event.custom_data, event.event_id!);
    return status;
  };

  // Analytics: what arrives before PostHog has loaded waits here.
  let analytics: Analytics | null = null;
  const early: ((a: Analytics) => void)[] = [];
  const withAnalytics = (fn: (a: Analytics) => void) => (analytics ? fn(analytics) : early.length < 100 && early.push(fn));
  void startAnalytics(config, readOptOutSignals()).then((a) => {
    analytics = a;
    if (a) for (const fn of early.splice(0)) fn(a);
    else early.length = 0;
  });

  let user: TrackedUser | null = null;
  let checking = false;
  const checkRegistration = () => {
    if (!checking || optedOut()) return;
    reportRegistrationOnce(user, storage, (u) => {
      const eventId = registrationEventId(u.uuid);
      track({ event_name: "CompleteRegistration", event_id: eventId, external_id: u.uuid });
      // The ad tag, when the page has one (a Google tag), gets the conversion too.
      (window as GtagWindow).gtag?.("event", "sign_up", { method: "email", event_id: eventId });
    });
  };
  const timers = [
    setTimeout(() => {
      checking = true;
      checkRegistration();
    }, REGISTRATION_CHECK_MS),
    setTimeout(checkRegistration, REGISTRATION_RECHECK_MS),
  ];

  const fromParent = (m: ParentMessage) =>
    withAnalytics((a) => {
      if (m.type === "ANALYTICS_EVENT") a.capture(m.eventType, m.eventData);
      else if (typeof m.userInfo.uuid === "string" || typeof m.userInfo.id === "number") a.identify(String(m.userInfo.uuid ?? m.userInfo.id), pickTraits(m.userInfo));
    });

  const run = (c: TrackingCommand) => {
    switch (c.kind) {
      case "purchase":
        track({ event_name: "Purchase", event_id: purchaseEventId(c.purchase.orderId), value: c.purchase.value, currency: c.purchase.currency ?? "usd", order_id: c.purchase.orderId, external_id: user?.uuid, contents: c.purchase.packageId ? [{ id: c.purchase.packageId, quantity: 1, item_price: c.purchase.value, title: c.purchase.coins ? `${c.purchase.coins} coins` : undefined }] : undefined });
        return withAnalytics((a) => a.capture("purchase", { order_id: c.purchase.orderId, value: c.purchase.value, currency: c.purchase.currency ?? "usd", coins: c.purchase.coins }));
      case "checkIn": {
        if (!user) return;
        const id = checkInEventId(user.uuid, c.checkIn.day);
        track({ event_name: "CheckIn", event_id: id, order_id: id, value: c.checkIn.coins, external_id: user.uuid });
        return withAnalytics((a) => a.capture("check_in", { day: c.checkIn.day, coins: c.checkIn.coins }));
      }
      case "page":
        return withAnalytics((a) => a.pageView(c.url));
      case "user": {
        const changed = user?.uuid !== c.user?.uuid;
        user = c.user;
        if (c.user && changed) withAnalytics((a) => a.identify(c.user!.uuid, pickTraits(c.user as unknown as Record<string, unknown>)));
        return checkRegistration();
      }
      case "parent":
        return fromParent(c.message);
    }
  };

  const onHide = () => {
    if (document.visibilityState === "hidden") queue.flushWithBeacon((events) => beaconEvents(config.apiBase, events));
  };
  const onOptOut = () => {
    if (!optedOut()) return;
    queue.clear();
    pixelRevoke();
  };
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onHide);
  window.addEventListener(OPT_OUT_CHANGED, onOptOut);
  const detach = attachTrackingRuntime(run);

  return {
    run,
    track,
    queue,
    stop() {
      detach();
      queue.stop();
      timers.forEach(clearTimeout);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener(OPT_OUT_CHANGED, onOptOut);
    },
  };
}

/** The user traits analytics get: no e-mail, no name. */
function pickTraits(u: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ["role", "is_guest", "level", "vip_level", "status"]) if (u[k] !== undefined) out[k] = u[k];
  return out;
}

/** Tracking settings a site may inline at build (NEXT_PUBLIC_*); unset parts come from the API. */
export interface SiteTrackingSettings {
  pixelId?: string;
  pixelScriptUrl?: string;
  posthogKey?: string;
  posthogHost?: string;
  sessionRecordingId?: string;
}

/**
 * Starts tracking for a site: settings inlined at build win; without them, the API's
 * `tracking.config` (where the deployment sets META_PIXEL_ID, POSTHOG_KEY…) supplies them.
 * Unreachable settings leave pixel and analytics off; the server event call still works.
 */
export async function bootTracking(apiBase: string, site: SiteTrackingSettings = {}): Promise<Tracker> {
  let remote: Partial<Record<"meta_pixel_id" | "meta_pixel_script_url" | "posthog_key" | "posthog_host" | "session_recording_id", string | null>> = {};
  if (!site.pixelId && !site.posthogKey) {
    try {
      const res = await fetch(`${apiBase}/api/v1/tracking.config`, { credentials: "omit" });
      const body = (await res.json()) as { code?: string; data?: typeof remote };
      if (res.ok && body.code === "0" && body.data) remote = body.data;
    } catch {
      // no settings: pixel and analytics stay off
    }
  }
  return startTracking({
    apiBase,
    pixelId: site.pixelId ?? remote.meta_pixel_id ?? undefined,
    pixelScriptUrl: site.pixelScriptUrl ?? remote.meta_pixel_script_url ?? undefined,
    key: site.posthogKey ?? remote.posthog_key ?? undefined,
    host: site.posthogHost ?? remote.posthog_host ?? undefined,
    sessionRecordingId: site.sessionRecordingId ?? remote.session_recording_id ?? undefined,
  });
}
