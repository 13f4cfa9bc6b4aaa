"use client";
// Client-side on purpose: the not-found boundary gets no props and its HTML is prerendered once
// (as /_not-found), so the missing path is only known in the browser; and reading request headers
// on the server to spot bots would turn every page dynamic, as the root not-found is part of each.
import { usePathname } from "next/navigation";
import { useSyncExternalStore } from "react";
import { ErrorPage, isBot } from "@storyloom/ui";
import { brandContact } from "../brand/contact";
import { BrandLogo } from "../brand/mark";
import { MAIN_CONTENT_ID } from "../shell/skip-link";

const noSubscription = () => () => {};

/** The kit's error page in its 404 case naming the missing path; crawlers get a bare heading. */
export function NotFoundErrorPage() {
  // usePathname alone would print "/_not-found" into the prerendered HTML; so the line is left out until hydration.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const pathname = usePathname();
  const bot = useSyncExternalStore(noSubscription, () => isBot(navigator.userAgent), () => false);
  if (bot) {
    return (
      <main>
        <h1>Page not found</h1>
      </main>
    );
  }
  // The wrapper is the skip link's target, as the error page has no site header around it.
  return (
    <div id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
      <ErrorPage
        status={404}
        supportEmail={brandContact().supportEmail}
        message="Page not found"
        detail={hydrated ? `Page Not Found: ${pathname}` : undefined}
        header={<BrandLogo width={56} height={56} />}
      />
    </div>
  );
}
