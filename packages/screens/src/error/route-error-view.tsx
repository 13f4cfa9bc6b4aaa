"use client";
import { useRouter } from "next/navigation";
import { startTransition, useSyncExternalStore } from "react";
import { ErrorPage } from "@storyloom/ui";
import { brandContact } from "../brand/contact";
import { BrandLogo } from "../brand/mark";
import { MAIN_CONTENT_ID } from "../shell/skip-link";
import { ErrorReference } from "./error-reference";
import { useIsBot } from "./not-found-client";
import { routeErrorStatus } from "./route-error-status";

/**
 * What a route's error boundary shows (route-error.tsx loads it): the kit's error page for the case,
 * with Reload re-rendering the route instead of reloading the whole site, and the error's reference
 * for support: the digest of a server error (for a failed read, the API's request id), or the
 * request id of an ApiError thrown in the browser.
 */
export function RouteErrorView({ error, reset }: { error: Error & { digest?: string; requestId?: string }; reset: () => void }) {
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
        detail={<ErrorReference digest={error.digest ?? error.requestId} />}
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
