import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import type { FastifyBaseLogger } from "fastify";
import { settleLapsedHolds } from "../services/chatLease";
import { PeriodicJob } from "../services/periodic";

// Tables that only grow otherwise. Every instance runs the job: a delete is idempotent, so two
// instances pruning at once just share the work. Deletes go in batches so no pass holds many locks.

/** Rate-limit windows are at most an hour long; a row whose window started a day ago counts nothing. */
const RATE_LIMIT_KEEP = "1 day";
const BATCH = 5_000;

/** What one pass deleted. */
export interface PruneResult {
  rateLimits: number;
  sentMail: number;
  /** chat leases left by a crashed instance with a reply's coins held, whose coins went back */
  lapsedHolds: number;
  /** who-was-active rows of past days (the day's count is kept in activity_daily) */
  activePlayers: number;
}

async function deleteBatches(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0;
    total += Number(n);
    if (Number(n) < BATCH) return total;
  }
}

/**
 * Deletes ended rate-limit windows, outbox rows sent more than `outboxKeepDays` ago (unsent and
 * failed rows stay) and past days' activity_players rows, and gives back the coins held by chat leases that lapsed unclaimed (a crashed
 * instance's replies in chats their players did not come back to).
 */
export async function prune(db: Db, outboxKeepDays: number): Promise<PruneResult> {
  const rateLimits = await deleteBatches(
    db,
    sql`with gone as (delete from rate_limits where key in (
          select key from rate_limits where window_start < now() - ${RATE_LIMIT_KEEP}::interval limit ${BATCH})
        returning 1) select count(*)::int as n from gone`,
  );
  const sentMail = await deleteBatches(
    db,
    sql`with gone as (delete from outbox where id in (
          select id from outbox where sent_at < now() - make_interval(days => ${outboxKeepDays}) limit ${BATCH})
        returning 1) select count(*)::int as n from gone`,
  );
  const lapsedHolds = await settleLapsedHolds(db);
  // Only today's rows decide whether a player is counted again; yesterday's stay a day for safety.
  const activePlayers = await deleteBatches(
    db,
    sql`with gone as (delete from activity_players where (day, user_id) in (
          select day, user_id from activity_players where day < (now() at time zone 'utc')::date - 1 limit ${BATCH})
        returning 1) select count(*)::int as n from gone`,
  );
  return { rateLimits, sentMail, lapsedHolds, activePlayers };
}

/** Runs {@link prune} every `intervalMs` (first pass right away) until stopped. */
export class Pruner extends PeriodicJob {
  constructor(db: Db, outboxKeepDays: number, log: Pick<FastifyBaseLogger, "info" | "error">) {
    super(
      async () => {
        const r = await prune(db, outboxKeepDays);
        if (r.rateLimits + r.sentMail + r.lapsedHolds + r.activePlayers > 0) log.info(r, "pruned old rows");
      },
      (err) => log.error({ err }, "prune failed"),
    );
  }
}
