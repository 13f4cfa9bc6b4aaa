import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "@storyloom/db";
import type { SandboxSecrets } from "../constants";
import { onlypaySandboxRoutes } from "./onlypay";
import { stripeSandboxRoutes } from "./stripe";

/** What the sandboxes need from the API. */
export interface SandboxOptions {
  db: Db;
  /** Origins of the brand sites: the only places the (public-keyed) sandbox sends buyers back to. */
  brandOrigins: Set<string>;
  /** The address browsers reach the API at, for pay page URLs. */
  publicBase: (req: FastifyRequest) => string;
  /** The keys it checks and signs with (the fixed SANDBOX_SECRETS on a laptop, derived ones elsewhere). */
  secrets: SandboxSecrets;
  /** Which providers the sandbox plays. */
  stripe: boolean;
  onlypay: boolean;
}

/**
 * Serves the provider side of payments for each provider that has no keys, in its own scope: the
 * Stripe API is form-encoded and the pay pages post forms, which the rest of the API refuses (415).
 */
export function sandboxRoutes(app: FastifyInstance, opts: SandboxOptions): void {
  void app.register(async (scope) => {
    // Kept as text: the Stripe sandbox reads its fields with URLSearchParams, the pay forms carry nothing needed.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => done(null, body));
    if (opts.stripe) stripeSandboxRoutes(scope, opts);
    if (opts.onlypay) onlypaySandboxRoutes(scope, opts);
  });
}
