import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index";

/** The schema object, for typed relational queries. */
export type Schema = typeof schema;
/** A drizzle database over either engine: code written against it runs on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An open database and how to close it. */
export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL URL, when it is PostgreSQL. */
  url?: string;
  /** Run raw SQL (migrations, test setup). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, when it is PGlite (for snapshots). */
  pglite?: PGlite;
}

/** Options for {@link openDb}. */
export interface OpenDbOptions {
  /** postgres://… → node-postgres pool; unset → embedded PGlite. */
  url?: string;
  /** PGlite data folder; unset → in memory. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDb(opts: OpenDbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // The server may end an idle connection at any time (restart, failover, pg_terminate_backend,
    // a dropped database). The pool discards it and opens a new one on the next query, but it also
    // emits "error", and an "error" event nobody listens to kills the process. Only worth a word when
    // it was not our own close() racing the server.
    let closing = false;
    pool.on("error", (err) => {
      if (!closing) console.warn(`[db] an idle database connection was closed by the server: ${err.message}`);
    });
    // Fail fast with a clear error when the server is not there.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    pools.set(db, pool);
    return {
      db,
      kind: "postgres",
      url: opts.url,
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const pglite = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    close: () => pglite.close(),
  };
}

/** The rows of a raw `db.execute(sql…)` result, the same on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// The PostgreSQL pool under each drizzle handle, for statements run as named prepared statements.
const pools = new WeakMap<object, pg.Pool>();
const dialect = new PgDialect();
// Statement text → its name. Bounded: a caller whose text varied per call would otherwise grow the
// server-side statement cache of every connection without end; past the bound, statements run unnamed.
const names = new Map<string, string>();
const MAX_NAMED = 64;
// As drizzle reads them: dates and times stay strings (JSON built in SQL carries them as strings too).
const KEEP_TEXT = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1115, 1182, 1185, 1187, 1231]);
const parsers = { getTypeParser: (id: number, format?: string) => (KEEP_TEXT.has(id) ? (v: string) => v : pg.types.getTypeParser(id, format as "text")) };

/**
 * Runs a raw statement like `db.execute`, but on PostgreSQL as a named prepared statement: each pooled
 * connection parses it once and, after a few runs, reuses a generic plan instead of planning every
 * call. For the hot multi-CTE statements whose text is the same on every call (their values are
 * parameters); planning one of them took 0.7 ms of the server's time per call. Inside a transaction,
 * or on PGlite, it is `execute`.
 */
export async function executePrepared(db: Db | Tx, query: SQL): Promise<{ rows: unknown[] }> {
  const pool = pools.get(db);
  if (!pool) return (await db.execute(query)) as unknown as { rows: unknown[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) {
    name = `stmt_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(text, name);
  }
  return pool.query({ name, text, values: params, types: parsers });
}
