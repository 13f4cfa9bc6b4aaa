import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Dashboard } from "@storyloom/contract";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { addDays, utcDay } from "../src/services/day";
import { callEndpoint, newGuest, signedInUser } from "./http";
import { num, signInAs } from "./safety.support";

const ADMIN = "dashboard.admin@example.com";
let api: RunningApi;
let admin: { token: string; id: number };
const db = process.env.DATABASE_URL ? "postgres" : "pglite";
const today = utcDay();
/** The UTC day `n` days before today. */
const ago = (n: number) => addDays(today, -n);
/** The first millisecond of a UTC day, and its last. */
const start = (day: string) => `${day}T00:00:00.000Z`;
const end = (day: string) => `${day}T23:59:59.999Z`;

const get = (input: Record<string, unknown>, token = admin.token) =>
  callEndpoint<Dashboard>(api, "adminDashboard", input, token);
const exec = (q: ReturnType<typeof sql>) => api.ctx.db.execute(q);
/** A player of `brand` made at `at`, straight into the database (the rollup's triggers count it). */
async function player(name: string, brand: string | null, at: string, guest: boolean): Promise<number> {
  return num(
    api,
    sql`insert into users (name, brand, is_guest, role, created_at) values (${name}, ${brand}, ${guest}, ${guest ? "guest" : "user"}, ${at}::timestamptz) returning id`,
  );
}
let keys = 0;
const ledger = (userId: number, amount: number, reason: string, at: string) =>
  exec(
    sql`insert into coin_ledger (user_id, amount, balance_after, reason, idempotency_key, created_at) values (${userId}, ${amount}, 1000, ${reason}, ${`dash-${++keys}`}, ${at}::timestamptz)`,
  );
const order = (
  id: string,
  userId: number,
  provider: string,
  priceId: string,
  amount: number,
  paidAt: string | null,
) =>
  exec(sql`insert into orders (id, user_id, provider, price_id, amount, coins, status, brand, paid_at)
    values (${id}, ${userId}, ${provider}, ${priceId}, ${amount}, 100, ${paidAt ? "paid" : "pending"}, 'playshot', ${paidAt}::timestamptz)`);
const dayOf = <T extends { day: string }>(rows: T[], day: string) => rows.find((r) => r.day === day)!;

beforeAll(async () => {
  api = await startTestApi({
    ADMIN_EMAILS: [ADMIN],
    LLM_COST_PER_MILLION_INPUT: 1,
    LLM_COST_PER_MILLION_OUTPUT: 2,
  });
  admin = await signInAs(api, ADMIN);
  // Playshot accounts: two on day -3 (one registered), one guest at the first instant of the 7-day
  // range that signs up later, one registered at the last instant before it, one of no brand that
  // gains playshot when it signs up.
  const u1 = await player("u1", "playshot", `${ago(3)}T10:00:00Z`, false);
  await player("u2", "playshot", `${ago(3)}T11:00:00Z`, true);
  const u3 = await player("u3", "playshot", start(ago(6)), true);
  const u4 = await player("u4", "playshot", end(ago(7)), false);
  const u5 = await player("u5", null, `${ago(2)}T08:00:00Z`, true);
  await exec(sql`update users set is_guest = false, role = 'user' where id = ${u3}`);
  await exec(sql`update users set is_guest = false, role = 'user', brand = 'playshot' where id = ${u5}`);
  for (const [amount, reason] of [
    [50, "welcome"],
    [10, "check-in"],
    [5, "task:play-game"],
    [-3, "chat"],
    [-2, "chat"],
    [2, "chat-refund"],
    [100, "staff-adjustment"],
    [7, "guest-coins"],
  ] as const) {
    await ledger(u1, amount, reason, `${ago(3)}T12:00:00Z`);
  }
  await ledger(u1, 20, "invite", start(ago(6)));
  await ledger(u1, 500, "purchase", end(ago(7)));
  await ledger(u1, 300, "purchase", start(today));
  await ledger(u1, 1, "check-in", end(ago(1)));
  await order("dash-o1", u1, "stripe", "coins-100", 499, `${ago(3)}T12:00:00Z`);
  await order("dash-o2", u1, "onlypay", "coins-500", 1999, start(ago(6)));
  await order("dash-o3", u4, "stripe", "coins-100", 499, end(ago(7)));
  await order("dash-o4", u1, "stripe", "coins-100", 499, null);
  await exec(sql`update orders set status = 'paid', paid_at = now() where id = 'dash-o4'`);
  await exec(sql`update orders set refunded_amount = 200 where id = 'dash-o1'`);
  await exec(sql`update orders set disputed_amount = 1999 where id = 'dash-o2'`);
  await exec(sql`insert into activity_daily (day, brand, metric, value) values
    (${ago(3)}::date, 'playshot', 'guest_signups', 4), (${ago(3)}::date, 'playshot', 'daily_active', 9), (${ago(3)}::date, 'storyloom', 'daily_active', 5)`);
  await exec(
    sql`insert into model_usage_daily (day, prompt_tokens, completion_tokens, calls) values (${ago(3)}::date, 2000000, 500000, 10)`,
  );
});
afterAll(() => api?.stop());

