import type { FastifyInstance } from "fastify";
import type { EndpointData, EndpointName } from "@storyloom/contract";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { route, type HandlerArgs } from "../http";
import type { AuthedUser } from "../auth/session";
import { requireStaff } from "../services/audit";
import { privateNoStore } from "../services/publicRead";
import { listReportGroups, resolveReports } from "../services/reports";
import { approveVersion, listReview, rejectVersion } from "../services/review";
import { banUser, moderationHistory, pendingDeletions, rateStory, restoreStory, unbanUser, unpublishStory } from "../services/staff";
import { reviewArtRoutes } from "./reviewArt";

type StaffHandler<N extends EndpointName> = (args: HandlerArgs<N, AuthedUser> & { staffId: number }) => Promise<EndpointData<N>>;

/**
 * Registers one staff endpoint: the caller must be staff (role admin or super_admin) before anything
 * else runs, and no answer of a staff call is ever cached.
 */
function staffRoute<N extends EndpointName>(app: FastifyInstance, ctx: AppContext, name: N, handler: StaffHandler<N>): void {
  route(app, ctx, name, async (args) => {
    const user = args.user as AuthedUser | null;
    if (!user) throw new ApiError("UNAUTHORIZED", "Authentication required");
    const staffId = requireStaff(user);
    privateNoStore(args.reply);
    return handler({ ...(args as HandlerArgs<N, AuthedUser>), staffId });
  });
}

/** Staff routes under /api/v1/admin (role admin or super_admin, enforced here on every one). */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  staffRoute(app, ctx, "adminReportList", ({ input }) => listReportGroups(db, input));
  staffRoute(app, ctx, "adminReportResolve", ({ input, staffId }) => resolveReports(db, staffId, input));
  staffRoute(app, ctx, "adminStoryRate", ({ input, staffId }) => rateStory(db, staffId, input));
  staffRoute(app, ctx, "adminStoryUnpublish", ({ input, staffId }) => unpublishStory(db, staffId, input));
  staffRoute(app, ctx, "adminStoryRestore", ({ input, staffId }) => restoreStory(db, staffId, input));
  staffRoute(app, ctx, "adminUserBan", ({ input, user }) => banUser(db, user.user, input));
  staffRoute(app, ctx, "adminUserUnban", ({ input, user }) => unbanUser(db, user.user, input));
  staffRoute(app, ctx, "adminHistory", ({ input }) => moderationHistory(db, input));
  staffRoute(app, ctx, "adminDeletionList", () => pendingDeletions(db));
  staffRoute(app, ctx, "adminReviewList", ({ input }) => listReview(db, input));
  staffRoute(app, ctx, "adminReviewDecide", async ({ input, staffId }) => {
    const id = Number(input.version_id);
    if (input.decision === "approve") return { item: await approveVersion(db, id, { staffId, rating: input.rating, note: input.reason || undefined }) };
    // A rejection needs a reason the author will read (rejectVersion refuses one under 3 characters).
    return { item: await rejectVersion(db, id, { staffId, reason: input.reason }) };
  });
  // A submitted version's cover and avatars (a picture, not an endpoint of the table).
  reviewArtRoutes(app, ctx);
}
