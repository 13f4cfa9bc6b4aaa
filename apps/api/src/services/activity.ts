// Brands and daily activity: which site a sign-up or an order came from, and the daily counters the
// operator console's dashboard reads (activity_daily), since nothing else logs them.
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@storyloom/db";
import type { Brand, Config } from "../config";
import { utcDay } from "./day";

/**
 * The counters of activity_daily. `guest_signups`: guests made; `user_signups`: accounts made (a
 * guest becoming one, or a new one); `stories_started`: first turns of a (player, story); `typed_replies`:
 * model replies stored in answer to typed words (a send, an edit, a retry; each speaker of a group
 * scene); `daily_active`: players who played a turn that day, each once.
 */
export type ActivityMetric = "guest_signups" | "user_signups" | "stories_started" | "typed_replies" | "daily_active";

/**
 * The brand site a request came from: its `Origin` header looked up in BRAND_ORIGINS. Browsers set
 * Origin on every cross-origin call the sites make to the API and page scripts cannot change it; an
 * absent, unknown or malformed origin is no brand (null), never an error.
 */
export function requestBrand(config: Pick<Config, "BRAND_ORIGINS">, origin: string | string[] | undefined): Brand | null {
  if (typeof origin !== "string") return null;
  return Object.hasOwn(config.BRAND_ORIGINS, origin) ? config.BRAND_ORIGINS[origin]! : null;
}

const upsert = sql`on conflict (day, brand, metric) do update set value = activity_daily.value + excluded.value`;

/**
 * Adds `n` to today's (UTC) counter `metric` of `brand` (null: 'unknown') in one upsert. Pass the
 * transaction of what is counted: the count commits or rolls back with it.
 */
export async function countActivity(tx: Db | Tx, brand: Brand | null, metric: ActivityMetric, n = 1): Promise<void> {
  await tx.execute(sql`insert into activity_daily (day, brand, metric, value)
    values (${utcDay()}::date, ${brand ?? "unknown"}, ${metric}, ${n}) ${upsert}`);
}

/**
 * The common table expressions that count a player's turn, under the player's brand: `metric` (if
 * any) grows by one, and `daily_active` by one when this is the player's first turn today (the
 * activity_players primary key decides, on every instance). Nothing is counted unless `when` holds.
 * For a statement of its own (`with … select`): data-modifying CTEs must be at its top level.
 */
export function playerActivityCtes(userId: number, metric: ActivityMetric | null, when: SQL = sql`true`): SQL[] {
  const day = utcDay();
  return [
    sql`activity_player as (
      insert into activity_players (day, user_id) select ${day}::date, ${userId}::int where ${when}
      on conflict do nothing returning user_id)`,
    sql`activity_count as (
      insert into activity_daily (day, brand, metric, value)
      select ${day}::date, coalesce(u.brand, 'unknown'), m.metric, 1 from users u,
        (select ${metric}::text as metric where ${metric !== null}::boolean and ${when}
         union all select 'daily_active' from activity_player) m
      where u.id = ${userId}
      ${upsert})`,
  ];
}

/** Counts a player's turn (see {@link playerActivityCtes}) in the caller's transaction. */
export async function countPlayerActivity(tx: Db | Tx, userId: number, metric: ActivityMetric | null): Promise<void> {
  await tx.execute(sql`with ${sql.join(playerActivityCtes(userId, metric), sql`, `)} select 1`);
}
