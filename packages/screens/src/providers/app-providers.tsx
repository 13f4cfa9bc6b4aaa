"use client";
import { useEffect, type ReactNode } from "react";
import { ApiProvider } from "@storyloom/api-client/react";
import { ChunkErrorGuard, LoadingOverlayProvider, ToastProvider } from "@storyloom/ui";
import { publicApiBase } from "../env";
import { OfflineNotice } from "../shell/offline-notice";
import { ParentFrameBridge } from "./parent-frame-bridge";
import { TrackingIsland } from "./tracking-island";

/**
 * Client context every screen relies on: the API client with its session and query cache, the
 * toast stack, the global loading overlay, the stale-chunk guard, the offline notice, tracking
 * (its runtime loaded after interactive) and the parent-frame bridge. Mounted once by the root
 * layout, so server pages stay server components and only their islands hydrate.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ApiProvider baseUrl={publicApiBase()}>
      <ToastProvider>
        <LoadingOverlayProvider>
          <ChunkErrorGuard />
          <HydratedMark />
          <TrackingIsland />
          {/* Inlined at build: without PARENT_ORIGINS the bridge is compiled out of every page. */}
          {process.env.PARENT_ORIGINS ? <ParentFrameBridge /> : null}
          {children}
          <OfflineNotice />
        </LoadingOverlayProvider>
      </ToastProvider>
    </ApiProvider>
  );
}

/**
 * Marks the document `data-hydrated` once React has hydrated it: the moment the page answers a tap.
 * `pnpm bench:web` times "interactive" by it (the empty page it is compared with marks it the same way).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
