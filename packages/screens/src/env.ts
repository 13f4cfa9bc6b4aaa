// Where screens read process.env (brand.ts reads APP_NAME itself, see there). NEXT_PUBLIC_* are
// inlined by each app's next.config at build time; API_INTERNAL_URL stays a runtime read so a
// deployed site (or the e2e harness) can point its server-side fetches at another API without a
// rebuild.

/** The public site address override (NEXT_PUBLIC_SITE_URL), e.g. for a staging deployment. */
export function siteUrlOverride(): string | undefined {
  return process.env.NEXT_PUBLIC_SITE_URL || undefined;
}

/** The API base the server uses for its own reads: API_INTERNAL_URL, then NEXT_PUBLIC_API_URL. */
export function serverApiBase(): string {
  const base = process.env.API_INTERNAL_URL || process.env.NEXT_PUBLIC_API_URL || "http://127.0.0.1:4000";
  return base.replace(/\/+$/, "");
}

/** The API base browsers use (NEXT_PUBLIC_API_URL, inlined at build), e.g. for cover images. */
export function publicApiBase(): string {
  return (process.env.NEXT_PUBLIC_API_URL || "http://127.0.0.1:4000").replace(/\/+$/, "");
}

/**
 * Tracking settings inlined at build (NEXT_PUBLIC_META_PIXEL_ID, NEXT_PUBLIC_POSTHOG_KEY…); what is
 * unset comes from the API's tracking.config at run time.
 */
export function siteTrackingSettings() {
  return {
    pixelId: process.env.NEXT_PUBLIC_META_PIXEL_ID || undefined,
    pixelScriptUrl: process.env.NEXT_PUBLIC_META_PIXEL_SCRIPT_URL || undefined,
    posthogKey: process.env.NEXT_PUBLIC_POSTHOG_KEY || undefined,
    posthogHost: process.env.NEXT_PUBLIC_POSTHOG_HOST || undefined,
    sessionRecordingId: process.env.NEXT_PUBLIC_SESSION_RECORDING_ID || undefined,
  };
}

/** The site's Stripe publishable key (NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, inlined at build): with it, card payments go through Stripe.js. */
export function stripePublishableKey(): string | undefined {
  return process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || undefined;
}

/** PARENT_ORIGINS as given at build (comma-separated; none by default): the pages allowed to frame the site and talk to it. */
export function parentOriginsSetting(): string {
  return process.env.PARENT_ORIGINS || "";
}