describe(`the console dashboard: who may read it (${db})`, () => {
  it("normal users and guests get 403, no token 401, staff 200; the answer is never cached", async () => {
    const normal = await signedInUser(api, "Normal");
    const guest = await newGuest(api);
    for (const token of [normal.token, guest.token]) {
      const r = await get({}, token);
      expect(r.status).toBe(403);
      expect(r.code).toBe("FORBIDDEN");
      expect(r.data).toBeNull();
    }
    expect((await callEndpoint(api, "adminDashboard", {})).status).toBe(401);
    const ok = await get({});
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toContain("no-store");
    expect(ok.data).toMatchObject({ range: "7d", brand: "all", from: ago(6), to: today });
  });

  it("refuses an unknown range or brand with a 400 naming the field", async () => {
    for (const input of [{ range: "90d" }, { brand: "elsewhere" }, { range: "" }]) {
      const r = await get(input);
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.message).toMatch(/range|brand/);
    }
  });
});

describe(`the console dashboard: its numbers (${db})`, () => {
  it("counts activity per day and brand from the rollup, a zero for every quiet day", async () => {
    const play = (await get({ range: "7d", brand: "playshot" })).data;
    expect(play.activity.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(ago));
    expect(dayOf(play.activity, ago(3))).toEqual({
      day: ago(3),
      guest_signups: 4,
      user_signups: 0,
      daily_active: 9,
      stories_started: 0,
      typed_replies: 0,
    });
    expect(dayOf(play.activity, ago(4)).daily_active).toBe(0);
    expect(dayOf((await get({ brand: "all" })).data.activity, ago(3)).daily_active).toBe(14);
    expect(dayOf((await get({ brand: "storyloom" })).data.activity, ago(3)).daily_active).toBe(5);
    expect((await get({ range: "30d" })).data.activity).toHaveLength(30);
  });

  it("counts revenue on the paid day, by provider and package; the range starts at 00:00 UTC", async () => {
    const r = (await get({ range: "7d", brand: "playshot" })).data.revenue;
    expect(dayOf(r.days, ago(3))).toEqual({ day: ago(3), cents: 499, orders: 1 });
    expect(dayOf(r.days, ago(6))).toEqual({ day: ago(6), cents: 1999, orders: 1 });
    expect(dayOf(r.days, today)).toEqual({ day: today, cents: 499, orders: 1 });
    expect(r.packages).toEqual([
      { provider: "onlypay", price_id: "coins-500", cents: 1999, orders: 1 },
      { provider: "stripe", price_id: "coins-100", cents: 998, orders: 2 },
    ]);
    const month = (await get({ range: "30d", brand: "playshot" })).data.revenue;
    expect(dayOf(month.days, ago(7))).toEqual({ day: ago(7), cents: 499, orders: 1 });
    expect((await get({ range: "30d", brand: "storyloom" })).data.revenue.packages).toEqual([]);
  });

  it("issues coins by source and counts chat spending net of its refunds; transfers are neither", async () => {
    const c = (await get({ range: "7d", brand: "playshot" })).data.coins;
    expect(dayOf(c.days, ago(3))).toEqual({ day: ago(3), issued: 165, spent: 3 });
    expect(dayOf(c.days, ago(6))).toEqual({ day: ago(6), issued: 20, spent: 0 });
    expect(dayOf(c.days, ago(1))).toEqual({ day: ago(1), issued: 1, spent: 0 });
    expect(dayOf(c.days, today)).toEqual({ day: today, issued: 300, spent: 0 });
    expect(Object.fromEntries(c.sources.map((s) => [s.source, s.coins]))).toEqual({
      sign_up: 50,
      check_in: 11,
      tasks: 5,
      staff: 100,
      invites: 20,
      purchases: 300,
    });
    const t = (await get({ range: "today", brand: "playshot" })).data.coins;
    expect(t.days).toEqual([{ day: today, issued: 300, spent: 0 }]);
    expect(t.sources).toEqual([{ source: "purchases", coins: 300 }]);
    const month = (await get({ range: "30d", brand: "playshot" })).data.coins;
    expect(dayOf(month.days, ago(7)).issued).toBe(500);
  });

  it("counts refunds and disputes on the day they were reported", async () => {
    const r = (await get({ range: "today", brand: "playshot" })).data.refunds;
    expect(r).toEqual([{ day: today, refunded: 200, disputed: 1999 }]);
    expect((await get({ range: "today", brand: "storyloom" })).data.refunds).toEqual([
      { day: today, refunded: 0, disputed: 0 },
    ]);
  });

  it("prices model tokens with LLM_COST_PER_MILLION_INPUT and _OUTPUT, for every brand", async () => {
    const m = (await get({ range: "7d", brand: "storyloom" })).data.model;
    expect(dayOf(m.days, ago(3))).toEqual({
      day: ago(3),
      prompt_tokens: 2_000_000,
      completion_tokens: 500_000,
      calls: 10,
      cost_usd: 3,
    });
    expect(m).toMatchObject({ cost_per_million_input: 1, cost_per_million_output: 2 });
  });

  it("follows accounts created in the range to sign-up and payment, a brand gained on sign-up included", async () => {
    expect((await get({ range: "7d", brand: "playshot" })).data.funnel).toEqual({
      accounts: 4,
      registered: 3,
      payers: 1,
    });
    expect((await get({ range: "30d", brand: "playshot" })).data.funnel).toEqual({
      accounts: 5,
      registered: 4,
      payers: 2,
    });
    expect((await get({ range: "today", brand: "playshot" })).data.funnel).toEqual({
      accounts: 0,
      registered: 0,
      payers: 0,
    });
    const unknownOnDay2 = await num(
      api,
      sql`select coalesce(sum(value), 0) from dashboard_daily where day = ${ago(2)}::date and brand = 'unknown'`,
    );
    expect(unknownOnDay2).toBe(0);
  });
});

