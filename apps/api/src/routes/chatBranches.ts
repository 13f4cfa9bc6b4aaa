import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { addressBucket } from "../clientAddress";
import { route } from "../http";
import { balanceOf } from "../services/chat";
import { chooseAt, listBranches, regenerateAt, switchBranch } from "../services/chatBranches";
import { branchLines } from "../services/chatBranchExport";
import type { ChatEngine, TurnResult } from "../services/chatEngine";
import type { RouteChannel } from "./chatStream";

/** How chat.ts runs a turn on its channel (a stream or a JSON answer). */
type Play = (req: FastifyRequest, reply: FastifyReply, turn: (ch: RouteChannel) => Promise<TurnResult>) => Promise<{ messages: TurnResult["messages"]; coins: number; ended: boolean }>;

/** Branches of a chat (issue 45): list, switch, and fork at a reply; on the chat routes' engine. */
export function chatBranchRoutes(app: FastifyInstance, ctx: AppContext, engine: ChatEngine, play: Play): void {
  route(app, ctx, "chatBranchList", ({ input, user }) => listBranches(ctx.db, user.user.id, input.story_id));
  route(app, ctx, "chatBranchExport", ({ input, user }) => branchLines(ctx.db, user.user.id, input.story_id));
  route(app, ctx, "chatBranchSwitch", async ({ input, user }) => ({
    ...(await switchBranch(engine, user.user.id, { storyId: input.story_id, branchId: input.branch_id })),
    free_text: engine.freeText,
  }));
  route(app, ctx, "chatBranchFork", async ({ input, user, req, reply }) => {
    const target = { storyId: input.story_id, actorId: input.actor_id, mode: input.mode, address: addressBucket(req.ip), messageId: input.message_id };
    if (input.index !== undefined) {
      const index = input.index;
      const thread = await chooseAt(engine, user.user.id, { storyId: input.story_id, messageId: input.message_id, index });
      return { messages: [], coins: await balanceOf(ctx.db, user.user.id), ended: thread.ended };
    }
    return play(req, reply, (ch) => regenerateAt(engine, user.user.id, target, ch));
  });
}
