import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { route } from "../http";
import { chatHistory, playTurn } from "../services/chat";

/** Chat: the thread of a story (both variants) and playing a turn. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Typed messages are answered only when a language model is configured.
  const freeText = Boolean(ctx.config.LLM_BASE_URL);
  route(app, ctx, "chatHistory", async ({ input, user }) => ({
    ...(await chatHistory(ctx.db, user.user.id, input.story_id, input.actor_id)),
    free_text: freeText,
  }));
  route(app, ctx, "chatReasoningHistory", async ({ input, user }) => ({
    ...(await chatHistory(ctx.db, user.user.id, input.story_id)),
    free_text: freeText,
  }));
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
