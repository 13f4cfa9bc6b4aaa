import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { migrationsFolder, rowsOf, type Db } from "@storyloom/db";

// The probes a proxy or an orchestrator calls on every instance, every few seconds, outside the
// endpoint table and without auth:
//   GET /healthz  liveness: the process answers. Never fails while draining (a failing liveness
//                 probe gets a process killed, cutting the replies its drain lets finish).
//   GET /readyz   readiness: the database answers within READY_DB_TIMEOUT_MS, it holds this build's
//                 newest migration, and the instance is not draining. 200 or 503, never cached.
//
// Draining (SIGTERM/SIGINT → RunningApi.drain, or any app.close()): the listener closes at once, so a
// new connection is refused (nginx passes the request to another instance, any method: nothing was
// sent). A request that still arrives on an open connection during the grace gets `Connection:
// close` and 503: /readyz says draining, every other route but /healthz UNAVAILABLE (nginx passes
// idempotent ones on: deploy/nginx/api.conf). Fastify's own 503 while closing (return503OnClosing,
// a bare non-envelope body) is turned off in app.ts so these answers are the ones given.

/** How long /readyz waits for the database before it answers 503: a hung database is a quick "no". */
export const READY_DB_TIMEOUT_MS = 1000;
// A check still unanswered after this is given up on and a new one is started; until then probes
// share it, so a hung database gets at most one readiness query per interval, not one per probe.
const HUNG_CHECK_MS = 10_000;

/** What /readyz answers in `data`. */
export interface ReadyState {
  status: "ready" | "not_ready";
  database: "ok" | "unreachable";
  migrations: "applied" | "behind" | "unknown";
  draining: boolean;
}

/** An instance's readiness: the draining mark and the check /readyz runs. */
export interface Readiness {
  readonly draining: boolean;
  /** Marks the instance draining: /readyz answers 503 from now on, and other routes 503 on open connections. */
  markDraining(): void;
  /** Checks the database (bounded by READY_DB_TIMEOUT_MS) and says whether the instance is ready, and if not why. */
  check(): Promise<{ state: ReadyState; problems: string[] }>;
}

/** The newest migration of a migrations folder (its drizzle journal): what the database must hold. */
export function newestMigration(folder: string = migrationsFolder): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.reduce<{ tag: string; when: number } | undefined>(
    (a, e) => (!a || e.when > a.when ? e : a),
    undefined,
  );
  if (!newest) throw new Error(`no migrations in ${folder}/meta/_journal.json`);
  return { tag: newest.tag, when: newest.when };
}

// `problem` is said in the answer; `detail` (the driver's message, which may name hosts) only in the log.
type DbState = Pick<ReadyState, "database" | "migrations"> & { problem?: string; detail?: string };

