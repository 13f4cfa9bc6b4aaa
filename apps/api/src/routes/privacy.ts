import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

/** The player's own data: age confirmation, data export, account deletion. */
export function privacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
