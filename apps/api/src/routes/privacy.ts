import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { route } from "../http";
import { addressBucket } from "../clientAddress";
import { privateNoStore } from "../services/publicRead";
import { confirmAdult, exportUserData, requestDeletion, sendDeletionCode } from "../services/privacy";
import { toUser } from "../services/users";

/** The player's own data: age confirmation, data export, account deletion. Every answer is personal (`private, no-store`). */
export function privacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "ageConfirm", async ({ user, reply }) => {
    privateNoStore(reply);
    return { user: toUser(await confirmAdult(ctx.db, user)) };
  });

  route(app, ctx, "dataExport", async ({ user, reply }) => {
    privateNoStore(reply);
    reply.header("content-disposition", `attachment; filename="storyloom-data-${user.user.id}.json"`);
    return { export: await exportUserData(ctx.db, user) };
  });

  route(app, ctx, "accountDeleteCode", async ({ user, req, reply }) => {
    privateNoStore(reply);
    return sendDeletionCode(ctx, user, addressBucket(req.ip), req.ip);
  });

  route(app, ctx, "accountDelete", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return requestDeletion(ctx, user, input.code);
  });
}
