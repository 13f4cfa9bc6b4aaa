// The console's dashboard: every panel reads a daily rollup (activity_daily, dashboard_daily,
// model_usage_daily) by its primary key's leading day, so a panel reads at most days × brands × keys
// rows however many players, orders and ledger entries there are.
import { sql, type SQL } from "drizzle-orm";
import {
  DASHBOARD_RANGE_DAYS,
  type CoinSource,
  type Dashboard,
  type DashboardBrand,
  type DashboardRange,
  type EndpointParsedInput,
} from "@storyloom/contract";
import { rowsOf, type Db } from "@storyloom/db";
import type { Config } from "../../config";
import { addDays, utcDay } from "../day";
import { STAFF_ADJUSTMENT } from "./accounts";

/** The UTC days a panel covers (both included) and the brand it is filtered to. */
export type DashboardSpan = { from: string; to: string; brand: DashboardBrand };
type Counter = { day: string; metric: string; key: string; value: number };
type ModelCosts = Pick<Config, "LLM_COST_PER_MILLION_INPUT" | "LLM_COST_PER_MILLION_OUTPUT">;

/** The span of `range` ending on the UTC day of `now`, for `brand`. */
export function dashboardSpan(range: DashboardRange, brand: DashboardBrand, now = new Date()): DashboardSpan {
  const to = utcDay(now);
  return { from: addDays(to, 1 - DASHBOARD_RANGE_DAYS[range]), to, brand };
}

/** Every day of the span in order, so a chart has a point (of zero) for a day nothing happened. */
export function spanDays(span: DashboardSpan): string[] {
  const days: string[] = [];
  for (let d = span.from; d <= span.to; d = addDays(d, 1)) days.push(d);
  return days;
}

const brandIs = (span: DashboardSpan): SQL => (span.brand === "all" ? sql`true` : sql`brand = ${span.brand}`);

/** Sums of a rollup table's counters in the span per day, metric and key. */
async function counters(
  db: Db,
  table: "activity_daily" | "dashboard_daily",
  span: DashboardSpan,
  metrics: string[],
): Promise<Counter[]> {
  const key = table === "dashboard_daily" ? sql`key` : sql`''`;
  const rows = rowsOf<Counter>(
    await db.execute(sql`select day::text as day, metric, ${key} as key, sum(value)::bigint as value from ${sql.identifier(table)}
      where day between ${span.from}::date and ${span.to}::date and ${brandIs(span)}
        and metric in (${sql.join(
          metrics.map((m) => sql`${m}`),
          sql`, `,
        )})
      group by 1, 2, 3`),
  );
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}

/** Sums `rows` per day into zero-filled records of `fields`, each row going to the field `field(row)` picks (none: skipped). */
function perDay<F extends string>(
  span: DashboardSpan,
  rows: Counter[],
  fields: readonly F[],
  field: (r: Counter) => F | null,
) {
  const byDay = new Map(
    spanDays(span).map((day) => [day, Object.fromEntries(fields.map((f) => [f, 0])) as Record<F, number>]),
  );
  for (const r of rows) {
    const f = field(r);
    const day = byDay.get(r.day);
    if (f && day) day[f] += r.value;
  }
  return [...byDay].map(([day, values]) => ({ day, ...values }));
}

const ACTIVITY = [
  "guest_signups",
  "user_signups",
  "daily_active",
  "stories_started",
  "typed_replies",
] as const;

/** New guests and users, daily active players, stories started and typed replies per day (activity_daily). */
export async function activityPanel(db: Db, span: DashboardSpan): Promise<Dashboard["activity"]> {
  const rows = await counters(db, "activity_daily", span, [...ACTIVITY]);
  return perDay(span, rows, ACTIVITY, (r) => r.metric as (typeof ACTIVITY)[number]);
}

/** Cents and orders paid per day, and per provider and package over the span. */
export async function revenuePanel(db: Db, span: DashboardSpan): Promise<Dashboard["revenue"]> {
  const rows = await counters(db, "dashboard_daily", span, ["revenue", "paid_orders"]);
  const days = perDay(span, rows, ["cents", "orders"] as const, (r) =>
    r.metric === "revenue" ? "cents" : "orders",
  );
  const packages = new Map<string, Dashboard["revenue"]["packages"][number]>();
  for (const r of rows) {
    const [provider = "", ...price] = r.key.split("/");
    const p = packages.get(r.key) ?? { provider, price_id: price.join("/"), cents: 0, orders: 0 };
    p[r.metric === "revenue" ? "cents" : "orders"] += r.value;
    packages.set(r.key, p);
  }
  return {
    days,
    packages: [...packages.values()].sort(
      (a, b) => b.cents - a.cents || a.price_id.localeCompare(b.price_id),
    ),
  };
}

