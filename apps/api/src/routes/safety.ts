import type { FastifyInstance } from "fastify";
import { addressBucket } from "../clientAddress";
import type { AppContext } from "../context";
import { route } from "../http";
import { listNotices, markNoticesRead } from "../services/notices";
import { privateNoStore } from "../services/publicRead";
import { createReport } from "../services/reports";

/** Reports and in-app notices. */
export function safetyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  // Any caller with a token may report (guests too); limited per account and per address.
  route(app, ctx, "reportCreate", async ({ input, user, req, reply }) => {
    privateNoStore(reply);
    return createReport(db, config, user.user, addressBucket(req.ip), input);
  });
  route(app, ctx, "noticeList", async ({ user, reply }) => {
    privateNoStore(reply);
    return listNotices(db, user.user.id);
  });
  route(app, ctx, "noticeRead", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return markNoticesRead(db, user.user.id, input.ids);
  });
}
