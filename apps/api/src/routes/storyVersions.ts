import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { route } from "../http";
import { privateNoStore } from "../services/publicRead";
import { hitRateLimit } from "../services/rateLimit";
import { requireAuthor } from "../services/storyDrafts";
import { getVersion, listVersions, restoreVersion } from "../services/storyVersions";

/** The editor's version calls: a draft's versions (one per publish), one in full, and restoring one. */
export function storyVersionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  route(app, ctx, "storyVersionList", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return listVersions(db, requireAuthor(user), input);
  });
  route(app, ctx, "storyVersionGet", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return { version: await getVersion(db, requireAuthor(user), input) };
  });
  // A restore writes the draft: it counts against the same per-author limit as a save.
  route(app, ctx, "storyVersionRestore", async ({ input, user }) => {
    const userId = requireAuthor(user);
    const limit = ctx.config.DRAFT_SAVES_PER_USER_PER_MINUTE;
    await hitRateLimit(db, `draft-save:user:${userId}`, limit, 60, `You can save drafts ${limit} times a minute; wait a moment and save again`);
    return { draft: await restoreVersion(db, userId, input) };
  });
}
