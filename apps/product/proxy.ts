import type { NextRequest } from "next/server";
import { botProxy } from "@storyloom/screens/bot-proxy";

/** Crawlers get no error page (spec section 2): decided here from the user agent, see bot-proxy.ts. */
export function proxy(request: NextRequest) {
  return botProxy(request);
}

// Documents only (literal: Next reads it at build): not the static files, the API's art, the
// client router's RSC requests, or the proxy's own pass to the site.
export const config = {
  matcher: [
    {
      source: "/((?!_next/|api/|icon\\.svg|share\\.png|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "rsc" },
        { type: "header", key: "x-storyloom-bot-pass" },
      ],
    },
  ],
};
