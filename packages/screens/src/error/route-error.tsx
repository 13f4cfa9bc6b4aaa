"use client";
import { lazy, Suspense } from "react";
import { whenIdle } from "@storyloom/ui/client-only";
import type { RouteErrorView as View } from "./route-error-view";

const load = () => import("./route-error-view");
const LazyView = lazy(() => load().then((m) => ({ default: m.RouteErrorView })));

// The boundary is part of every page; its view (the kit's error page) is needed only when a route
// fails, so its code stays out of the pages' first load. It is fetched once the page is idle, so a
// failure in the browser finds it ready; a failure in the server render is rendered there (lazy
// works in the server render too) and its HTML stays until the code arrives.
whenIdle(() => void load().catch(() => undefined));

/** A route's error boundary (Next.js `error.tsx`). */
export function RouteError(props: Parameters<typeof View>[0]) {
  return (
    <Suspense fallback={null}>
      <LazyView {...props} />
    </Suspense>
  );
}

export default RouteError;
