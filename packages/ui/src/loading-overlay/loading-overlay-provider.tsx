"use client";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { clientOnly } from "../client-only";
import type { LoadingKind } from "./loading-overlay";

/** What {@link useLoadingOverlay} returns. */
export interface LoadingOverlayApi {
  /** Shows the overlay; calling it again restarts the payment steps. */
  show: (kind?: LoadingKind, options?: { message?: string }) => void;
  hide: () => void;
  /** The kind on screen, or null when hidden. */
  kind: LoadingKind | null;
}

interface OverlayState {
  kind: LoadingKind;
  message?: string;
  /** Bumped on every show so the overlay remounts and its step timer starts from 1. */
  run: number;
}

const LoadingOverlayContext = createContext<LoadingOverlayApi | null>(null);

// The overlay's own code is not part of the pages' first load: it is fetched once the page is idle.
const LoadingOverlay = clientOnly(() => import("./loading-overlay").then((m) => m.LoadingOverlay), null, { preload: "idle" });

/** Holds the one global loading overlay and hides it when the user comes back to the page. */
export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OverlayState | null>(null);
  const show = useCallback<LoadingOverlayApi["show"]>((kind = "general", options) => {
    setState((previous) => ({ kind, message: options?.message, run: (previous?.run ?? 0) + 1 }));
  }, []);
  const hide = useCallback(() => setState(null), []);

  // After a redirect to a payment provider the user may come back with the tab hidden-then-visible
  // or through the back-forward cache with the old DOM intact; either way the overlay is stale.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "visible") hide();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) hide();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [hide]);

  const api = useMemo<LoadingOverlayApi>(() => ({ show, hide, kind: state?.kind ?? null }), [show, hide, state?.kind]);
  return (
    <LoadingOverlayContext.Provider value={api}>
      {children}
      {state && <LoadingOverlay key={state.run} kind={state.kind} message={state.message} />}
    </LoadingOverlayContext.Provider>
  );
}

/** Shows and hides the global loading overlay; must be used under {@link LoadingOverlayProvider}. */
export function useLoadingOverlay(): LoadingOverlayApi {
  const api = useContext(LoadingOverlayContext);
  if (!api) throw new Error("useLoadingOverlay must be used inside <LoadingOverlayProvider>");
  return api;
}
