"use client";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useIsClient } from "../dialog/use-media-query";
import { registerToastInstance } from "./toast-instance";
import { clientOnly } from "../client-only";
import { type Toast, type ToastKind, pushToast, toastDuration } from "./toast-queue";

/** What a caller passes to show a toast. */
export interface ToastInput {
  message: string;
  kind?: ToastKind;
  title?: string;
  /** Overrides the default 4000 ms (5000 ms for errors). */
  duration?: number;
}

/** What {@link useToast} returns. */
export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (input: ToastInput) => string;
  success: (message: string) => string;
  error: (message: string) => string;
  info: (message: string) => string;
  warning: (message: string) => string;
  dismiss: (id: string) => void;
  toasts: readonly Toast[];
}

const ToastContext = createContext<ToastApi | null>(null);

// A toast's own code is not part of the pages' first load: it is fetched once the page is idle.
const ToastItem = clientOnly(() => import("./toast-item").then((m) => m.ToastItem), null, { preload: "idle" });

/** Holds the toast stack for the tree, renders it in a polite live region and registers it as the message instance. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const counter = useRef(0);
  const isClient = useIsClient();

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    counter.current += 1;
    const kind = input.kind ?? "info";
    const toast: Toast = {
      id: `toast-${counter.current}`,
      kind,
      message: input.message,
      title: input.title,
      duration: input.duration ?? toastDuration(kind),
    };
    setToasts((list) => pushToast(list, toast));
    return toast.id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      toasts,
      success: (message) => show({ message, kind: "success" }),
      error: (message) => show({ message, kind: "error" }),
      info: (message) => show({ message, kind: "info" }),
      warning: (message) => show({ message, kind: "warning" }),
    }),
    [show, dismiss, toasts],
  );

  // The message instance for code outside React (toast-instance.ts): stable, as show and dismiss are.
  useEffect(
    () =>
      registerToastInstance({
        show,
        dismiss,
        success: (message) => show({ message, kind: "success" }),
        error: (message) => show({ message, kind: "error" }),
        info: (message) => show({ message, kind: "info" }),
        warning: (message) => show({ message, kind: "warning" }),
      }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {isClient &&
        createPortal(
          // The list is always mounted so screen readers already watch it when the first toast arrives.
          <ol
            aria-live="polite"
            data-ui-layer=""
            aria-label="Notifications"
            className="pointer-events-none fixed inset-x-0 top-4 z-[110] flex flex-col items-center gap-2 px-4 md:left-auto md:right-4 md:items-end md:px-0"
          >
            {toasts.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </ol>,
          document.body,
        )}
    </ToastContext.Provider>
  );
}

/** Shows toasts; must be used under {@link ToastProvider}. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
