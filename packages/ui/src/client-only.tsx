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
): ComponentType<P> {
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
