import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import { ApiError } from "../errors";

/**
 * Counts a hit against `key`; the window starts at its first hit and lasts `windowS` seconds. Past
 * `limit` hits it answers 429 RATE_LIMITED with the seconds to wait. One atomic upsert, so it holds
 * across concurrent requests and API instances.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowS: number, message: string): Promise<void> {
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowS}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowS}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowS}) - now())))::int as retry_after`);
  const row = rowsOf<{ count: number; retry_after: number }>(result)[0]!;
  if (Number(row.count) > limit) {
    throw new ApiError("RATE_LIMITED", message, { retry_after: Math.max(1, Number(row.retry_after)) });
  }
}
