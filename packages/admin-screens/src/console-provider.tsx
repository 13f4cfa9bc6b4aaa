"use client";
// The console's providers: its API access and session, TanStack Query for the lists, and the UI kit's
// toasts. Every screen reads the API through `useStaffQuery` / `useStaffMutation` below.
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { ApiError, unwrap } from "@storyloom/api-client";
import type { EndpointData, EndpointInput, EndpointName } from "@storyloom/contract";
import { ToastProvider, useToast } from "@storyloom/ui";
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";
import { createConsoleApi, type ConsoleApi, type ConsoleSession, type SessionStore } from "./session";

/** Where the console's browser code reaches the API (inlined at build). */
export function consoleApiBase(): string {
  return process.env.NEXT_PUBLIC_API_URL || "http://127.0.0.1:4000";
}

/** A store that keeps nothing: what the server render uses (no localStorage there). */
const noStore: SessionStore = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

const ConsoleContext = createContext<ConsoleApi | null>(null);

/** The console's API access and session, plus the query cache and toasts. */
export function ConsoleProvider({ children }: { children: ReactNode }) {
  const [api] = useState(() => createConsoleApi(consoleApiBase(), typeof window === "undefined" ? noStore : window.localStorage));
  const [queries] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: (n, err) => n < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500), refetchOnWindowFocus: false, staleTime: 5_000 },
        },
      }),
  );
  return (
    <ConsoleContext.Provider value={api}>
      <QueryClientProvider client={queries}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ConsoleContext.Provider>
  );
}

/** The console's API access. */
export function useConsoleApi(): ConsoleApi {
  const api = useContext(ConsoleContext);
  if (!api) throw new Error("useConsoleApi outside ConsoleProvider");
  return api;
}

/** The signed-in staff member (null when signed out; also null in the server render). */
export function useConsoleSession(): ConsoleSession | null {
  const api = useConsoleApi();
  return useSyncExternalStore(api.subscribe, api.current, () => null);
}

/** A staff read: the endpoint's data, keyed by name and input, refetched when either changes. */
export function useStaffQuery<N extends EndpointName>(name: N, input: EndpointInput<N> | undefined, enabled = true): UseQueryResult<EndpointData<N>, Error> {
  const api = useConsoleApi();
  return useQuery({ queryKey: [name, input ?? {}], queryFn: async () => unwrap(await api.call(name, input)), enabled });
}

/**
 * A staff action: calls the endpoint, toasts `success(data)` or the API's error message, and drops
 * every cached read so the screen shows what changed.
 */
export function useStaffMutation<N extends EndpointName>(name: N, success: (data: EndpointData<N>) => string) {
  const api = useConsoleApi();
  const toast = useToast();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput<N>) => unwrap(await api.call(name, input)),
    onSuccess: async (data) => {
      toast.success(success(data));
      await queries.invalidateQueries();
    },
    onError: (err) => toast.error(err.message || "The action failed."),
  });
}
