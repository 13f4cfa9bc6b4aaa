// The Meta pixel, the browser-side fallback of the server event call: the same event with the same
// event id, so the platform keeps one. Loaded only when a pixel id is configured, and only by the
// tracking runtime, which itself loads after the page is interactive.

/** Where the pixel script comes from by default. */
export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: (...args: unknown[]) => void; loaded?: boolean; version?: string; push?: Fbq };
type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq };

const STANDARD = new Set(["AddPaymentInfo", "AddToCart", "AddToWishlist", "CompleteRegistration", "Contact", "CustomizeProduct", "Donate", "FindLocation", "InitiateCheckout", "Lead", "PageView", "Purchase", "Schedule", "Search", "StartTrial", "SubmitApplication", "Subscribe", "ViewContent"]);

/** Installs the pixel's command queue, loads its script once and initialises the pixel id. */
export function loadPixel(pixelId: string, scriptUrl = PIXEL_SCRIPT_URL): void {
  const w = window as PixelWindow;
  if (w.fbq) return;
  // Meta's documented stub: calls made before the script arrives wait in `queue`.
  const fbq: Fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue!.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  w.fbq = fbq;
  w._fbq ??= fbq;
  const script = document.createElement("script");
  script.async = true;
  script.src = scriptUrl;
  document.head.appendChild(script);
  fbq("init", pixelId);
}

/** Sends an event through the pixel with its event id; false when the pixel is not loaded. */
export function pixelTrack(eventName: string, customData: Record<string, unknown> | undefined, eventId: string): boolean {
  const fbq = (window as PixelWindow).fbq;
  if (!fbq) return false;
  fbq(STANDARD.has(eventName) ? "track" : "trackCustom", eventName, customData ?? {}, { eventID: eventId });
  return true;
}

/** Tells a loaded pixel the user withdrew consent (the opt-out switch); it sends nothing more. */
export function pixelRevoke(): void {
  (window as PixelWindow).fbq?.("consent", "revoke");
}
