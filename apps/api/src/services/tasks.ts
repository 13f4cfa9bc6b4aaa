import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { DailyTask, TaskId } from "@storyloom/contract";
import { taskProgress, users, type Db, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";
import { balanceOf } from "./checkIn";
import { dayStart, utcDay } from "./day";
import { applyLedger } from "./ledger";
import { getSysconfig } from "./sysconfig";

/**
 * The four daily tasks. Each resets at 00:00 UTC and pays its sysconfig reward (task_rewards) once
 * per day. Calling a task's endpoint reports the action and claims in one step:
 * - play-game: the call records a play of the story (game history, play count); 1 play completes it.
 * - share-game: the call records that the player shared a story; 1 share completes it.
 * - create-story: the call saves a story idea (title + premise) as a draft; 1 draft completes it.
 *   Publishing a story from the editor (story-draft.publish) completes it too.
 * - invite-friend: progress is the number of people who signed up today with the caller's invite
 *   code; the call only claims, and answers 409 TASK_NOT_READY until one has.
 * When a task is complete the first call credits the reward (ledger key task:<task>:<user>:<day>);
 * later calls still record their action but answer reward 0 with claimed true.
 */
export const TASKS: Record<TaskId, { title: string; description: string; target: number }> = {
  "play-game": { title: "Play a story", description: "Play any story today.", target: 1 },
  "share-game": { title: "Share a story", description: "Share a story you love with a friend.", target: 1 },
  "create-story": { title: "Pitch a story", description: "Submit an idea for a new story, or publish one you wrote.", target: 1 },
  "invite-friend": { title: "Invite a friend", description: "A friend joins today with your invite code.", target: 1 },
};
const TASK_IDS = Object.keys(TASKS) as TaskId[];

function taskState(id: TaskId, reward: number, progress: number, claimed: boolean): DailyTask {
  const { title, description, target } = TASKS[id];
  return { id, title, description, reward, progress: Math.min(progress, target), target, completed: progress >= target, claimed };
}

/** People who signed up today with this user's invite code. */
async function invitedToday(db: Db | Tx, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.invitedBy, userId), gte(users.createdAt, dayStart(day))));
  return Number(row?.n ?? 0);
}

/** Every task's progress, reward and claimed state for the caller's current UTC day. */
export async function listTasks(db: Db, userId: number): Promise<DailyTask[]> {
  const day = utcDay();
  const { task_rewards } = await getSysconfig(db);
  const rows = await db.select().from(taskProgress).where(and(eq(taskProgress.userId, userId), eq(taskProgress.day, day)));
  const invited = await invitedToday(db, userId, day);
  return TASK_IDS.map((id) => {
    const row = rows.find((r) => r.task === id);
    const progress = id === "invite-friend" ? invited : (row?.progress ?? 0);
    return taskState(id, task_rewards[id] ?? 0, progress, Boolean(row?.claimedAt));
  });
}

/** The answer of a task call: the task after it, the coins it paid (0 on a repeat) and the balance. */
export interface TaskOutcome {
  task: DailyTask;
  reward: number;
  coins: number;
}

/**
 * Runs a task call in one transaction: the action (when the task has one), today's progress, and the
 * claim. Only the call that flips claimed_at from null pays, and the ledger key makes a repeat
 * credit impossible even across instances.
 */
export async function runTask(db: Db, userId: number, id: TaskId, action?: (tx: Tx) => Promise<void>): Promise<TaskOutcome> {
  const day = utcDay();
  const amount = (await getSysconfig(db)).task_rewards[id] ?? 0;
  return db.transaction(async (tx) => {
    if (action) await action(tx);
    const progress = id === "invite-friend" ? await invitedToday(tx, userId, day) : null;
    const [row] = await tx
      .insert(taskProgress)
      .values({ userId, task: id, day, progress: progress ?? 1 })
      .onConflictDoUpdate({
        target: [taskProgress.userId, taskProgress.task, taskProgress.day],
        set: { progress: progress === null ? sql`${taskProgress.progress} + 1` : progress },
      })
      .returning({ progress: taskProgress.progress, claimedAt: taskProgress.claimedAt });
    const done = row!.progress >= TASKS[id].target;
    if (!done) throw new ApiError("TASK_NOT_READY", `Not done yet: ${TASKS[id].description}`);
    const [claimed] = await tx
      .update(taskProgress)
      .set({ claimedAt: sql`now()` })
      .where(and(eq(taskProgress.userId, userId), eq(taskProgress.task, id), eq(taskProgress.day, day), isNull(taskProgress.claimedAt)))
      .returning({ day: taskProgress.day });
    let reward = 0;
    let coins: number;
    if (claimed && amount > 0) {
      const r = await applyLedger(tx, { userId, amount, reason: `task:${id}`, idempotencyKey: `task:${id}:${userId}:${day}`, meta: { day } });
      reward = r.applied ? amount : 0;
      coins = r.balance;
    } else {
      coins = await balanceOf(tx, userId);
    }
    return { task: taskState(id, amount, row!.progress, true), reward, coins };
  });
}
