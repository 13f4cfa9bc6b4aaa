import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { executePrepared, rowsOf, type Db } from "@storyloom/db";
import { ApiError, unauthorized } from "../errors";
import { countLedgerMovement } from "../metrics/metrics";
import { applyLedger, ledgerCtes, LEDGER_COLUMNS, type LedgerChange, type LedgerRow } from "./ledger";

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
  /**
   * The statement that records `key` (a `coin_ledger` idempotency key) as the hold of the reply this
   * lease is writing, as part of the statement that takes the hold: if the instance crashes before
   * the reply is stored, the next claim of the chat gives those coins back (see settleHold).
   */
  holdSql(key: string): SQL;
  /** The statement that clears the lease's hold: to run with the write that stores the reply. */
  readonly unholdSql: SQL;
}

const BUSY = "A reply is still being written in this chat; wait for it or stop it";

// The one statement that claims a lease: it replaces only an expired lease (or renews our own), so
// it holds across instances without holding a transaction open while the reply streams.
// A new holder starts with no hold; renewing our own lease keeps its hold.
const claimSql = (userId: number, storyId: string, holder: string, ttlMs: number) => sql`
  insert into chat_leases (user_id, story_id, holder, expires_at)
  values (${userId}, ${storyId}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}))
  on conflict (user_id, story_id) do update set holder = excluded.holder, expires_at = excluded.expires_at,
    hold_key = case when chat_leases.holder = excluded.holder then chat_leases.hold_key end
  where chat_leases.expires_at < now() or chat_leases.holder = excluded.holder
  returning holder`;

/**
 * A CTE (before `claim`: it reads the row as the statement found it) naming the hold of an expired
 * lease: the coins of a reply its instance never stored. Select `prior_hold` to settle it.
 */
const priorSql = (userId: number, storyId: string) =>
  sql`prior as (select hold_key from chat_leases where user_id = ${userId} and story_id = ${storyId} and expires_at < now() and hold_key is not null)`;
const PRIOR_COLUMN = sql`(select hold_key from prior) as prior_hold`;

/**
 * Gives back, once, the coins of a hold whose reply was never stored (its lease lapsed with it: the
 * instance writing the reply crashed). The refund has the key `<hold>:refund`, the one a failed reply
 * uses, so however many claims and prunes settle it, and whether or not the reply's own failure
 * path already did, it is given back once. A key with no hold behind it (the claim named a hold
 * that was not taken) settles nothing.
 */
export async function settleHold(db: Db, key: string): Promise<void> {
  const [hold] = rowsOf<{ user_id: number; amount: number; meta: unknown }>(
    await db.execute(sql`select user_id, amount, meta from coin_ledger where idempotency_key = ${key} and amount < 0`),
  );
  if (!hold) return;
  const meta = (typeof hold.meta === "string" ? JSON.parse(hold.meta) : hold.meta) as Record<string, unknown> | null;
  await applyLedger(db, { userId: Number(hold.user_id), amount: -Number(hold.amount), reason: "chat-refund", idempotencyKey: `${key}:refund`, meta: { ...meta, settled: "lease lapsed" } });
}

/**
 * Settles the holds of leases that lapsed more than `graceS` seconds ago and that no claim took
 * over since (the player never came back to that chat), then deletes those leases: the prune's part.
 * Returns how many holds it settled.
 */
export async function settleLapsedHolds(db: Db, graceS = 60): Promise<number> {
  const lapsed = rowsOf<{ user_id: number; story_id: string; holder: string; hold_key: string }>(
    await db.execute(sql`select user_id, story_id, holder, hold_key from chat_leases
      where hold_key is not null and expires_at < now() - make_interval(secs => ${graceS}) limit 500`),
  );
  for (const l of lapsed) {
    await settleHold(db, l.hold_key);
    await db.execute(sql`delete from chat_leases where user_id = ${l.user_id} and story_id = ${l.story_id} and holder = ${l.holder} and expires_at < now()`);
  }
  return lapsed.length;
}

/**
 * A CTE (after `claim`) that deletes the chat's pending reply rows once the lease is claimed: a
 * lease is only claimed when no one holds it, so a pending row then was left by a turn that never
 * finished (its instance crashed); it holds no text. Rows the same statement inserts are not seen.
 */
