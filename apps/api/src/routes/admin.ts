import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

/** Staff routes under /api/v1/admin (role admin or super_admin, enforced here). */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
