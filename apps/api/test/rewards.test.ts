import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckInState, DailyTask, LedgerEntry } from "@storyloom/contract";
import { readCode } from "@storyloom/test-api";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { eq } from "drizzle-orm";
import { rateLimits } from "@storyloom/db";
import { balanceAndLedger, rowCounts } from "./db";
import { callEndpoint, newGuest } from "./http";

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

type Claim = CheckInState & { reward: number; coins: number };
type TaskOutcome = { task: DailyTask; reward: number; coins: number };

async function expectBalanced(userId: number) {
  const { coins, sum } = await balanceAndLedger(api.handle.db, userId);
  expect(coins).toBe(sum);
  return coins;
}

// Concurrent claims are in rewards.concurrency.test.ts, which also runs against two instances.
describe("check-in", () => {
  it("shows a 7-day calendar, pays day 1 once, refuses a second claim with 409 ALREADY_CLAIMED", async () => {
    const g = await newGuest(api);
    const cfg = (await callEndpoint<{ checkin_rewards: number[] }>(api, "sysconfigList")).data.checkin_rewards;
    const s = await callEndpoint<CheckInState>(api, "checkInGet", {}, g.token);
    expect(s.data).toMatchObject({ streak: 0, claimed_today: false, next_reward: cfg[0] });
    expect(s.data.days.map((d) => d.reward)).toEqual(cfg);
    expect(s.data.days.filter((d) => d.today).map((d) => d.day)).toEqual([1]);
    const start = await expectBalanced(g.id);
    const c = await callEndpoint<Claim>(api, "checkInCreate", {}, g.token);
    expect(c.status).toBe(200);
    expect(c.data).toMatchObject({ streak: 1, claimed_today: true, reward: cfg[0], coins: start + cfg[0]! });
    expect(c.data.days[0]).toMatchObject({ claimed: true, today: true });
    expect(c.data.next_reward).toBe(cfg[1]);
    const again = await callEndpoint(api, "checkInCreate", {}, g.token);
    expect(again.status).toBe(409);
    expect(again.code).toBe("ALREADY_CLAIMED");
    expect(await expectBalanced(g.id)).toBe(start + cfg[0]!);
  });

  it("continues a streak from yesterday", async () => {
    const g = await newGuest(api);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { checkIns } = await import("@storyloom/db");
    await api.handle.db.insert(checkIns).values({ userId: g.id, day: yesterday, streak: 7, reward: 50 });
    const s = await callEndpoint<CheckInState>(api, "checkInGet", {}, g.token);
    // Day 7 was yesterday: today starts the next cycle at day 1 while the streak goes on.
    expect(s.data).toMatchObject({ streak: 7, claimed_today: false });
    expect(s.data.days.filter((d) => d.claimed)).toEqual([]);
    const c = await callEndpoint<Claim>(api, "checkInCreate", {}, g.token);
    expect(c.data.streak).toBe(8);
    expect(c.data.days.find((d) => d.today)!.day).toBe(1);
  });

});

