import type { FastifyInstance } from "fastify";
import type { EndpointData, EndpointName } from "@storyloom/contract";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { route, type HandlerArgs } from "../http";
import type { AuthedUser } from "../auth/session";
import { paymentsFor } from "../payments/domain";
import { onlypaySettings, stripeFor } from "../payments/providers";
import { requireStaff } from "../services/audit";
import { privateNoStore } from "../services/publicRead";
import { fixOrder, listOrders, orderDetail, refundOrder, runReconciliation } from "../services/console/orders";

type Handler<N extends EndpointName> = (args: HandlerArgs<N, AuthedUser> & { staff: AuthedUser["user"] }) => Promise<EndpointData<N>>;

/** Registers one orders endpoint: staff only, checked before anything else runs; never cached. */
function staffOnly<N extends EndpointName>(app: FastifyInstance, ctx: AppContext, name: N, handler: Handler<N>): void {
  route(app, ctx, name, async (args) => {
    const user = args.user as AuthedUser | null;
    if (!user) throw new ApiError("UNAUTHORIZED", "Authentication required");
    requireStaff(user);
    privateNoStore(args.reply);
    return handler({ ...(args as HandlerArgs<N, AuthedUser>), staff: user.user });
  });
}

/**
 * The console's orders under /api/v1/admin (staff): the list and one order, refunds of Stripe orders
 * through the Stripe API (the sandbox when Stripe has no keys), and reconciliation with a fix per order.
 */
export function consoleOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const stripe = stripeFor(app, config);
  const payments = paymentsFor(db, ctx);
  const access = () => ({ stripe: stripe(), onlypay: onlypaySettings(app, config) });
  staffOnly(app, ctx, "adminOrderList", ({ input }) => listOrders(db, input));
  staffOnly(app, ctx, "adminOrderGet", ({ input }) => orderDetail(db, input));
  staffOnly(app, ctx, "adminOrderRefund", ({ input, staff }) => refundOrder(db, stripe(), staff, input));
  staffOnly(app, ctx, "adminReconcileRun", ({ input }) => runReconciliation(payments, access(), input));
  staffOnly(app, ctx, "adminReconcileFix", ({ input, staff }) => fixOrder(db, payments, access(), staff, input));
}
