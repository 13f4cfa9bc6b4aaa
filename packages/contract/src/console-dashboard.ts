import { z } from "zod";

// The operator console's dashboard: activity, revenue, coins, refunds, model usage and the sign-up
// funnel for today / 7 / 30 days (UTC days ending today) and one brand or all.

const Int = z.number().int();
/** A UTC calendar day, YYYY-MM-DD. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The dashboard's ranges: today, or the last 7 or 30 UTC days including today. */
export const DashboardRange = z.enum(["today", "7d", "30d"]);
export type DashboardRange = z.infer<typeof DashboardRange>;
/** Days in each range. */
export const DASHBOARD_RANGE_DAYS: Record<DashboardRange, number> = { today: 1, "7d": 7, "30d": 30 };
/** A brand to look at, `unknown` for accounts and orders of no brand (older rows, other clients), or all. */
export const DashboardBrand = z.enum(["all", "storyloom", "playshot", "unknown"]);
export type DashboardBrand = z.infer<typeof DashboardBrand>;
/** The groups coins are issued under, from the ledger's reasons. */
export const COIN_SOURCES = [
  "sign_up",
  "check_in",
  "tasks",
  "invites",
  "purchases",
  "staff",
  "other",
] as const;
export type CoinSource = (typeof COIN_SOURCES)[number];

/** One day of the activity rollup. */
export const DashboardActivityDay = z.object({
  day: Day,
  guest_signups: Int,
  user_signups: Int,
  daily_active: Int,
  stories_started: Int,
  typed_replies: Int,
});
/** Revenue of one day (cents of orders paid that day). */
export const DashboardRevenueDay = z.object({ day: Day, cents: Int, orders: Int });
/** Revenue of one package of one provider over the range. */
export const DashboardRevenuePackage = z.object({
  provider: z.string(),
  price_id: z.string(),
  cents: Int,
  orders: Int,
});
/** Coins of one day: issued (every positive ledger entry but transfers and refunds of chat) and spent on chat (net of its refunds). */
export const DashboardCoinsDay = z.object({ day: Day, issued: Int, spent: Int });
/** Coins issued from one source over the range. */
export const DashboardCoinSource = z.object({ source: z.enum(COIN_SOURCES), coins: Int });
/** Cents refunded and disputed on one day, as the providers reported them. */
export const DashboardRefundsDay = z.object({ day: Day, refunded: Int, disputed: Int });
/** Model tokens of one day and their estimated cost in US dollars. */
export const DashboardModelDay = z.object({
  day: Day,
  prompt_tokens: Int,
  completion_tokens: Int,
  calls: Int,
  cost_usd: z.number(),
});

/** Every panel of the dashboard for a range and brand. */
export const Dashboard = z.object({
  range: DashboardRange,
  brand: DashboardBrand,
  /** First and last UTC day of the range (both included). */
  from: Day,
  to: Day,
  activity: z.array(DashboardActivityDay),
  revenue: z.object({ days: z.array(DashboardRevenueDay), packages: z.array(DashboardRevenuePackage) }),
  coins: z.object({ days: z.array(DashboardCoinsDay), sources: z.array(DashboardCoinSource) }),
  refunds: z.array(DashboardRefundsDay),
  /** Model usage is counted for all brands together (model_usage_daily has no brand). */
  model: z.object({
    days: z.array(DashboardModelDay),
    cost_per_million_input: z.number(),
    cost_per_million_output: z.number(),
  }),
  /** Accounts created in the range: all of them (guests and direct sign-ups), those registered now, those that paid. */
  funnel: z.object({ accounts: Int, registered: Int, payers: Int }),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const dashboardInputs = {
  dashboard: z.object({ range: DashboardRange.default("7d"), brand: DashboardBrand.default("all") }),
};
export const dashboardOutputs = { dashboard: Dashboard };