/** Coins moved between a guest and the account it signed in to, and chat charges given back: not issued. */
const NOT_ISSUED = new Set(["guest-coins", "chat-refund"]);

/** The source a positive ledger reason issues coins from (null: not issued, see NOT_ISSUED). */
export function coinSource(reason: string): CoinSource | null {
  if (NOT_ISSUED.has(reason)) return null;
  if (reason.startsWith("task:")) return "tasks";
  const named: Record<string, CoinSource> = {
    welcome: "sign_up",
    "check-in": "check_in",
    invite: "invites",
    purchase: "purchases",
    [STAFF_ADJUSTMENT]: "staff",
  };
  return named[reason] ?? "other";
}

/** Coins issued (by source) and spent on chat (less its refunds) per day, from the ledger's rollup. */
export async function coinsPanel(db: Db, span: DashboardSpan): Promise<Dashboard["coins"]> {
  const rows = await counters(db, "dashboard_daily", span, ["coins_in", "coins_out"]);
  const signed = rows.map((r) =>
    r.metric === "coins_in" && r.key === "chat-refund" ? { ...r, metric: "coins_out", value: -r.value } : r,
  );
  const days = perDay(span, signed, ["issued", "spent"] as const, (r) => {
    if (r.metric === "coins_out") return r.key === "chat" || r.key === "chat-refund" ? "spent" : null;
    return coinSource(r.key) ? "issued" : null;
  });
  const sources = new Map<CoinSource, number>();
  for (const r of rows) {
    const source = r.metric === "coins_in" ? coinSource(r.key) : null;
    if (source) sources.set(source, (sources.get(source) ?? 0) + r.value);
  }
  return {
    days,
    sources: [...sources].map(([source, coins]) => ({ source, coins })).sort((a, b) => b.coins - a.coins),
  };
}

/** Cents refunded and disputed per day, on the day the providers reported them. */
export async function refundsPanel(db: Db, span: DashboardSpan): Promise<Dashboard["refunds"]> {
  const rows = await counters(db, "dashboard_daily", span, ["refunded", "disputed"]);
  return perDay(span, rows, ["refunded", "disputed"] as const, (r) => r.metric as "refunded" | "disputed");
}

/** Model tokens and calls per day with an estimated cost; for every brand together (the usage has none). */
export async function modelPanel(
  db: Db,
  span: DashboardSpan,
  costs: ModelCosts,
): Promise<Dashboard["model"]> {
  const rows = rowsOf<{ day: string; p: number; c: number; calls: number }>(
    await db.execute(sql`select day::text as day, prompt_tokens as p, completion_tokens as c, calls from model_usage_daily
      where day between ${span.from}::date and ${span.to}::date`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = spanDays(span).map((day) => {
    const r = byDay.get(day);
    const [prompt, completion] = [Number(r?.p ?? 0), Number(r?.c ?? 0)];
    const cost =
      (prompt * costs.LLM_COST_PER_MILLION_INPUT + completion * costs.LLM_COST_PER_MILLION_OUTPUT) /
      1_000_000;
    return {
      day,
      prompt_tokens: prompt,
      completion_tokens: completion,
      calls: Number(r?.calls ?? 0),
      cost_usd: Math.round(cost * 10_000) / 10_000,
    };
  });
  return {
    days,
    cost_per_million_input: costs.LLM_COST_PER_MILLION_INPUT,
    cost_per_million_output: costs.LLM_COST_PER_MILLION_OUTPUT,
  };
}

/** Accounts created in the span (guests and direct sign-ups), those of them registered now, and those that paid. */
export async function funnelPanel(db: Db, span: DashboardSpan): Promise<Dashboard["funnel"]> {
  const rows = await counters(db, "dashboard_daily", span, [
    "cohort_accounts",
    "cohort_registered",
    "cohort_payers",
  ]);
  const sum = (metric: string) => rows.filter((r) => r.metric === metric).reduce((n, r) => n + r.value, 0);
  return {
    accounts: sum("cohort_accounts"),
    registered: sum("cohort_registered"),
    payers: sum("cohort_payers"),
  };
}

/** Every panel of the dashboard for the input's range (ending today, UTC) and brand. */
export async function dashboard(
  db: Db,
  config: ModelCosts,
  input: EndpointParsedInput<"adminDashboard">,
  now = new Date(),
): Promise<Dashboard> {
  const span = dashboardSpan(input.range, input.brand, now);
  const [activity, revenue, coins, refunds, model, funnel] = await Promise.all([
    activityPanel(db, span),
    revenuePanel(db, span),
    coinsPanel(db, span),
    refundsPanel(db, span),
    modelPanel(db, span, config),
    funnelPanel(db, span),
  ]);
  return {
    range: input.range,
    brand: input.brand,
    from: span.from,
    to: span.to,
    activity,
    revenue,
    coins,
    refunds,
    model,
    funnel,
  };
}
