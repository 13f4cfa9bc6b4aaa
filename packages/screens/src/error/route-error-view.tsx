"use client";
import { useRouter } from "next/navigation";
import { startTransition, useSyncExternalStore } from "react";
import { ErrorPage } from "@storyloom/ui";
import { brandContact } from "../brand/contact";
import { BrandLogo } from "../brand/mark";
import { MAIN_CONTENT_ID } from "../shell/skip-link";
import { useIsBot } from "./not-found-client";
import { routeErrorStatus } from "./route-error-status";

/**
 * What a route's error boundary shows (route-error.tsx loads it): the kit's error page for the case,
 * with Reload re-rendering the route instead of reloading the whole site, and the error's reference
 * for support.
 */
export function RouteErrorView({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const online = useSyncExternalStore(
    (onChange) => {
      window.addEventListener("online", onChange);
      window.addEventListener("offline", onChange);
      return () => {
        window.removeEventListener("online", onChange);
        window.removeEventListener("offline", onChange);
      };
    },
    () => navigator.onLine,
    () => true,
  );
  if (useIsBot()) return null;
  return (
    <div id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
      <ErrorPage
        status={routeErrorStatus(error, online)}
        supportEmail={brandContact().supportEmail}
        detail={error.digest ? `Reference: ${error.digest}` : undefined}
        header={<BrandLogo width={56} height={56} />}
        onReload={() =>
          startTransition(() => {
            router.refresh();
            reset();
          })
        }
      />
    </div>
  );
}
