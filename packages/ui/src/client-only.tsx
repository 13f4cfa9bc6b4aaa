"use client";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useIsClient } from "./dialog/use-media-query";

/**
 * A component whose code is downloaded only when it first renders in the browser, and which the
 * server never renders (it renders `fallback` there, and through hydration): what `next/dynamic`
 * with `ssr: false` does, on React's own `lazy`. `next/dynamic` brings Next's loader code (chunk
 * preloading, the client-side-rendering bailout and async storage) into the first load of every
 * page that uses it; `lazy` is already in React (measured: 1.3–1.8 KiB gzip less on those pages).
 */
export function clientOnly<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
  options: { preload?: "idle" } = {},
): ComponentType<P> {
  // `preload: "idle"`, for a part that must show as soon as it is asked for (a toast, the loading
  // overlay): its code is fetched once the page is idle, not when it first renders.
  if (options.preload === "idle") whenIdle(() => void load().catch(() => undefined));
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function ClientOnly(props: P) {
    const isClient = useIsClient();
    if (!isClient) return <>{fallback}</>;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ClientOnly;
}

/**
 * Runs `run` once the browser is idle after the page loaded (requestIdleCallback, else in 2 s);
 * nothing on the server. For code a page may need later but not for its first paint.
 */
export function whenIdle(run: () => void): void {
  if (typeof window === "undefined") return;
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, 2000);
}
