import { sql } from "drizzle-orm";
import { Gauge, Registry } from "prom-client";
import { rowsOf, type DbHandle } from "@storyloom/db";
import { collectProcessMetrics, processRegistry } from "./metrics";

// The figures of one API read when it is scraped: its database's outbox and its connection pool.
// They belong to the API, not the process (a test process runs several APIs on several databases),
// so each API has a registry of its own, exported together with the process's counters.

/** What an API's /metrics answers. */
export interface InstanceMetrics {
  /** the exposition content type */
  readonly contentType: string;
  /** reads the scrape-time figures, then writes every metric in the exposition format */
  scrape(): Promise<string>;
}

/** What is read of a node-postgres pool (`pg.Pool`). */
interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { max?: number };
}

/** The node-postgres pool under a drizzle handle (drizzle's `$client`); null on PGlite: one connection, nothing to watch. */
function poolOf(handle: DbHandle): PoolCounts | null {
  const client = (handle.db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return handle.kind === "postgres" && typeof client?.totalCount === "number" && typeof client.idleCount === "number" ? (client as PoolCounts) : null;
}

/**
 * The metrics of one API over `handle`. The outbox is read with one grouped query over the pending
 * rows only (the partial index `outbox_pending_idx` holds exactly those), so a scrape costs the
 * size of the backlog, not of the table. A failed read drops the outbox series for that scrape
 * (no stale figures) and the rest is still exported.
 */
export function instanceMetrics(handle: DbHandle, log: { warn(obj: object, msg: string): void }): InstanceMetrics {
  collectProcessMetrics();
  const own = new Registry();
  const registers = [own];
  const pending = new Gauge({
    name: "storyloom_outbox_pending",
    help: "Outbox messages not yet sent nor given up, by kind (database-wide: every instance reports the same; aggregate with max)",
    labelNames: ["kind"] as const,
    registers,
  });
  const oldest = new Gauge({
    name: "storyloom_outbox_oldest_pending_seconds",
    help: "Age of the oldest pending outbox message, by kind (database-wide; aggregate with max)",
    labelNames: ["kind"] as const,
    registers,
  });
  const pool = poolOf(handle);
  if (pool) {
    new Gauge({
      name: "storyloom_db_pool_connections",
      help: "This instance's PostgreSQL connections by state: in_use or idle",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: "storyloom_db_pool_waiting_clients",
      help: "Queries of this instance waiting for a free PostgreSQL connection",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: "storyloom_db_pool_max_connections",
      help: "The most PostgreSQL connections this instance opens (DATABASE_POOL_SIZE)",
      registers,
      collect() {
        if (pool.options.max !== undefined) this.set(pool.options.max);
      },
    });
  }
  const merged = Registry.merge([processRegistry, own]);

  // Reset and set with no await between: a scrape under way meanwhile sees the old figures or the new, never none.
  const readOutbox = async () => {
    let rows: { kind: string; n: unknown; age: unknown }[] = [];
    try {
      rows = rowsOf(
        await handle.db.execute(sql`
          select kind, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
          from outbox where sent_at is null and failed_at is null group by kind`),
      );
    } catch (err) {
      log.warn({ err }, "metrics: the outbox could not be read");
    }
    pending.reset();
    oldest.reset();
    for (const r of rows) {
      pending.set({ kind: r.kind }, Number(r.n));
      oldest.set({ kind: r.kind }, Math.max(0, Number(r.age)));
    }
  };

  return {
    contentType: merged.contentType,
    scrape: async () => {
      await readOutbox();
      return merged.metrics();
    },
  };
}
