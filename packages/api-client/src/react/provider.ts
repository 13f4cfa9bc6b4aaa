"use client";
import { createContext, createElement, startTransition, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createApiClient, type ApiClient, type ApiClientOptions } from "../client";
import { ApiError } from "../result";
import { QUERY_ROOT, DEFAULT_STALE_MS } from "./keys";
import { createSessionStore, type SessionState, type SessionStore } from "./store";

interface ApiContextValue {
  client: ApiClient;
  store: SessionStore;
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
 * Provides the API client, the session store and a QueryClient to a tree. Each is created once per
 * tree (useRef), never as a module singleton: on the server two requests must not share a session.
 */
export function ApiProvider(props: ApiProviderProps) {
  const ref = useRef<(ApiContextValue & { queryClient: QueryClient; connect: () => () => void }) | null>(null);
  if (!ref.current) {
    const client = "client" in props ? props.client : createApiClient(props);
    const store = createSessionStore(client);
    ref.current = { client, store, connect: store.connect, queryClient: props.queryClient ?? createQueryClient() };
  }
  const { client, store, queryClient, connect } = ref.current;
  const autoStart = props.autoStart ?? true;
  const capture = props.captureReferral ?? true;

  useEffect(() => {
    const disconnect = connect();
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
      disconnect();
    };
  }, [client, connect, queryClient, autoStart, capture]);

  return createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(ApiContext.Provider, { value: { client, store } }, props.children),
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

/** Reads the session store: `useSession((s) => s.user)`; without a selector, the whole state. */
export function useSession(): SessionState;
export function useSession<T>(selector: (s: SessionState) => T): T;
export function useSession<T>(selector?: (s: SessionState) => T): T | SessionState {
  const { store } = useApiContext();
  return useSessionState(store, selector ?? ((s: SessionState) => s as unknown as T));
}

/**
 * Follows the store like zustand's useStore, with one difference: a change re-renders its readers
 * in a transition, not synchronously. useStore goes through useSyncExternalStore, whose updates
 * React always renders in one blocking task; a new session (the guest sign-up after load, a login)
 * re-renders much of the page at once, and on a phone that task ran past 100 ms. A transition
 * yields to the browser every few milliseconds and to input at once. Readers whose selected value
 * did not change are not re-rendered.
 */
function useSessionState<T>(store: SessionStore, selector: (s: SessionState) => T): T {
  const [state, setState] = useState(store.getState);
  const selectorRef = useRef(selector);
  useEffect(() => {
    selectorRef.current = selector;
  });
  useEffect(() => {
    const update = () => {
      const next = store.getState();
      startTransition(() => setState((prev) => (Object.is(selectorRef.current(prev), selectorRef.current(next)) ? prev : next)));
    };
    // A change between this render and the subscription.
    update();
    return store.subscribe(update);
  }, [store]);
  return selector(state);
}
