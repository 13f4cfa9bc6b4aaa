// The "message instance" of spec section 8: code outside React (a module, a library's callback)
// shows toasts through the one ToastProvider that registered itself here. A caller that asks before
// the provider has mounted waits for it; if none registers within 5 s, a warning is logged and the
// toast is dropped, so a missing provider is noticed instead of failing silently.
import type { ToastApi, ToastInput } from "./toast-provider";

/** How long a message instance has to register before callers are warned (spec section 8). */
export const TOAST_REGISTRATION_TIMEOUT_MS = 5000;

/** What a registered instance offers: the ToastApi without its render-time list. */
export type ToastInstance = Omit<ToastApi, "toasts">;

let current: ToastInstance | null = null;
const waiting = new Set<(instance: ToastInstance) => void>();

/** Registers the tree's toast stack as the message instance; returns the unregister function. */
export function registerToastInstance(instance: ToastInstance): () => void {
  current = instance;
  for (const resolve of [...waiting]) resolve(instance);
  return () => {
    if (current === instance) current = null;
  };
}

/** The registered instance: at once, or when one registers; null (and a warning) after `timeoutMs`. */
export function waitForToastInstance(timeoutMs = TOAST_REGISTRATION_TIMEOUT_MS): Promise<ToastInstance | null> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    const done = (instance: ToastInstance | null) => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve(instance);
    };
    const timer = setTimeout(() => {
      console.warn(`Toast message instance not registered within ${timeoutMs} ms: is <ToastProvider> mounted? The toast was dropped.`);
      done(null);
    }, timeoutMs);
    waiting.add(done);
  });
}

/** Shows a toast from outside React through the message instance; resolves with its id, or null if none registered in time. */
export async function showToast(input: ToastInput): Promise<string | null> {
  const instance = await waitForToastInstance();
  return instance ? instance.show(input) : null;
}