// undefined_table, invalid_schema_name: the database answers but was never migrated.
const NOT_MIGRATED = new Set(["42P01", "3F000"]);
function errorCode(err: unknown): string | undefined {
  // drizzle wraps the driver's error (DrizzleQueryError); the SQLSTATE is on its cause.
  for (
    let e = err, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Applied = the database's drizzle migrations table holds the newest migration of the folder this
 * process runs with. drizzle decides what to apply by `created_at` (the journal's `when`), so the same
 * comparison says whether a migration of this build is missing. A database ahead of this build (a
 * newer instance migrated it during a rolling deploy) counts as applied.
 */
async function probeDatabase(db: Db, newest: { tag: string; when: number }): Promise<DbState> {
  try {
    const rows = rowsOf<{ newest: string | null }>(
      await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
    );
    const applied = rows[0]?.newest;
    if (applied != null && Number(applied) >= newest.when) return { database: "ok", migrations: "applied" };
    return {
      database: "ok",
      migrations: "behind",
      problem: `the database lacks this build's newest migration (${newest.tag})`,
    };
  } catch (err) {
    const code = errorCode(err);
    if (code && NOT_MIGRATED.has(code))
      return { database: "ok", migrations: "behind", problem: "the database has not been migrated" };
    return {
      database: "unreachable",
      migrations: "unknown",
      problem: `the database is unreachable${code ? ` (${code})` : ""}`,
      detail: err instanceof Error ? err.message : String(err),
    };
  }
}

/**
 * Adds /healthz and /readyz and the draining refusals to an app; answers its readiness. The migrations
 * journal is read once, here (from dist/db/drizzle in the API's bundle: packages/db/src/files.ts).
 */
export function registerHealth(app: FastifyInstance, db: Db): Readiness {
  const newest = newestMigration();
  let draining = false;
  let inflight: { promise: Promise<DbState>; startedAt: number } | undefined;
  let lastReady: boolean | undefined;

  const sharedProbe = (): Promise<DbState> => {
    if (!inflight || Date.now() - inflight.startedAt > HUNG_CHECK_MS) {
      const promise: Promise<DbState> = probeDatabase(db, newest).finally(() => {
        if (inflight?.promise === promise) inflight = undefined;
      });
      inflight = { promise, startedAt: Date.now() };
    }
    return inflight.promise;
  };

  const readiness: Readiness = {
    get draining() {
      return draining;
    },
    markDraining() {
      draining = true;
    },
    async check() {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<DbState>((resolve) => {
        timer = setTimeout(
          () =>
            resolve({
              database: "unreachable",
              migrations: "unknown",
              problem: `the database did not answer within ${READY_DB_TIMEOUT_MS} ms`,
            }),
          READY_DB_TIMEOUT_MS,
        );
      });
      const dbState = await Promise.race([sharedProbe(), timedOut]).finally(() => clearTimeout(timer));
      const problems = [
        ...(dbState.problem ? [dbState.problem] : []),
        ...(draining ? ["this instance is draining (shutting down)"] : []),
      ];
      const ready = problems.length === 0;
      // A change is worth a line (a first "ready" is not: main.ts says so); the same answer every few
      // seconds is not.
      if (ready !== (lastReady ?? true)) {
        if (ready) app.log.info("ready again");
        else
          app.log.warn(
            { problems, ...(dbState.detail ? { detail: dbState.detail } : {}) },
            `not ready: ${problems.join("; ")}`,
          );
      }
      lastReady = ready;
      return {
        state: {
          status: ready ? "ready" : "not_ready",
          database: dbState.database,
          migrations: dbState.migrations,
          draining,
        },
        problems,
      };
    },
  };

  // Any close (drain, or a plain stop) drains.
  app.addHook("preClose", (done) => {
    draining = true;
    done();
  });
  // While draining, a request arriving on a connection that is still open is the last on it, and only
  // the probes are answered as usual.
  app.addHook("onRequest", (req, reply, done) => {
    if (!draining) return done();
    reply.header("connection", "close");
    const route = req.routeOptions.url;
    if (route === "/healthz" || route === "/readyz") return done();
    void reply
      .status(503)
      .header("retry-after", "1")
      .send({ code: "UNAVAILABLE", message: "This server is shutting down; please try again", data: null });
  });

  app.get("/healthz", async () => ({ code: "0", message: "ok", data: { status: "ok" } }));
  app.get("/readyz", async (_req, reply) => {
    const { state, problems } = await readiness.check();
    reply.header("cache-control", "no-store");
    if (state.status === "ready") return { code: "0", message: "ready", data: state };
    return reply
      .status(503)
      .send({ code: "NOT_READY", message: `Not ready: ${problems.join("; ")}`, data: state });
  });
  readinesses.set(app, readiness);
  return readiness;
}

const readinesses = new WeakMap<FastifyInstance, Readiness>();

/** The readiness of an app built by buildApp (for drain, and tests that drain an instance). */
export function readinessOf(app: FastifyInstance): Readiness {
  const r = readinesses.get(app);
  if (!r) throw new Error("this app has no readiness: it was not built by buildApp");
  return r;
}
