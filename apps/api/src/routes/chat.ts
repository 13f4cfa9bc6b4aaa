import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { route } from "../http";
import { chatHistory, playTurn } from "../services/chat";

/** Chat: the thread of a story (both variants) and playing a turn. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "chatHistory", ({ input, user }) => chatHistory(ctx.db, user.user.id, input.story_id, input.actor_id));
  route(app, ctx, "chatReasoningHistory", ({ input, user }) => chatHistory(ctx.db, user.user.id, input.story_id));
  route(app, ctx, "chatSend", ({ input, user }) =>
    playTurn(ctx.db, user.user.id, {
      storyId: input.story_id,
      actorId: input.actor_id,
      content: input.content,
      choice: input.choice,
      restart: input.restart,
    }),
  );
}
