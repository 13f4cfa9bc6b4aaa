import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { route } from "../http";
import { absoluteSummary } from "../services/catalogue";
import { likedStories, playedStories, setFavorite } from "../services/engagement";
import { privateNoStore, publicBase } from "../services/publicRead";
import { cancelForUser, subscribe } from "../services/subscriptions";

/** Favourites, played history and story subscriptions of the caller. */
export function engagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, ctx, "favoriteCreate", async ({ input, user }) => setFavorite(db, user.user.id, input.story_id, true));
  route(app, ctx, "favoriteDelete", async ({ input, user }) => setFavorite(db, user.user.id, input.story_id, false));

  route(app, ctx, "favoriteList", async ({ user, req, reply }) => {
    privateNoStore(reply);
    const base = publicBase(ctx, req);
    return { stories: (await likedStories(db, user.user.id)).map((s) => absoluteSummary(base, s)) };
  });

  route(app, ctx, "gameHistoryList", async ({ user, req, reply }) => {
    privateNoStore(reply);
    const base = publicBase(ctx, req);
    return { stories: (await playedStories(db, user.user.id)).map((s) => absoluteSummary(base, s)) };
  });

  route(app, ctx, "subscribe", async ({ input, user, req }) => {
    await subscribe(ctx, publicBase(ctx, req), user.user.id, input.story_id, input.email);
    return { story_id: input.story_id, email: input.email, subscribed: true };
  });

  route(app, ctx, "unsubscribe", async ({ input, user }) => {
    await cancelForUser(db, user.user.id, user.user.email, input.story_id);
    return { story_id: input.story_id, subscribed: false };
  });
}
