// The payment token handoff (spec sections 2 and 3): the return URL may carry ?token=…, so a buyer
// who comes back where the session is not (a frame whose storage is partitioned, another browser
// context) can still be confirmed. The token is kept in session storage for this tab and removed
// from the address bar at once, so it is not left in history or sent on as a referrer.

/** The session-storage key of the payment token (the api-client reads the same key). */
export const PAYMENT_TOKEN_KEY = "payment_token";

/** The return URL with the payment token added (unchanged without a token). */
export function withPaymentToken(url: string, token: string | null | undefined): string {
  if (!token) return url;
  // Stripe's {CHECKOUT_SESSION_ID} placeholder must stay literal, so the query is appended as text.
  const [base, hash] = url.split("#", 2) as [string, string | undefined];
  const sep = base.includes("?") ? "&" : "?";
  return `${base}${sep}token=${encodeURIComponent(token)}${hash === undefined ? "" : `#${hash}`}`;
}

/** The parts of `window` the handoff uses (typed here: importable where the DOM library is not). */
export interface TokenWindow {
  location: { href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** The browser's window (only touched when called without one). */
const currentWindow = (): TokenWindow => (globalThis as unknown as { window: TokenWindow }).window;

/** Takes ?token=… from the address: stores it for this tab, strips it from the URL, and answers it. */
export function takePaymentToken(win: TokenWindow = currentWindow()): string | null {
  const url = new URL(win.location.href);
  const token = url.searchParams.get("token")?.trim();
  if (!token) return null;
  try {
    win.sessionStorage.setItem(PAYMENT_TOKEN_KEY, token);
  } catch {
    // Storage refused (private mode, quota): the token still serves this page view.
  }
  url.searchParams.delete("token");
  win.history.replaceState(win.history.state, "", url.toString());
  return token;
}

/** The payment token kept for this tab, or null. */
export function storedPaymentToken(win: Pick<TokenWindow, "sessionStorage"> = currentWindow()): string | null {
  try {
    return win.sessionStorage.getItem(PAYMENT_TOKEN_KEY);
  } catch {
    return null;
  }
}
