// Pure rules of the login screen, kept apart from React so they are tested without a browser.
import { CODE_RESEND_S } from "@storyloom/contract/constants";

/** Where a signed-in visitor lands when no return path was given. */
export const DEFAULT_AFTER_LOGIN = "/user/profile";

/**
 * The return path of `?next=`, only when it stays on this site: a path starting with one "/" (not
 * "//host" or "/\host", which browsers treat as another origin) and not the login pages themselves.
 */
export function safeNextPath(raw: string | string[] | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters (a smuggled newline or tab) never belong in a path we redirect to.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  const path = value.split(/[?#]/)[0] ?? "";
  if (path === "/user/login" || path === "/auth/login") return fallback;
  return value;
}

/** The 6-digit code as typed or pasted ("123 456", "Code: 123456"): digits only, at most 6. */
export function normalizeCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, 6);
}

/** A plausible e-mail address; the server has the final word. */
export function looksLikeEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim());
}

/** Seconds to wait from a RATE_LIMITED answer (`data.retry_after`), or the default resend time. */
export function retryAfterSeconds(details: Record<string, unknown> | null | undefined, fallback = CODE_RESEND_S): number {
  const value = Number(details?.retry_after);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : fallback;
}