describe(`the dashboard's rollup (${db})`, () => {
  it("equals a recount of the ledger, paid orders and accounts it was kept from", async () => {
    const kept = sql`select day, brand, metric, key, value from dashboard_daily
      where metric in ('coins_in', 'coins_out', 'revenue', 'paid_orders', 'cohort_accounts', 'cohort_registered', 'cohort_payers') and value <> 0`;
    const recount = sql`select day, coalesce(brand, 'unknown') as brand, metric, key, sum(value) as value from (
      select (l.created_at at time zone 'UTC')::date as day, u.brand, case when l.amount >= 0 then 'coins_in' else 'coins_out' end as metric, l.reason as key, abs(l.amount) as value
        from coin_ledger l join users u on u.id = l.user_id
      union all select (paid_at at time zone 'UTC')::date, brand, 'revenue', provider || '/' || price_id, amount from orders where paid_at is not null
      union all select (paid_at at time zone 'UTC')::date, brand, 'paid_orders', provider || '/' || price_id, 1 from orders where paid_at is not null
      union all select (created_at at time zone 'UTC')::date, brand, 'cohort_accounts', '', 1 from users
      union all select (created_at at time zone 'UTC')::date, brand, 'cohort_registered', '', 1 from users where not is_guest
      union all select (u.created_at at time zone 'UTC')::date, u.brand, 'cohort_payers', '', 1 from users u
        where exists (select 1 from orders o where o.user_id = u.id and o.paid_at is not null)) f
      group by 1, 2, 3, 4 having sum(value) <> 0`;
    const rows = async (q: ReturnType<typeof sql>) =>
      ((await exec(q)) as unknown as { rows: Record<string, unknown>[] }).rows
        .map(
          (r) =>
            `${String(r.day)}|${String(r.brand)}|${String(r.metric)}|${String(r.key)}|${Number(r.value)}`,
        )
        .sort();
    const live = await rows(kept);
    expect(live.length).toBeGreaterThan(10);
    expect(live).toEqual(await rows(recount));
  });
});
