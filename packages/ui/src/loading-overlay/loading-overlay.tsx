"use client";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cx } from "../cx";
import { useIsClient } from "../dialog/use-media-query";
import { Spinner } from "../primitives/spinner";

/** The three overlay kinds of the spec. */
export type LoadingKind = "general" | "payment" | "redirect";

/** Step names of the payment kind, in order. */
export const PAYMENT_STEPS = ["Processing", "Verifying", "Complete"] as const;
/** Time each payment step is shown before the next one (spec section 9). */
export const PAYMENT_STEP_MS = 1500;

const defaultMessages: Record<LoadingKind, string> = {
  general: "Loading...",
  payment: "Processing payment",
  redirect: "Redirecting to payment...",
};

/**
 * Advances 1 → 2 → 3 every {@link PAYMENT_STEP_MS} while `active`, then stays at 3 (remount to
 * restart). The steps pace the wait for the user; the redirect to the provider usually comes first.
 */
export function usePaymentStep(active: boolean): number {
  const [step, setStep] = useState(1);
  useEffect(() => {
    if (!active || step >= PAYMENT_STEPS.length) return;
    const timer = setTimeout(() => setStep(step + 1), PAYMENT_STEP_MS);
    return () => clearTimeout(timer);
  }, [active, step]);
  return step;
}

/** Props of {@link LoadingOverlay}. */
export interface LoadingOverlayProps {
  kind: LoadingKind;
  /** Replaces the kind's default text. */
  message?: string;
}

/** A full-screen blocking overlay; the payment kind walks through Processing → Verifying → Complete. */
export function LoadingOverlay({ kind, message }: LoadingOverlayProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const isClient = useIsClient();
  const step = usePaymentStep(kind === "payment");

  // The page behind cannot be used while we wait, so keyboard focus is parked on the overlay.
  useEffect(() => {
    if (!isClient) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus({ preventScroll: true });
    const blockTab = (event: KeyboardEvent) => {
      if (event.key === "Tab") event.preventDefault();
    };
    document.addEventListener("keydown", blockTab);
    return () => {
      document.removeEventListener("keydown", blockTab);
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [isClient]);

  if (!isClient) return null;
  return createPortal(
    <div data-ui-layer="" className="ui-fade-in fixed inset-0 z-[100] flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm" data-loading-kind={kind}>
      <div
        ref={panelRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        aria-busy="true"
        className="flex min-w-56 flex-col items-center gap-4 rounded-2xl bg-surface px-6 py-5 text-fg shadow-2xl outline-none"
      >
        <Spinner size={32} className="text-brand" />
        <p className="font-semibold">{message ?? defaultMessages[kind]}</p>
        {kind === "payment" && (
          <ol className="flex items-center gap-2 text-sm" aria-label="Payment progress">
            {PAYMENT_STEPS.map((name, index) => {
              const number = index + 1;
              const state = number < step ? "done" : number === step ? "current" : "todo";
              return (
                <li
                  key={name}
                  aria-current={state === "current" ? "step" : undefined}
                  data-step-state={state}
                  className={cx(
                    "rounded-full px-2 py-0.5",
                    state === "current" && "bg-brand font-semibold text-white",
                    state === "done" && "text-fg",
                    state === "todo" && "text-muted",
                  )}
                >
                  {state === "done" && <span aria-hidden="true">✓ </span>}
                  {name}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>,
    document.body,
  );
}
