import { and, eq, inArray } from "drizzle-orm";
import type { CheckInState } from "@storyloom/contract";
import { checkIns, users, type Db, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";
import { addDays, utcDay } from "./day";
import { applyLedger } from "./ledger";
import { getSysconfig } from "./sysconfig";

// The streak: claiming on the day after a claim continues it, missing a UTC day resets it to 1.
// The calendar shows a 7-day cycle: day N of the cycle pays checkin_rewards[N-1] from sysconfig, and
// after day 7 the next claim starts the cycle again at day 1 while the streak keeps counting.
const CYCLE = 7;

const rewardFor = (rewards: number[], position: number) => rewards[(position - 1) % Math.max(1, rewards.length)] ?? 0;
const position = (streak: number) => ((streak - 1) % CYCLE) + 1;

async function recent(db: Db | Tx, userId: number, today: string) {
  const rows = await db
    .select({ day: checkIns.day, streak: checkIns.streak })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), inArray(checkIns.day, [today, addDays(today, -1)])));
  return { today: rows.find((r) => r.day === today), yesterday: rows.find((r) => r.day !== today) };
}

function stateOf(rewards: number[], streakToday: number | null, streakYesterday: number): CheckInState {
  const claimedToday = streakToday !== null;
  const streak = streakToday ?? streakYesterday;
  const todayPos = claimedToday ? position(streakToday) : (streakYesterday % CYCLE) + 1;
  const claimedUpTo = claimedToday ? todayPos : todayPos - 1;
  const days = Array.from({ length: CYCLE }, (_, i) => ({
    day: i + 1,
    reward: rewardFor(rewards, i + 1),
    claimed: i + 1 <= claimedUpTo,
    today: i + 1 === todayPos,
  }));
  return { streak, claimed_today: claimedToday, days, next_reward: rewardFor(rewards, claimedToday ? (todayPos % CYCLE) + 1 : todayPos) };
}

/** The caller's check-in calendar for the current UTC day. */
export async function checkInState(db: Db, userId: number): Promise<CheckInState> {
  const { checkin_rewards } = await getSysconfig(db);
  const r = await recent(db, userId, utcDay());
  return stateOf(checkin_rewards, r.today?.streak ?? null, r.yesterday?.streak ?? 0);
}

/**
 * Claims today's check-in: one row per user and UTC day (the primary key decides between racing
 * claims) and one ledger credit keyed by that day, in one transaction. A second claim the same day
 * is a 409 ALREADY_CLAIMED.
 */
export async function claimCheckIn(db: Db, userId: number): Promise<CheckInState & { reward: number; coins: number }> {
  const { checkin_rewards } = await getSysconfig(db);
  const today = utcDay();
  return db.transaction(async (tx) => {
    const r = await recent(tx, userId, today);
    if (r.today) throw new ApiError("ALREADY_CLAIMED", "You have already checked in today; come back tomorrow");
    const streak = (r.yesterday?.streak ?? 0) + 1;
    const reward = rewardFor(checkin_rewards, position(streak));
    const [row] = await tx.insert(checkIns).values({ userId, day: today, streak, reward }).onConflictDoNothing().returning({ day: checkIns.day });
    if (!row) throw new ApiError("ALREADY_CLAIMED", "You have already checked in today; come back tomorrow");
    let coins: number;
    if (reward > 0) {
      coins = (await applyLedger(tx, { userId, amount: reward, reason: "check-in", idempotencyKey: `check-in:${userId}:${today}`, meta: { day: today, streak } })).balance;
    } else {
      coins = await balanceOf(tx, userId);
    }
    return { ...stateOf(checkin_rewards, streak, r.yesterday?.streak ?? 0), reward, coins };
  });
}

/** A user's current balance. */
export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [u] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return u?.coins ?? 0;
}
