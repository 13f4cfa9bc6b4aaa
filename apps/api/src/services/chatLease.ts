import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { executePrepared, rowsOf, type Db } from "@storyloom/db";
import { ApiError, unauthorized } from "../errors";

/** A held lease on one chat: renew it before long steps, release it when done. */
export interface ChatLease {
  renew(): Promise<void>;
  /** Releases the lease (a no-op once released). */
  release(): Promise<void>;
  /**
   * The statement that releases the lease, to run as part of the request's last write (one round
   * trip fewer); call {@link ChatLease.released} once that write succeeded.
   */
  readonly releaseSql: SQL;
  released(): void;
}

const BUSY = "A reply is still being written in this chat; wait for it or stop it";

// The one statement that claims a lease: it replaces only an expired lease (or renews our own), so
// it holds across instances without holding a transaction open while the reply streams.
const claimSql = (userId: number, storyId: string, holder: string, ttlMs: number) => sql`
  insert into chat_leases (user_id, story_id, holder, expires_at)
  values (${userId}, ${storyId}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}))
  on conflict (user_id, story_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
  where chat_leases.expires_at < now() or chat_leases.holder = excluded.holder
  returning holder`;

function held(db: Db, userId: number, storyId: string, holder: string, ttlMs: number): ChatLease {
  const releaseSql = sql`delete from chat_leases where user_id = ${userId} and story_id = ${storyId} and holder = ${holder}`;
  let done = false;
  return {
    renew: async () => {
      await db.execute(claimSql(userId, storyId, holder, ttlMs));
    },
    release: async () => {
      if (done) return;
      await db.execute(releaseSql);
      done = true;
    },
    releaseSql,
    released: () => void (done = true),
  };
}

/**
 * Takes the lease of a (user, story) chat for `ttlMs`, or answers 409 CONFLICT when another request
 * (on any API instance) is writing in it. One atomic upsert.
 */
export async function takeChatLease(db: Db, userId: number, storyId: string, ttlMs: number): Promise<ChatLease> {
  const holder = randomUUID();
  if (rowsOf<{ holder: string }>(await db.execute(claimSql(userId, storyId, holder, ttlMs))).length !== 1) throw new ApiError("CONFLICT", BUSY);
  return held(db, userId, storyId, holder, ttlMs);
}

/** A per-minute style limit counted with the lease: `limit` hits per `windowS` seconds under `key`. */
export interface LeaseRateLimit {
  key: string;
  limit: number;
  windowS: number;
  message: string;
}

/** More of the statement that takes a lease: CTEs that may select from `claim` (one row once leased), and columns. */
export interface LeaseStatementPart {
  ctes: SQL;
  columns: SQL;
}

/**
 * The caller, checked by the statement itself before anything else: `liveSql` selects the caller's
 * `coins` while the session is live (no row otherwise; see liveCallerSql); nothing is counted or
 * written unless it finds one that can pay `cost`.
 */
export interface LeaseCaller {
  liveSql: SQL;
  cost: number;
}

/**
 * Checks `caller` (401 UNAUTHORIZED, then 402 INSUFFICIENT_COINS, counting nothing), counts one hit
 * against `rate` (see hitRateLimit: one window per key, shared by every instance) and takes the
 * chat's lease, in one statement: the hit always counts (a refused attempt too); the lease
 * is claimed only within the limit, so a refusal leaves nothing to release. A chat busy with another
 * reply answers 409 CONFLICT (before a 429 RATE_LIMITED, as two separate steps did). `also` adds
 * the caller's reads and writes to the statement (writes guarded by `claim`); its columns come back
 * in `row`, with the caller's balance as the statement read it.
 */
export async function takeChatLeaseCounted<Row extends object = object>(
  db: Db,
  userId: number,
  storyId: string,
  ttlMs: number,
  rate: LeaseRateLimit,
  caller: LeaseCaller,
  also?: LeaseStatementPart,
): Promise<{ lease: ChatLease; row: Row; balance: number }> {
  const holder = randomUUID();
  const w = rate.windowS;
  const [row] = rowsOf<{ authed: number; balance: number | null; count: number | null; retry_after: number; leased: number; busy: boolean } & Row>(
    await executePrepared(
      db,
      sql`
      with caller as (${caller.liveSql}), hit as (
        insert into rate_limits (key, window_start, count)
        select ${rate.key}, now(), 1 from caller where caller.coins >= ${caller.cost}
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${w}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${w}) then now() else rate_limits.window_start end
        returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${w}) - now())))::int as retry_after
      ), claim as (
        insert into chat_leases (user_id, story_id, holder, expires_at)
        select ${userId}, ${storyId}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}) from hit where hit.count <= ${rate.limit}
        on conflict (user_id, story_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where chat_leases.expires_at < now() or chat_leases.holder = excluded.holder
        returning holder
      )${also ? sql`, ${also.ctes}` : sql``}
      select (select count(*) from caller)::int as authed, (select coins from caller) as balance,
        hit.count, hit.retry_after, (select count(*) from claim)::int as leased,
        exists (select 1 from chat_leases where user_id = ${userId} and story_id = ${storyId} and expires_at >= now()) as busy
        ${also ? sql`, ${also.columns}` : sql``}
      from (select 1) as one left join hit on true`,
    ),
  );
  if (Number(row!.authed) !== 1) throw unauthorized();
  const balance = Number(row!.balance);
  // The hit was not counted: the caller cannot pay.
  if (row!.count === null) throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance, needed: caller.cost });
  if (Number(row!.leased) === 1) return { lease: held(db, userId, storyId, holder, ttlMs), row: row!, balance };
  // Not leased: over the limit, or another request holds the chat (the statement's snapshot shows a
  // live lease, or one taken concurrently made the claim a no-op while within the limit).
  if (row!.busy || Number(row!.count) <= rate.limit) throw new ApiError("CONFLICT", BUSY);
  throw new ApiError("RATE_LIMITED", rate.message, { retry_after: Math.max(1, Number(row!.retry_after)) });
}
