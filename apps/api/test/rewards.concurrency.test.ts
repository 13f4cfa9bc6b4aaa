import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import type { CheckInState, DailyTask } from "@storyloom/contract";
import { startTestApi, testInstances } from "../src/testing";
import type { RunningApi } from "../src/server";
import { utcDay } from "../src/services/day";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest } from "./http";

// Racing claims must pay once: the database decides (primary keys, ledger idempotency keys), never
// an instance's memory. With API_TEST_INSTANCES=2 the racing calls land on two API processes.

const where = `${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${testInstances()} instance(s)`;
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

const ledgerKeys = async (key: string) =>
  Number(rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from coin_ledger where idempotency_key = ${key}`))[0]!.n);

describe(`concurrent rewards (${where})`, () => {
  it("30 concurrent check-ins credit exactly once", async () => {
    const g = await newGuest(api);
    const start = await expectBalanced(g.id);
    const results = await Promise.all(Array.from({ length: 30 }, () => callEndpoint<Claim>(api, "checkInCreate", {}, g.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === "ALREADY_CLAIMED")).toHaveLength(29);
    const end = await expectBalanced(g.id);
    expect(end - start).toBe(results.find((r) => r.status === 200)!.data.reward);
    expect(await ledgerKeys(`check-in:${g.id}:${utcDay()}`)).toBe(1);
  });

  it("30 concurrent identical task calls pay one claim", async () => {
    const g = await newGuest(api);
    const start = await expectBalanced(g.id);
    const results = await Promise.all(Array.from({ length: 30 }, () => callEndpoint<TaskOutcome>(api, "taskShareGame", { story_id: "the-last-ember" }, g.token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const paid = results.filter((r) => r.data.reward > 0);
    expect(paid).toHaveLength(1);
    expect((await expectBalanced(g.id)) - start).toBe(paid[0]!.data.reward);
    expect(await ledgerKeys(`task:share-game:${g.id}:${utcDay()}`)).toBe(1);
  });

  it("concurrent claims of different tasks by one user each pay once and keep the balance exact", async () => {
    const g = await newGuest(api);
    const start = await expectBalanced(g.id);
    const calls = ["taskShareGame", "taskPlayGame"] as const;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => callEndpoint<TaskOutcome>(api, calls[i % 2]!, { story_id: "the-last-ember" }, g.token)));
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.code, r.message])).toEqual([]);
    const paid = results.filter((r) => r.data.reward > 0);
    expect(paid).toHaveLength(2);
    expect((await expectBalanced(g.id)) - start).toBe(paid.reduce((s, r) => s + r.data.reward, 0));
  });
});
