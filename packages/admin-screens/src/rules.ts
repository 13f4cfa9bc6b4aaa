// The console's form rules, the same bounds the API enforces (packages/contract console.ts and
// safety.ts), checked before a call so staff see the problem beside the field.
import { COIN_ADJUST_MAX } from "@storyloom/contract";

/** Shortest reason staff must give for an action that changes money, content or an account. */
export const REASON_MIN = 3;
/** Longest reason (SAFETY_TEXT_MAX). */
export const REASON_MAX = 1000;

/** A validated field: the value, or the message to show beside it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** A staff reason: trimmed, 3–1000 characters. */
export function checkReason(input: string): Checked<string> {
  const value = input.trim();
  if (value.length < REASON_MIN) return { ok: false, error: `Give a reason (at least ${REASON_MIN} characters).` };
  if (value.length > REASON_MAX) return { ok: false, error: `Keep the reason under ${REASON_MAX} characters.` };
  return { ok: true, value };
}

/**
 * A coin adjustment: a whole number of coins from 1 to COIN_ADJUST_MAX as typed (digits only, no
 * sign), signed by the direction: a grant is positive, a deduction negative.
 */
export function checkCoinAmount(input: string, direction: "grant" | "deduct"): Checked<number> {
  const typed = input.trim().replace(/[\s,_]/g, "");
  if (!/^\d+$/.test(typed)) return { ok: false, error: "Type a whole number of coins." };
  const n = Number(typed);
  if (n < 1) return { ok: false, error: "The amount must be at least 1." };
  if (n > COIN_ADJUST_MAX) return { ok: false, error: `The amount must be at most ${COIN_ADJUST_MAX.toLocaleString("en-US")}.` };
  return { ok: true, value: direction === "grant" ? n : -n };
}

/**
 * An idempotency key for one coin adjustment dialog: made when the dialog opens and sent with every
 * attempt of that dialog, so a double click or a retry credits once.
 */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `console:${random()}`;
}

/** Whether a role may use the console (the API enforces every route; this only gates the screens). */
export function isStaffRole(role: string | null | undefined): boolean {
  return role === "admin" || role === "super_admin";
}
