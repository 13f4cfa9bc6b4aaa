import type { FastifyInstance } from "fastify";
import { storyReviewMode } from "../config";
import type { AppContext } from "../context";
import { route } from "../http";
import { ModelClient, modelSettings } from "../llm/client";
import { ModerationClient, moderationSettings } from "../moderation/client";
import { CoWriter } from "../services/cowrite";
import { privateNoStore } from "../services/publicRead";
import { hitRateLimit } from "../services/rateLimit";
import { createDraft, getDraft, listDrafts, publishDraft, requireAuthor, requirePublisher, unpublishDraft, updateDraft, type PublishReview } from "../services/storyDrafts";

/** The story editor's calls: the caller's drafts, and publishing them to the catalogue. */
export function storyDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const settings = modelSettings(ctx.config);
  const cowriter = new CoWriter({ db, config: ctx.config, model: settings ? new ModelClient(settings) : null });
  // One kept moderation client for every publish of this instance.
  const moderation = moderationSettings(ctx.config);
  const review: PublishReview = { mode: storyReviewMode(ctx.config), moderator: moderation ? new ModerationClient(moderation) : null };

  route(app, ctx, "storyDraftList", async ({ user, reply }) => {
    privateNoStore(reply);
    return { drafts: await listDrafts(db, requireAuthor(user)) };
  });
  route(app, ctx, "storyDraftGet", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return { draft: await getDraft(db, requireAuthor(user), input.id), cowrite: cowriter.available };
  });
  // Saves and publishes are counted per author across every instance (publishing walks the script).
  const saved = async (userId: number) => {
    const limit = ctx.config.DRAFT_SAVES_PER_USER_PER_MINUTE;
    await hitRateLimit(db, `draft-save:user:${userId}`, limit, 60, `You can save drafts ${limit} times a minute; wait a moment and save again`);
    return userId;
  };
  const publishing = async (userId: number) => {
    const limit = ctx.config.PUBLISH_PER_USER_PER_HOUR;
    await hitRateLimit(db, `publish:user:${userId}`, limit, 3600, `You can publish ${limit} times an hour; try again later`);
    return userId;
  };
  route(app, ctx, "storyDraftCreate", async ({ input, user }) => ({ draft: await createDraft(db, await saved(requireAuthor(user)), input) }));
  route(app, ctx, "storyDraftUpdate", async ({ input: { id, ...changes }, user }) => ({ draft: await updateDraft(db, await saved(requireAuthor(user)), id, changes) }));
  // A publish-banned author is refused before the publish is counted.
  route(app, ctx, "storyDraftPublish", async ({ input, user }) => publishDraft(db, await publishing(await requirePublisher(db, requireAuthor(user))), input.id, review));
  route(app, ctx, "storyDraftUnpublish", async ({ input, user }) => ({ draft: await unpublishDraft(db, requireAuthor(user), input.id) }));
  route(app, ctx, "storyDraftCowrite", async ({ input, user, reply }) => {
    privateNoStore(reply);
    // The author leaving (the connection closing before the answer) stops the model at once.
    const ctl = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) ctl.abort();
    });
    return { suggestion: await cowriter.suggest(requireAuthor(user), input, ctl.signal) };
  });
}
