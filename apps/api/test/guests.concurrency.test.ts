import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import { startTestApi, testInstances } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";

// Guest sign-ups from one address, at once: the per-address limit and the one welcome a day are
// counted in the database, so they hold across concurrent requests and (API_TEST_INSTANCES=2)
// across API instances.

const where = `${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${testInstances()} instance(s)`;
const LIMIT = 5;
let api: RunningApi;

beforeAll(async () => {
  api = await startTestApi({ GUEST_PER_IP_PER_HOUR: LIMIT, GUEST_COINS_PER_IP_PER_DAY: 1 });
});
afterAll(async () => {
  await api?.stop();
});

describe(`guest sign-ups from one address at once (${where})`, () => {
  it(`lets at most ${LIMIT} of ${2 * LIMIT} through without a solved challenge, and exactly one gets the starting coins`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) =>
        call<{ user: { uuid: string; coins: number } }>(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id: `guest-race-${process.pid}-${i}` } }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeLessThanOrEqual(LIMIT);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429 && a.code === "RATE_LIMITED")).toBe(true);
    expect(ok.filter((a) => a.data.user.coins > 0)).toHaveLength(1);
    const rows = rowsOf<{ n: number; welcomed: number }>(
      await api.ctx.db.execute(sql`select count(*)::int as n, count(*) filter (where coins > 0)::int as welcomed from users where is_guest and device_id like ${`guest-race-${process.pid}-%`}`),
    );
    expect(rows[0]).toEqual({ n: ok.length, welcomed: 1 });
  });
});