describe("daily tasks", () => {
  it("lists four tasks for today with reward, progress and claimed state", async () => {
    const g = await newGuest(api);
    const r = await callEndpoint<{ tasks: DailyTask[] }>(api, "dailyTasksList", {}, g.token);
    expect(r.data.tasks.map((t) => t.id)).toEqual(["play-game", "share-game", "create-story", "invite-friend"]);
    expect(r.data.tasks.every((t) => !t.claimed && !t.completed && t.progress === 0 && t.reward > 0)).toBe(true);
  });

  it("pays each task once per day; repeats record the action but pay 0", async () => {
    const g = await newGuest(api);
    const start = await expectBalanced(g.id);
    const share = await callEndpoint<TaskOutcome>(api, "taskShareGame", { story_id: "neon-requiem", channel: "x" }, g.token);
    expect(share.data.task).toMatchObject({ id: "share-game", completed: true, claimed: true, progress: 1 });
    expect(share.data.reward).toBeGreaterThan(0);
    const repeat = await callEndpoint<TaskOutcome>(api, "taskShareGame", { story_id: "neon-requiem" }, g.token);
    expect(repeat.data).toMatchObject({ reward: 0, coins: share.data.coins });
    const pitch = await callEndpoint<TaskOutcome>(api, "taskCreateStory", { title: "The Clockwork Orchard", premise: "Trees that tick." }, g.token);
    expect(pitch.data.reward).toBeGreaterThan(0);
    const play = await callEndpoint<TaskOutcome>(api, "taskPlayGame", { story_id: "ghost-writer" }, g.token);
    expect(play.data.reward).toBeGreaterThan(0);
    const list = (await callEndpoint<{ tasks: DailyTask[] }>(api, "dailyTasksList", {}, g.token)).data.tasks;
    expect(list.filter((t) => t.claimed).map((t) => t.id).sort()).toEqual(["create-story", "play-game", "share-game"]);
    const end = await expectBalanced(g.id);
    expect(end - start).toBe(share.data.reward + pitch.data.reward + play.data.reward);
  });

  it("invite-friend waits for a friend, then pays once; the friend's account credits the inviter once", async () => {
    const a = await newGuest(api);
    const before = await rowCounts(api.handle.db);
    const early = await callEndpoint(api, "taskInviteFriend", {}, a.token);
    expect(early.status).toBe(409);
    expect(early.code).toBe("TASK_NOT_READY");
    expect(await rowCounts(api.handle.db)).toEqual(before);

    const code = (await callEndpoint<{ invite_code: string; invited_count: number }>(api, "inviteCode", {}, a.token)).data;
    expect(code.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(code.invited_count).toBe(0);
    expect((await callEndpoint<{ invite_code: string }>(api, "inviteCode", {}, a.token)).data.invite_code).toBe(code.invite_code);

    const b = await newGuest(api, code.invite_code);
    const ready = await callEndpoint<TaskOutcome>(api, "taskInviteFriend", {}, a.token);
    expect(ready.status).toBe(200);
    expect(ready.data.reward).toBeGreaterThan(0);
    expect((await callEndpoint<TaskOutcome>(api, "taskInviteFriend", {}, a.token)).data.reward).toBe(0);

    const { invite_reward } = (await callEndpoint<{ invite_reward: number }>(api, "sysconfigList")).data;
    const beforeLogin = await expectBalanced(a.id);
    const email = `friend-${b.id}@example.com`;
    await callEndpoint(api, "sendCode", { email });
    const login = await callEndpoint(api, "login", { email, code: await readCode(api, email), user_id: b.uuid });
    expect(login.status).toBe(200);
    expect(await expectBalanced(a.id)).toBe(beforeLogin + invite_reward);
    expect((await callEndpoint<{ invited_count: number }>(api, "inviteCode", {}, a.token)).data.invited_count).toBe(1);

    // Logging in again (from another device's guest) is not a new friend.
    const c = await newGuest(api, code.invite_code);
    // Skip the 60 s resend wait of the code rate limit (test setup, not the rule under test).
    await api.handle.db.delete(rateLimits).where(eq(rateLimits.key, `code-email:${email}`));
    await callEndpoint(api, "sendCode", { email });
    const again = await callEndpoint(api, "login", { email, code: await readCode(api, email), user_id: c.uuid });
    expect(again.status).toBe(200);
    expect(await expectBalanced(a.id)).toBe(beforeLogin + invite_reward);
  });
});

describe("coin ledger", () => {
  it("pages the caller's entries newest first with an opaque cursor", async () => {
    const g = await newGuest(api);
    await callEndpoint(api, "checkInCreate", {}, g.token);
    await callEndpoint(api, "taskShareGame", { story_id: "ghost-writer" }, g.token);
    await callEndpoint(api, "taskPlayGame", { story_id: "ghost-writer" }, g.token);
    const first = await callEndpoint<{ entries: LedgerEntry[]; next_cursor: string | null }>(api, "ledgerList", { limit: 2 }, g.token);
    expect(first.data.entries.map((e) => e.reason)).toEqual(["task:play-game", "task:share-game"]);
    const rest = await callEndpoint<{ entries: LedgerEntry[]; next_cursor: string | null }>(api, "ledgerList", { limit: 2, cursor: first.data.next_cursor }, g.token);
    expect(rest.data.entries.map((e) => e.reason)).toEqual(["check-in", "welcome"]);
    expect(rest.data.next_cursor).toBeNull();
    expect(first.data.entries[0]!.balance_after).toBe(await expectBalanced(g.id));
    for (const cursor of ["garbage", Buffer.from("l:abc").toString("base64url"), "!!"]) {
      const bad = await callEndpoint(api, "ledgerList", { cursor }, g.token);
      expect(bad.status).toBe(400);
      expect(bad.code).toBe("VALIDATION_ERROR");
    }
    expect((await callEndpoint(api, "ledgerList", { limit: 1000 }, g.token)).status).toBe(400);
    expect((await callEndpoint(api, "ledgerList")).status).toBe(401);
  });
});
