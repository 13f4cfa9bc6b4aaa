// A server component on purpose: the root not-found boundary is part of every page, so its code
// would load with each of them; rendered here, only its two small islands do (not-found-client.tsx).
// Request headers are not read to spot bots: that would turn every page dynamic, as the root
// not-found is part of each (the browser-side BotGate and the proxy's bot-proxy.ts do it).
import { ErrorPage } from "@storyloom/ui";
import { brandContact } from "../brand/contact";
import { BrandLogo } from "../brand/mark";
import { MAIN_CONTENT_ID } from "../shell/skip-link";
import { BotGate, MissingPath } from "./not-found-client";

/** The kit's error page in its 404 case naming the missing path; crawlers get a bare heading. */
export function NotFoundErrorPage() {
  // The wrapper is the skip link's target, as the error page has no site header around it.
  return (
    <BotGate
      fallback={
        <main>
          <h1>Page not found</h1>
        </main>
      }
    >
      <div id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
        <ErrorPage status={404} supportEmail={brandContact().supportEmail} message="Page not found" detail={<MissingPath />} header={<BrandLogo width={56} height={56} />} />
      </div>
    </BotGate>
  );
}
