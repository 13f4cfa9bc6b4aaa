/** The four toast kinds of the spec. */
export type ToastKind = "success" | "error" | "info" | "warning";

/** At most this many toasts are on screen; a new one pushes out the oldest. */
export const TOAST_LIMIT = 5;
/** How long a toast stays, in ms (spec section 9). */
export const TOAST_DURATION_MS = 4000;
/** Errors stay longer so they can be read. */
export const TOAST_ERROR_DURATION_MS = 5000;

/** A toast on screen. */
export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  title?: string;
  duration: number;
}

/** The default lifetime of a toast of `kind`. */
export function toastDuration(kind: ToastKind): number {
  return kind === "error" ? TOAST_ERROR_DURATION_MS : TOAST_DURATION_MS;
}

/** Appends `toast`, dropping the oldest ones beyond `limit`. */
export function pushToast(list: readonly Toast[], toast: Toast, limit = TOAST_LIMIT): Toast[] {
  const next = [...list, toast];
  return next.length > limit ? next.slice(next.length - limit) : next;
}
