"use client";
import type { ReactNode } from "react";
import { ApiProvider } from "@storyloom/api-client/react";
import { ChunkErrorGuard, LoadingOverlayProvider, ToastProvider } from "@storyloom/ui";
import { publicApiBase } from "../env";
import { OfflineNotice } from "../shell/offline-notice";
import { TrackingIsland } from "./tracking-island";

/**
 * Client context every screen relies on: the API client with its session and query cache, the
 * toast stack, the global loading overlay, the stale-chunk guard, the offline notice and tracking
 * (its runtime loaded after interactive). Mounted once by the root layout, so server pages stay
 * server components and only their islands hydrate.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ApiProvider baseUrl={publicApiBase()}>
      <ToastProvider>
        <LoadingOverlayProvider>
          <ChunkErrorGuard />
          <TrackingIsland />
          {children}
          <OfflineNotice />
        </LoadingOverlayProvider>
      </ToastProvider>
    </ApiProvider>
  );
}
