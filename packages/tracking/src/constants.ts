// Numbers of spec section 9 and the storage keys of tracking, in one place (the tests pin them).

/** The queue the sites run: batch size, flush interval, retries, first retry delay, backoff (spec §9). */
export const TRACKING_QUEUE = { batchSize: 5, flushIntervalMs: 3000, maxRetries: 3, retryDelayMs: 2000, backoffMultiplier: 2 } as const;

/** A tracking client made without options: batch 10, flush every 5000 ms, retry after 1000 ms (spec §9). */
export const TRACKING_CLIENT_DEFAULTS = { batchSize: 10, flushIntervalMs: 5000, maxRetries: 3, retryDelayMs: 1000, backoffMultiplier: 2 } as const;

/** Registration conversion: first check 1 s after load, a recheck at 2 s (spec §4). */
export const REGISTRATION_CHECK_MS = 1000;
/** The recheck of the registration conversion (spec §4). */
export const REGISTRATION_RECHECK_MS = 2000;

/** Analytics settings of spec section 9, as PostHog options. */
export const ANALYTICS_OPTIONS = {
  session_idle_timeout_seconds: 1800,
  cookie_expiration: 365,
  properties_string_max_length: 65535,
  feature_flag_request_timeout_ms: 3000,
  surveys_request_timeout_ms: 10_000,
  rageclick: { click_count: 3, threshold_px: 30, timeout_ms: 1000 },
} as const;
/** Analytics request timeout (spec §9); PostHog's own request timeout is this value. */
export const ANALYTICS_REQUEST_TIMEOUT_MS = 60_000;

/** Events waiting to be sent, kept across reloads. */
export const QUEUE_KEY = "meta_event_queue";
/** Ids of events already delivered, so a reload never sends one again. */
export const SENT_KEY = "meta_sent_event_ids";
/** How many delivered ids are remembered. */
export const SENT_MEMORY = 200;
/** Users whose registration conversion was reported. */
export const REGISTERED_KEY = "meta_registration_reported";

/** The error of a send with nothing in it (spec §8). */
export const NO_EVENTS = "No events to send";
/** The API path of the server event call. */
export const FORWARD_PATH = "/api/v1/meta-api.forward";
