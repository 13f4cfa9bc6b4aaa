import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { route } from "../http";
import type { AuthedUser } from "../auth/session";
import { requireStaff } from "../services/audit";
import { privateNoStore } from "../services/publicRead";
import { dashboard } from "../services/console/dashboard";

/**
 * The console's dashboard under /api/v1/admin (staff): every panel for today / 7 / 30 days and a
 * brand, read from the daily rollups. The caller must be staff before anything runs; never cached.
 */
export function consoleDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "adminDashboard", async ({ user, input, reply }) => {
    if (!user) throw new ApiError("UNAUTHORIZED", "Authentication required");
    requireStaff(user as AuthedUser);
    privateNoStore(reply);
    return dashboard(ctx.db, ctx.config, input);
  });
}
