import type { FastifyInstance } from "fastify";
import type { EndpointData, EndpointName } from "@storyloom/contract";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { route, type HandlerArgs } from "../http";
import type { AuthedUser } from "../auth/session";
import { requireStaff } from "../services/audit";
import { privateNoStore } from "../services/publicRead";
import { adjustCoins, revokeSessions, setStaffRole } from "../services/console/accounts";
import { auditLog } from "../services/console/auditLog";
import { playerChat, playerDetail, playerLedger, searchPlayers, staffMembers } from "../services/console/players";
import { listSettings, updateSetting } from "../services/console/settings";

type Handler<N extends EndpointName> = (args: HandlerArgs<N, AuthedUser> & { staff: AuthedUser["user"] }) => Promise<EndpointData<N>>;

/**
 * Registers one console endpoint: the caller must be staff (a super admin when `superOnly`) before
 * anything else runs, and no answer is ever cached.
 */
function consoleRoute<N extends EndpointName>(app: FastifyInstance, ctx: AppContext, name: N, handler: Handler<N>, superOnly = false): void {
  route(app, ctx, name, async (args) => {
    const user = args.user as AuthedUser | null;
    if (!user) throw new ApiError("UNAUTHORIZED", "Authentication required");
    requireStaff(user);
    if (superOnly && user.user.role !== "super_admin") throw new ApiError("FORBIDDEN", "This is for super admins only");
    privateNoStore(args.reply);
    return handler({ ...(args as HandlerArgs<N, AuthedUser>), staff: user.user });
  });
}

/**
 * The operator console's routes under /api/v1/admin: players, coin adjustments, sessions and the
 * audit log for staff; settings and staff roles for super admins. Bans are #43's admin routes.
 */
export function consoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  consoleRoute(app, ctx, "adminPlayerSearch", ({ input }) => searchPlayers(db, input));
  consoleRoute(app, ctx, "adminPlayerGet", ({ input }) => playerDetail(db, input));
  consoleRoute(app, ctx, "adminPlayerLedger", ({ input }) => playerLedger(db, input));
  consoleRoute(app, ctx, "adminPlayerChat", ({ input }) => playerChat(db, input));
  consoleRoute(app, ctx, "adminCoinsAdjust", ({ input, staff }) => adjustCoins(db, staff, input));
  consoleRoute(app, ctx, "adminSessionsRevoke", ({ input, staff }) => revokeSessions(db, staff, input));
  consoleRoute(app, ctx, "adminAuditList", ({ input }) => auditLog(db, input));
  consoleRoute(app, ctx, "adminSettingsList", () => listSettings(db), true);
  consoleRoute(app, ctx, "adminSettingsUpdate", ({ input, staff }) => updateSetting(db, staff, input), true);
  consoleRoute(app, ctx, "adminStaffList", () => staffMembers(db), true);
  consoleRoute(app, ctx, "adminStaffSetRole", ({ input, staff }) => setStaffRole(db, staff, input), true);
}
