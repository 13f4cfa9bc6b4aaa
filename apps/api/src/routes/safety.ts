import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

/** Reports and in-app notices. */
export function safetyRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