const staleSql = (userId: number, storyId: string) =>
  sql`stale as (delete from chat_messages where user_id = ${userId} and story_id = ${storyId} and pending and exists (select 1 from claim) returning id)`;

/** Longest a lease's heartbeat renews it: past any reply's timeouts, so a lease never released still expires. */
const HEARTBEAT_MAX_MS = 10 * 60_000;

// The leases this process holds, per database: a shutdown waits for their turns to finish writing.
const live = new WeakMap<Db, Set<symbol>>();

/**
 * Resolves once every lease this process holds on `db` is released (each turn has stored its reply),
 * or after `ms`: what a shutdown waits for before it closes the database.
 */
export async function leasesReleased(db: Db, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while ((live.get(db)?.size ?? 0) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

function held(db: Db, userId: number, storyId: string, holder: string, ttlMs: number): ChatLease {
  const releaseSql = sql`delete from chat_leases where user_id = ${userId} and story_id = ${storyId} and holder = ${holder}`;
  let done = false;
  // The heartbeat keeps a short lease alive while this instance writes the reply: a crashed
  // instance stops renewing, and its chats free up within ttlMs. It only extends the lease while it
  // is ours (an update), so a renewal racing the release cannot bring the lease back.
  const extendSql = sql`update chat_leases set expires_at = now() + make_interval(secs => ${ttlMs / 1000})
    where user_id = ${userId} and story_id = ${storyId} and holder = ${holder} returning holder`;
  const until = Date.now() + HEARTBEAT_MAX_MS;
  const heartbeat = setInterval(() => {
    if (done || Date.now() > until) return clearInterval(heartbeat);
    db.execute(extendSql).then(
      (r) => void (rowsOf(r).length === 0 && clearInterval(heartbeat)),
      () => undefined, // the next beat tries again; the lease expires if none succeeds
    );
  }, Math.max(250, Math.floor(ttlMs / 3)));
  heartbeat.unref();
  const token = Symbol(holder);
  let mine = live.get(db);
  if (!mine) live.set(db, (mine = new Set()));
  mine.add(token);
  const stop = () => {
    done = true;
    clearInterval(heartbeat);
    mine.delete(token);
  };
  return {
    renew: async () => {
      await db.execute(claimSql(userId, storyId, holder, ttlMs));
    },
    release: async () => {
      if (done) return;
      clearInterval(heartbeat);
      await db.execute(releaseSql);
      stop();
    },
    releaseSql,
    released: stop,
    holdSql: (key) => sql`update chat_leases set hold_key = ${key} where user_id = ${userId} and story_id = ${storyId} and holder = ${holder}`,
    unholdSql: sql`update chat_leases set hold_key = null where user_id = ${userId} and story_id = ${storyId} and holder = ${holder}`,
  };
}

/**
 * Takes the lease of a (user, story) chat for `ttlMs`, or answers 409 CONFLICT when another request
 * (on any API instance) is writing in it. One atomic upsert.
 */
export async function takeChatLease(db: Db, userId: number, storyId: string, ttlMs: number): Promise<ChatLease> {
  const holder = randomUUID();
  const claimed = await db.execute(
    sql`with ${priorSql(userId, storyId)}, claim as (${claimSql(userId, storyId, holder, ttlMs)}), ${staleSql(userId, storyId)} select holder, ${PRIOR_COLUMN} from claim`,
  );
  const [row] = rowsOf<{ holder: string; prior_hold: string | null }>(claimed);
  if (!row) throw new ApiError("CONFLICT", BUSY);
  if (row.prior_hold) await settleHold(db, row.prior_hold);
  return held(db, userId, storyId, holder, ttlMs);
}

/** A per-minute style limit counted with the lease: `limit` hits per `windowS` seconds under `key`. */
export interface LeaseRateLimit {
  key: string;
  /** the most hits in a window (SQL: a limit that depends on the caller, read by the statement) */
  limit: number | SQL;
  windowS: number;
  message: string;
}

/** More of the statement that takes a lease: CTEs that may select from `opened` (one row once leased and paid for), and columns. */
export interface LeaseStatementPart {
  ctes: SQL;
  columns: SQL;
}

/**
 * The caller, checked by the statement itself before anything else: `liveSql` selects the caller's
 * `coins` while the session is live (no row otherwise; see liveCallerSql); nothing is counted or
 * written unless it finds one that can pay `cost`. With `reserve`, the statement also takes `cost`
 * from the balance through the ledger (key `reserve.key`, reason "chat") once the lease is claimed
 * and `reserve.ready` holds: the coins of the reply are held before the model is asked.
 */
export interface LeaseCaller {
  liveSql: SQL;
  cost: number;
  reserve?: { key: string; meta?: Record<string, unknown>; ready?: SQL };
}

const limitOf = (rates: readonly LeaseRateLimit[], key: SQL) =>
  sql`(case ${key} ${sql.join(
    rates.map((r) => sql`when ${r.key} then (${typeof r.limit === "number" ? sql`${r.limit}` : r.limit})::int`),
    sql` `,
  )} end)`;
const windowOf = (rates: readonly LeaseRateLimit[], key: SQL) =>
  sql`make_interval(secs => (case ${key} ${sql.join(
    rates.map((r) => sql`when ${r.key} then ${r.windowS}::double precision`),
    sql` `,
  )} end))`;

/**
 * The CTE `hit` counting one hit against each of `rates` (one window per key, shared by every
 * instance; see hitRateLimit) when `gate` (a FROM item) yields a row; it returns each key's count,
 * seconds to wait and whether it is over its limit.
 */
function hitCte(rates: readonly LeaseRateLimit[], gate: SQL): SQL {
  const keys = sql.join(
    rates.map((r) => sql`(${r.key})`),
    sql`, `,
  );
  const w = windowOf(rates, sql`rate_limits.key`);
  return sql`hit as (
        insert into rate_limits (key, window_start, count)
        select k.key, now(), 1 from (values ${keys}) as k(key), ${gate}
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - ${w} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - ${w} then now() else rate_limits.window_start end
        returning key, count, ceil(extract(epoch from (window_start + ${w} - now())))::int as retry_after, count > ${limitOf(rates, sql`rate_limits.key`)} as over
      )`;
}

/** The first limit a statement's hits went over, as its 429 (null when every hit is within its limit). */
function overLimit(rates: readonly LeaseRateLimit[], hits: unknown): ApiError | null {
  const list = (typeof hits === "string" ? JSON.parse(hits) : (hits ?? [])) as { key: string; retry_after: number; over: boolean }[];
  for (const r of rates) {
    const hit = list.find((h) => h.key === r.key && h.over);
    if (hit) return new ApiError("RATE_LIMITED", r.message, { retry_after: Math.max(1, Number(hit.retry_after)) });
  }
  return null;
}

/**
 * Counts one hit against each of `rates` in one statement (every hit counts, a refused one too) and
 * answers 429 RATE_LIMITED, with the seconds to wait, for the first limit it went over.
 */
export async function hitRateLimits(db: Db, rates: readonly LeaseRateLimit[]): Promise<void> {
  const [row] = rowsOf<{ hits: unknown }>(
    await executePrepared(db, sql`with ${hitCte(rates, sql`(select 1) as one`)} select (select json_agg(hit) from hit) as hits`),
  );
  const over = overLimit(rates, row?.hits);
  if (over) throw over;
}

/**
 * Checks `caller` (401 UNAUTHORIZED, then 402 INSUFFICIENT_COINS, counting nothing), counts one hit
 * against each of `rates` and takes the chat's lease, in one statement: the hits always count (a
 * refused attempt too); the lease is claimed only within every limit, so a refusal leaves nothing to
 * release. A chat busy with another reply answers 409 CONFLICT (before a 429 RATE_LIMITED, as two
 * separate steps did). With `caller.reserve` the reply's coins are taken in the same statement
 * (the user row locked, so concurrent turns of one player in any chats are bounded by the balance):
 * a balance spent meanwhile releases the lease and answers 402. `also` adds the caller's reads and
 * writes to the statement (writes guarded by `opened`); its columns come back in `row`, with the
 * caller's balance after the reservation, and `reserved` whether the coins were taken (false only
 * without `reserve`, or when `reserve.ready` did not hold).
 */
export async function takeChatLeaseCounted<Row extends object = object>(
  db: Db,
  userId: number,
  storyId: string,
  ttlMs: number,
  rates: readonly LeaseRateLimit[],
  caller: LeaseCaller,
  also?: LeaseStatementPart,
): Promise<{ lease: ChatLease; row: Row; balance: number; reserved: boolean }> {
  const holder = randomUUID();
  const reserve = caller.reserve && caller.cost > 0 ? caller.reserve : null;
  const ready = reserve?.ready ?? sql`true`;
  const charge: LedgerChange | null = reserve ? { userId, amount: -caller.cost, reason: "chat", idempotencyKey: reserve.key, meta: reserve.meta } : null;
  const [row] = rowsOf<{ authed: number; balance: number | null; hits: unknown; counted: number; leased: number; busy: boolean; ready: boolean } & Partial<LedgerRow> & Row>(
    await executePrepared(
      db,
      sql`
      with caller as (${caller.liveSql}), ${hitCte(rates, sql`caller where caller.coins >= ${caller.cost}`)}, ${priorSql(userId, storyId)}, claim as (
        insert into chat_leases (user_id, story_id, holder, expires_at, hold_key)
        select ${userId}, ${storyId}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}), ${charge ? charge.idempotencyKey : null}::text
        where exists (select 1 from hit) and not exists (select 1 from hit where hit.over)
        on conflict (user_id, story_id) do update set holder = excluded.holder, expires_at = excluded.expires_at, hold_key = excluded.hold_key
        where chat_leases.expires_at < now() or chat_leases.holder = excluded.holder
        returning holder
      ), ${
        charge
          ? sql`${ledgerCtes(charge, sql`exists (select 1 from claim) and ${ready}`)}, opened as (select holder from claim where exists (select 1 from ledger_entry))`
          : sql`opened as (select holder from claim)`
      }, ${staleSql(userId, storyId)}${also ? sql`, ${also.ctes}` : sql``}
      select (select count(*) from caller)::int as authed, (select coins from caller) as balance,
        (select json_agg(hit) from hit) as hits, (select count(*) from hit)::int as counted, (select count(*) from claim)::int as leased,
        exists (select 1 from chat_leases where user_id = ${userId} and story_id = ${storyId} and expires_at >= now()) as busy,
        (select ${ready}) as ready, ${PRIOR_COLUMN}
        ${charge ? sql`, ${LEDGER_COLUMNS}` : sql``}
        ${also ? sql`, ${also.columns}` : sql``}`,
    ),
  );
  if (Number(row!.authed) !== 1) throw unauthorized();
  const balance = Number(row!.balance);
  // The hits were not counted: the caller cannot pay.
  if (Number(row!.counted) === 0) throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance, needed: caller.cost });
  if (Number(row!.leased) === 1) {
    // The lease this claim took over lapsed with a reply's coins held: its instance crashed.
    const prior = (row as { prior_hold?: string | null }).prior_hold;
    if (prior) await settleHold(db, prior);
    const lease = held(db, userId, storyId, holder, ttlMs);
    if (!charge) return { lease, row: row!, balance, reserved: false };
    const after = row!.ledger_after;
    if (after !== null && after !== undefined) {
      countLedgerMovement(charge);
      return { lease, row: row!, balance: Number(after), reserved: true };
    }
    // Not reserved: the chat is not ready (the caller answers that), or the coins went to another
    // turn while this statement waited for the user row.
    const ready = row!.ready === true || (row!.ready as unknown) === "t";
    if (!ready) return { lease, row: row!, balance, reserved: false };
    await lease.release();
    const coins = Number(row!.ledger_coins ?? balance);
    throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance: coins, needed: caller.cost });
  }
  // Not leased: over a limit, or another request holds the chat (the statement's snapshot shows a
  // live lease, or one taken concurrently made the claim a no-op while within the limits).
  const over = overLimit(rates, row!.hits);
  if (row!.busy || !over) throw new ApiError("CONFLICT", BUSY);
  throw over;
}
