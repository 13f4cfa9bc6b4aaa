import { storyDrafts } from "@storyloom/db";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { route } from "../http";
import { claimCheckIn, checkInState } from "../services/checkIn";
import { ledgerPage } from "../services/coins";
import { inviteInfo } from "../services/invites";
import { recordPlay, requireStory } from "../services/engagement";
import { listTasks, runTask } from "../services/tasks";
import { privateNoStore } from "../services/publicRead";

/** Check-in, daily tasks, invite code and the coin ledger history. */
export function rewardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, ctx, "checkInGet", async ({ user, reply }) => {
    privateNoStore(reply);
    return checkInState(db, user.user.id);
  });
  route(app, ctx, "checkInCreate", async ({ user }) => claimCheckIn(db, user.user.id));

  route(app, ctx, "dailyTasksList", async ({ user, reply }) => {
    privateNoStore(reply);
    return { tasks: await listTasks(db, user.user.id) };
  });
  route(app, ctx, "taskPlayGame", async ({ input, user }) => runTask(db, user.user.id, "play-game", (tx) => recordPlay(tx, user.user.id, input.story_id)));
  route(app, ctx, "taskShareGame", async ({ input, user }) => runTask(db, user.user.id, "share-game", (tx) => requireStory(tx, input.story_id, user.user.id)));
  route(app, ctx, "taskCreateStory", async ({ input, user }) =>
    runTask(db, user.user.id, "create-story", async (tx) => {
      await tx.insert(storyDrafts).values({ userId: user.user.id, title: input.title, premise: input.premise });
    }),
  );
  route(app, ctx, "taskInviteFriend", async ({ user }) => runTask(db, user.user.id, "invite-friend"));
  route(app, ctx, "inviteCode", async ({ user, reply }) => {
    privateNoStore(reply);
    return inviteInfo(db, user.user.id);
  });

  route(app, ctx, "ledgerList", async ({ input, user, reply }) => {
    privateNoStore(reply);
    return ledgerPage(db, user.user.id, input.limit, input.cursor);
  });
}
