import { randomUUID } from "node:crypto";
import type { DbHandle } from "@storyloom/db";

/** The PostgreSQL channel on which an instance tells the others that the catalogue changed. */
export const CATALOGUE_CHANNEL = "storyloom_catalogue";

// Each database handle's name on the channel (one per instance, even with several in one process):
// an instance skips its own notices, having cleared its caches already.
const names = new WeakMap<object, string>();
const nameOf = (db: object): string => {
  let name = names.get(db);
  if (!name) names.set(db, (name = randomUUID()));
  return name;
};

type Clearer = (db: object) => void;
const clearers = new Set<Clearer>();

/**
 * Registers what to empty when the catalogue changes (a cache of stories, pages or art of one
 * database). Every in-process cache that can hold a story must be registered here.
 */
export function onCatalogueChange(clear: Clearer): void {
  clearers.add(clear);
}

/** Empties this instance's registered caches of one database. */
export function clearCatalogueHere(db: object): void {
  for (const clear of clearers) clear(db);
}

// The node-postgres calls made here (the driver and its types belong to @storyloom/db).
interface Notification {
  channel: string;
  payload?: string;
}
interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
  on(event: "error", fn: (err: Error) => void): unknown;
  on(event: "end", fn: () => void): unknown;
  on(event: "notification", fn: (n: Notification) => void): unknown;
  removeAllListeners(event: string): unknown;
}
interface PgPool {
  query(text: string, values?: unknown[]): Promise<unknown>;
  /** the client class the pool opens its connections with */
  Client: new (options: { connectionString: string }) => ListenClient;
}

/** The node-postgres pool under a drizzle handle; null on PGlite (one instance, nobody to tell). */
function poolOf(db: object): PgPool | null {
  const client = (db as { $client?: Partial<PgPool> }).$client;
  return client && typeof client.query === "function" && typeof client.Client === "function" ? (client as PgPool) : null;
}

/**
 * Tells every other instance on the database that the catalogue changed (NOTIFY on
 * {@link CATALOGUE_CHANNEL}); resolves once the notice is sent. Outside a transaction, so it is
 * delivered at once: call it after the change committed.
 */
export async function notifyCatalogueChange(db: object): Promise<void> {
  const pool = poolOf(db);
  if (pool) await pool.query("select pg_notify($1, $2)", [CATALOGUE_CHANNEL, nameOf(db)]);
}

/** What {@link listenForCatalogueChanges} started. */
export interface CatalogueListener {
  /** whether the LISTEN connection is up now */
  readonly connected: boolean;
  stop(): Promise<void>;
}

/** Where the listener says that it lost its connection (fastify's logger will do). */
interface Log {
  warn(msg: string): void;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * Listens on {@link CATALOGUE_CHANNEL} on a dedicated connection (never one a request waits for) and
 * empties this instance's caches of `handle.db` whenever another instance announces a change. A dropped
 * connection is opened again (backing off up to 15 s); once back, the caches are emptied too, since a
 * notice may have been missed meanwhile (until then the caches' own TTL of seconds bounds staleness).
 * Resolves after the first attempt to connect; null on PGlite.
 */
export async function listenForCatalogueChanges(handle: DbHandle, log: Log): Promise<CatalogueListener | null> {
  const pool = poolOf(handle.db);
  if (handle.kind !== "postgres" || !handle.url || !pool) return null;
  const url = handle.url;
  let client: ListenClient | null = null;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const c = new pool.Client({ connectionString: url });
    let lost = false;
    const drop = (why: string) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.removeAllListeners("notification");
      c.end().catch(() => undefined);
      if (!stopped) {
        log.warn(`[catalogue] the invalidation listener lost its connection (${why}); reconnecting`);
        retry();
      }
    };
    c.on("error", (err) => drop(err.message));
    c.on("end", () => drop("closed"));
    c.on("notification", (n) => {
      if (n.channel === CATALOGUE_CHANNEL && n.payload !== nameOf(handle.db)) clearCatalogueHere(handle.db);
    });
    try {
      await c.connect();
      await c.query(`listen ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      drop(err instanceof Error ? err.message : String(err));
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    retryMs = RETRY_FIRST_MS;
    // Whatever changed while no one listened is forgotten here too.
    clearCatalogueHere(handle.db);
  };

  await connect();
  return {
    get connected() {
      return client !== null;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
