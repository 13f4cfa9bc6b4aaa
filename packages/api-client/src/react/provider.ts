"use client";
import { createContext, createElement, useContext, useEffect, useRef, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useStore } from "zustand";
import { createApiClient, type ApiClient, type ApiClientOptions } from "../client";
import { ApiError } from "../result";
import { QUERY_ROOT, DEFAULT_STALE_MS } from "./keys";
import type { SessionSnapshot } from "../session";
import { sessionView, type SessionState } from "./store";

interface ApiContextValue {
  client: ApiClient;
  view: (snapshot: SessionSnapshot) => SessionState;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/** Props of ApiProvider: either a ready client or the options to create one (read once). */
export type ApiProviderProps = (ApiClientOptions | { client: ApiClient }) & {
  children?: ReactNode;
  /** Share a QueryClient (e.g. one per request on the server); by default one is created per tree. */
  queryClient?: QueryClient;
  /** Run the start-up sequence on mount (default true). */
  autoStart?: boolean;
  /** Keep referral parameters of the page's URL on mount (default true). */
  captureReferral?: boolean;
};

/** A QueryClient with this package's defaults: personal data fresh for 30 s, no retry of 4xx answers. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        // A 4xx answer will not change on retry; network errors and 5xx may.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
}

/** Runs `fn` when the browser is next idle (at most `timeoutMs` later); returns a cancel function. */
function whenIdle(fn: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/**
 * Provides the API client (and with it the session store) and a QueryClient to a tree. Each is
 * created once per tree (useRef), never as a module singleton: on the server two requests must not
 * share a session.
 */
export function ApiProvider(props: ApiProviderProps) {
  const ref = useRef<(ApiContextValue & { queryClient: QueryClient }) | null>(null);
  if (!ref.current) {
    const client = "client" in props ? props.client : createApiClient(props);
    ref.current = { client, view: sessionView(client), queryClient: props.queryClient ?? createQueryClient() };
  }
  const { client, view, queryClient } = ref.current;
  const autoStart = props.autoStart ?? true;
  const capture = props.captureReferral ?? true;

  useEffect(() => {
    const unsubscribe = client.session.subscribe((_snapshot, event) => {
      if (event === "change") return;
      // Another person now (login, merge, new guest) or nobody (logout): their personal lists,
      // played and liked included, must not be shown, and public answers carry per-user flags.
      queryClient.removeQueries({ queryKey: [QUERY_ROOT, "me"] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_ROOT, "public"] });
      // The app always has a session: after logout it continues as a (new) guest.
      if (event === "logout" && autoStart) void client.start();
    });
    // Start-up (storage reads, token checks, a guest sign-up) waits for the first idle moment after
    // hydration instead of running inside its commit: the page is interactive sooner on a phone.
    const cancel = whenIdle(() => {
      if (capture && typeof window !== "undefined") client.captureReferral(window.location.search);
      if (autoStart) void client.start();
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, [client, queryClient, autoStart, capture]);

  return createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(ApiContext.Provider, { value: { client, view } }, props.children),
  );
}

function useApiContext(): ApiContextValue {
  const ctx = useContext(ApiContext);
  if (!ctx) throw new Error("Wrap the tree in <ApiProvider> to use the API hooks");
  return ctx;
}

/** The tree's API client (plain calls, session machine). */
export function useApiClient(): ApiClient {
  return useApiContext().client;
}

/**
 * Reads the session store through zustand's React binding (useSyncExternalStore: every reader of
 * one render sees the same state): `useSession((s) => s.user)` re-renders only when the selected
 * value changes; without a selector, the whole state. The server render and hydration read the
 * store's initial state (`initialSnapshot`: not ready), so they match.
 */
export function useSession(): SessionState;
export function useSession<T>(selector: (s: SessionState) => T): T;
export function useSession<T>(selector?: (s: SessionState) => T): T | SessionState {
  const { client, view } = useApiContext();
  return useStore(client.session.store, (snapshot) => (selector ? selector(view(snapshot)) : view(snapshot)));
}
