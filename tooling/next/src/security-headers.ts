// The security headers of every page of both brand sites, built from the sites' build settings.
// One policy is enforced (framing, base, plugins, forms); the script policy is report-only, because
// Next's inline scripts (the flight data) carry no nonce on pages served from the full-route cache.

/** A response header as Next's `headers()` takes it. */
export type Header = { key: string; value: string };

/** The build settings the headers are made from (the sites' environment at build). */
export type SecuritySettings = {
  /** PARENT_ORIGINS: comma-separated pages allowed to frame the site (payments' frame messaging). */
  PARENT_ORIGINS?: string;
  /** NEXT_PUBLIC_API_URL: the API the browser calls and loads covers and avatars from. */
  NEXT_PUBLIC_API_URL?: string;
  /** NEXT_PUBLIC_META_PIXEL_SCRIPT_URL: where the pixel script loads from. */
  NEXT_PUBLIC_META_PIXEL_SCRIPT_URL?: string;
  /** NEXT_PUBLIC_POSTHOG_HOST: the PostHog host the analytics talk to. */
  NEXT_PUBLIC_POSTHOG_HOST?: string;
  /** Any other variable of the environment (`process.env` as it is), ignored. */
  [other: string]: string | undefined;
};

/** The API's default address (the sites' own default when NEXT_PUBLIC_API_URL is unset). */
const DEFAULT_API_URL = "http://127.0.0.1:4000";
/** The pixel script's default address (the API's META_PIXEL_SCRIPT_URL default). */
const DEFAULT_PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
/** The PostHog host's default (the API's POSTHOG_HOST default). */
const DEFAULT_POSTHOG_HOST = "https://us.i.posthog.com";
/** Where Stripe.js loads from and what it talks to and frames (Stripe's published CSP list). */
const STRIPE_SCRIPT_HOSTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_CONNECT_HOSTS = ["https://api.stripe.com"];
const STRIPE_FRAME_HOSTS = ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];
/** Where the Meta pixel script sends its events (an image or a beacon), whatever host serves the script. */
const META_EVENT_HOSTS = ["https://www.facebook.com"];

/**
 * Parses PARENT_ORIGINS the way the payments frame bridge does (packages/payments, parseParentOrigins):
 * each entry becomes its origin; '*', 'null', non-http(s) and unparsable entries are dropped, so a
 * typo can never widen who may frame the site.
 */
export function parentOrigins(value: string | undefined): string[] {
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

/** The origin of an address, or none when it is not an http(s) address. */
function originOf(value: string): string[] {
  if (!URL.canParse(value)) return [];
  const u = new URL(value);
  return u.protocol === "http:" || u.protocol === "https:" ? [u.origin] : [];
}

/** Joins a directive's sources, each once, in order. */
function directive(name: string, sources: string[]): string {
  return [name, ...new Set(sources)].join(" ");
}

/**
 * The enforced policy: who may frame the site (the PARENT_ORIGINS pages, else nobody), no `<base>`
 * elsewhere, no plugins, and forms only to the site itself (the search box's GET to `/`; checkouts
 * are navigations, not form posts).
 */
export function enforcedPolicy(settings: SecuritySettings): string {
  const parents = parentOrigins(settings.PARENT_ORIGINS);
  return [
    directive("frame-ancestors", parents.length > 0 ? parents : ["'none'"]),
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The report-only policy: what the site loads from where. Script hosts are Stripe.js, the pixel
 * script's origin and the PostHog host; the guest sign-up proof-of-work runs in a Blob Web Worker.
 */
export function reportOnlyPolicy(settings: SecuritySettings): string {
  const api = originOf(settings.NEXT_PUBLIC_API_URL || DEFAULT_API_URL);
  const pixel = originOf(settings.NEXT_PUBLIC_META_PIXEL_SCRIPT_URL || DEFAULT_PIXEL_SCRIPT_URL);
  const posthog = originOf(settings.NEXT_PUBLIC_POSTHOG_HOST || DEFAULT_POSTHOG_HOST);
  const scriptHosts = [...STRIPE_SCRIPT_HOSTS, ...pixel, ...posthog];
  return [
    "default-src 'self'",
    directive("script-src", ["'self'", ...scriptHosts]),
    directive("connect-src", ["'self'", ...api, ...scriptHosts, ...STRIPE_CONNECT_HOSTS, ...META_EVENT_HOSTS]),
    // React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    directive("img-src", ["'self'", "data:", "blob:", ...api, ...pixel, ...META_EVENT_HOSTS]),
    "worker-src 'self' blob:",
    directive("frame-src", STRIPE_FRAME_HOSTS),
  ].join("; ");
}

/**
 * Every page's security headers. No X-Frame-Options: it cannot name the parent pages, and
 * `frame-ancestors` governs framing wherever CSP is understood. Permissions-Policy denies what the
 * product never uses and leaves `payment` to Stripe.js (its wallets use the Payment Request API).
 * Cross-Origin-Opener-Policy keeps popups the site opens working (`same-origin-allow-popups`).
 */
export function securityHeaders(settings: SecuritySettings): Header[] {
  return [
    { key: "Content-Security-Policy", value: enforcedPolicy(settings) },
    { key: "Content-Security-Policy-Report-Only", value: reportOnlyPolicy(settings) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
  ];
}
