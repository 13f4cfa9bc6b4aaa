import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { addressBucket } from "../clientAddress";
import { route, routeCheckingSession } from "../http";
import { ModelClient, modelSettings } from "../llm/client";
import { chatHistory } from "../services/chat";
import { ChatEngine, type TurnResult } from "../services/chatEngine";
import { promptRecordOf } from "../services/promptRecords";
import { memoryOf, saveMemory } from "../services/chatMemory";
import { chatSceneOf } from "../services/chatScene";
import { turnChannel, type RouteChannel } from "./chatStream";
import { chatBranchRoutes } from "./chatBranches";

/** Runs a turn on its channel: a stream ends with `done` or `error`; a JSON answer returns the turn or throws. */
async function play(req: FastifyRequest, reply: FastifyReply, turn: (ch: RouteChannel) => Promise<TurnResult>) {
  const ch = turnChannel(req, reply);
  try {
    const result = await turn(ch);
    if (ch.streaming) ch.done(result);
    return { messages: result.messages, coins: result.coins, ended: result.ended };
  } catch (err) {
    if (!ch.streaming) throw err;
    ch.fail(err);
    // The stream has answered; this value only passes the answer check (the reply was hijacked).
    return { messages: [], coins: 0, ended: false };
  }
}

/** Chat: the thread of a story (all variants), playing a turn, regenerate, edit and select. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settings = modelSettings(ctx.config);
  const engine = new ChatEngine({ db: ctx.db, config: ctx.config, model: settings ? new ModelClient(settings) : null, log: app.log });
  // Summaries being folded in the background stop with the server (each keeps its previous summary).
  app.addHook("onClose", () => engine.memory.close());
  // Typed messages are answered only when a language model is configured.
  const freeText = engine.freeText;
  route(app, ctx, "chatHistory", async ({ input, user }) => ({
    ...(await chatHistory(ctx.db, user.user.id, input.story_id, input.actor_id)),
    free_text: freeText,
  }));
  // The prompt inspector reads what one of the caller's own replies was built from.
  route(app, ctx, "chatPrompt", async ({ input, user }) => ({
    message_id: input.message_id,
    prompt: await promptRecordOf(ctx.db, user.user.id, input.story_id, input.message_id),
  }));
  // The memory panel: the chat's rolling summary and the player's pinned facts (the caller's own chat).
  route(app, ctx, "chatMemory", ({ input, user }) => memoryOf(ctx.db, user.user.id, input.story_id, freeText));
  route(app, ctx, "chatMemorySave", ({ input, user }) => saveMemory(ctx.db, user.user.id, input.story_id, { summary: input.summary, pins: input.pins }, freeText));
  // The panel beside the chat: the scene, speaker and goal the script gives the turn it stands at.
  route(app, ctx, "chatScene", ({ input, user }) => chatSceneOf(ctx.db, user.user.id, input.story_id));
  route(app, ctx, "chatReasoningHistory", async ({ input, user }) => ({
    ...(await chatHistory(ctx.db, user.user.id, input.story_id)),
    free_text: freeText,
  }));
  // Typed words check the caller's session in the statement that opens the turn (one round trip
  // before the model is called, instead of two); every other send reads the caller first.
  routeCheckingSession(app, ctx, "chatSend", async ({ input, caller, req, reply }) => {
    const target = { storyId: input.story_id, actorId: input.actor_id, mode: input.mode, address: addressBucket(req.ip) };
    if (input.content !== undefined) {
      const { content } = input;
      return play(req, reply, (ch) => engine.sendTyped({ userId: caller.claims.uid, liveSql: caller.liveSql, confirmed: caller.confirmed }, target, content, ch));
    }
    const user = await caller.user();
    return play(req, reply, (ch) => engine.send(user.user.id, { ...target, choice: input.choice, choiceOf: input.choice_of, restart: input.restart }, ch));
  });
  route(app, ctx, "chatRegenerate", ({ input, user, req, reply }) =>
    play(req, reply, (ch) => engine.regenerate(user.user.id, { storyId: input.story_id, actorId: input.actor_id, mode: input.mode, address: addressBucket(req.ip) }, ch)),
  );
  route(app, ctx, "chatContinue", ({ input, user, req, reply }) =>
    play(req, reply, (ch) => engine.continue(user.user.id, { storyId: input.story_id, actorId: input.actor_id, mode: input.mode, address: addressBucket(req.ip) }, ch)),
  );
  route(app, ctx, "chatEdit", ({ input, user, req, reply }) =>
    play(req, reply, (ch) =>
      engine.edit(
        user.user.id,
        { storyId: input.story_id, actorId: input.actor_id, mode: input.mode, address: addressBucket(req.ip), messageId: input.message_id, content: input.content },
        ch,
      ),
    ),
  );
  route(app, ctx, "chatSelect", ({ input, user }) => engine.select(user.user.id, { storyId: input.story_id, messageId: input.message_id, index: input.index }));
  chatBranchRoutes(app, ctx, engine, play);
}
