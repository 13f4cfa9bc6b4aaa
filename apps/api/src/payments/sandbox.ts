import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { onlypayMode, stripeMode } from "./providers";
import { onlypaySandboxRoutes } from "./sandboxOnlypay";
import { stripeSandboxRoutes } from "./sandboxStripe";

/**
 * Serves the provider side of payments for each provider that has no keys, in its own scope: the
 * Stripe API is form-encoded and the pay pages post forms, which the rest of the API refuses (415).
 */
export function sandboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    // Kept as text: the Stripe sandbox reads its fields with URLSearchParams, the pay forms carry nothing needed.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => done(null, body));
    if (stripeMode(ctx.config) === "sandbox") stripeSandboxRoutes(scope, ctx);
    if (onlypayMode(ctx.config) === "sandbox") onlypaySandboxRoutes(scope, ctx);
  });
}
