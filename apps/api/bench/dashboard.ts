// `pnpm --filter @storyloom/api bench:dashboard` (and the end of `pnpm bench`): the console
// dashboard's panels on PostgreSQL at two sizes: two fresh databases (dropped after), one seeded
// with 10k players and 100k ledger entries over 60 days and three brands, the other with 100k and
// 1M. Prints each panel's median time on both and the ratio: the target is that no panel grows
// more than 2× for 10× the data.
import { sql } from "drizzle-orm";
import { createTestDb } from "@storyloom/db/testing";
import { rowsOf, type Db, type DbHandle } from "@storyloom/db";
import {
  activityPanel,
  coinsPanel,
  dashboardSpan,
  funnelPanel,
  modelPanel,
  refundsPanel,
  revenuePanel,
  type DashboardSpan,
} from "../src/services/console/dashboard";

const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 200);
const LEDGER_PER_USER = 10;
const SIZES = [10_000, 100_000];
const COSTS = { LLM_COST_PER_MILLION_INPUT: 0.15, LLM_COST_PER_MILLION_OUTPUT: 0.6 };

type Panel = (db: Db, span: DashboardSpan) => Promise<unknown>;
const PANELS: Record<string, Panel> = {
  activity: activityPanel,
  revenue: revenuePanel,
  coins: coinsPanel,
  refunds: refundsPanel,
  model: (db, span) => modelPanel(db, span, COSTS),
  funnel: funnelPanel,
};

/** A random instant of the last 60 days, as SQL. */
const SPREAD = `now() - random() * interval '60 days'`;

/**
 * Adds the players with numbers `from`..`to` (a quarter guests, brands spread evenly with a third
 * unknown), ten ledger entries each (mostly chat spending, then rewards, purchases and staff
 * grants), an order for every tenth (most paid, some refunded or disputed), in set-based statements.
 */
async function seedPlayers(handle: DbHandle, from: number, to: number): Promise<void> {
  await handle.exec(`insert into users (name, brand, is_guest, role, created_at)
    select 'bench ' || g, (array['storyloom', 'playshot', null])[1 + g % 3], g % 4 = 0, case when g % 4 = 0 then 'guest' else 'user' end, ${SPREAD}
    from generate_series(${from}, ${to}) g`);
  const first = `(select min(id) from users where name = 'bench ${from}')`;
  for (let start = from; start <= to; start += 10_000) {
    const end = Math.min(to, start + 9_999);
    await handle.exec(`insert into coin_ledger (user_id, amount, balance_after, reason, idempotency_key, created_at)
      select ${first} + (g / ${LEDGER_PER_USER}) - ${from}, r.amount, 100, r.reason, 'bench:' || g, ${SPREAD}
      from generate_series(${start * LEDGER_PER_USER}, ${(end + 1) * LEDGER_PER_USER - 1}) g,
        lateral (select (array[-1, -1, -1, -1, -1, -1, 50, 10, 5, 300])[1 + g % 10] as amount,
                        (array['chat', 'chat', 'chat', 'chat', 'chat', 'chat', 'welcome', 'check-in', 'task:play-game', 'purchase'])[1 + g % 10] as reason) r`);
  }
  await handle.exec(`insert into orders (id, user_id, provider, price_id, amount, coins, status, brand, paid_at, refunded_amount, disputed_amount)
    select 'bench-' || g, ${first} + g - ${from}, (array['stripe', 'onlypay'])[1 + g % 2], (array['coins-100', 'coins-500', 'coins-1200'])[1 + g % 3],
      (array[499, 1999, 4999])[1 + g % 3], 100, 'paid', (array['storyloom', 'playshot', null])[1 + g % 3], ${SPREAD},
      case when g % 50 = 0 then 499 else 0 end, case when g % 70 = 0 then 499 else 0 end
    from generate_series(${from}, ${to}, 10) g`);
  await handle.exec(`insert into activity_daily (day, brand, metric, value)
    select d::date, b, m, ${to} / 100 from generate_series(now() - interval '60 days', now(), interval '1 day') d,
      unnest(array['storyloom', 'playshot', 'unknown']) b, unnest(array['guest_signups', 'user_signups', 'daily_active', 'stories_started', 'typed_replies']) m
    on conflict (day, brand, metric) do update set value = excluded.value`);
  await handle.exec(`insert into model_usage_daily (day, prompt_tokens, completion_tokens, calls)
    select d::date, ${to} * 1000, ${to} * 200, ${to} from generate_series(now() - interval '60 days', now(), interval '1 day') d
    on conflict (day) do update set prompt_tokens = excluded.prompt_tokens`);
  await handle.exec("analyze");
}

const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/**
 * The median time of `panel` on each database over `RUNS` rounds (after five warm-ups), the
 * databases taking turns within each round so that a busy moment of the machine hits both alike.
 */
async function timeOnEach(dbs: Db[], panel: Panel, span: DashboardSpan): Promise<number[]> {
  for (const db of dbs) for (let i = 0; i < 5; i++) await panel(db, span);
  const times: number[][] = dbs.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [j, db] of dbs.entries()) {
      const t = performance.now();
      await panel(db, span);
      times[j]!.push(performance.now() - t);
    }
  }
  return times.map(median);
}

const count = async (db: Db, table: string) =>
  Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/** A fresh database for the bench, or null when PostgreSQL is not reachable at PG_URL. */
async function freshDb(): Promise<DbHandle | null> {
  process.env.DATABASE_URL = PG_URL;
  try {
    return await createTestDb();
  } catch (err) {
    if ((err as { code?: string }).code === "ECONNREFUSED") return null;
    throw err;
  }
}

async function main(): Promise<void> {
  const handles: DbHandle[] = [];
  try {
    for (const size of SIZES) {
      const handle = await freshDb();
      if (!handle) return console.log(`dashboard bench: PostgreSQL is not reachable at ${PG_URL}; skipped`);
      handles.push(handle);
      const t = performance.now();
      await seedPlayers(handle, 1, size);
      const [ledger, rollup] = [
        await count(handle.db, "coin_ledger"),
        await count(handle.db, "dashboard_daily"),
      ];
      console.log(
        `seeded ${size} players, ${ledger} ledger rows (${rollup} rollup rows) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    console.log(
      `\npanel (30 days)          ${SIZES[0]! / 1000}k players   ${SIZES[1]! / 1000}k players   ratio`,
    );
    let worst = 0;
    for (const brand of ["all", "playshot"] as const) {
      for (const [name, panel] of Object.entries(PANELS)) {
        const [small, large] = (await timeOnEach(
          handles.map((h) => h.db),
          panel,
          dashboardSpan("30d", brand),
        )) as [number, number];
        worst = Math.max(worst, large / small);
        console.log(
          `${`${name} (${brand})`.padEnd(24)} ${small.toFixed(2).padStart(9)} ms ${large.toFixed(2).padStart(12)} ms ${(large / small).toFixed(2).padStart(7)}×`,
        );
      }
    }
    console.log(
      `\nworst ratio ${worst.toFixed(2)}× (target ≤ 2× for 10× the data): ${worst <= 2 ? "met" : "NOT met"}`,
    );
  } finally {
    for (const h of handles) await h.close();
  }
}

await main();
