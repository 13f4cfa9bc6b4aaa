import { migrate, openDb, seed, type DbHandle } from "@storyloom/db";
import { buildApp, type ApiApp } from "./app";
import type { Config } from "./config";
import { Pruner } from "./outbox/prune";
import { DeletionWorker } from "./services/deletionWorker";
import { leasesReleased } from "./services/chatLease";
import { listenForCatalogueChanges } from "./services/invalidation";
import { configureSiteRevalidation } from "./services/siteRevalidate";
import { closeInk, configureInk } from "./services/ink";
import { startMetrics } from "./metrics/index";
import { readinessOf } from "./health";

/** A running API: the app, its database and how to stop both. */
export interface RunningApi extends ApiApp {
  url: string;
  /** The metrics port's address (METRICS_PORT), when it serves one. */
  metricsUrl?: string;
  handle: DbHandle;
  stop(): Promise<void>;
  /**
   * Shuts down gently: marks the instance not ready (/readyz 503 draining), stops taking connections,
   * lets open requests (streaming chat replies) finish for up to `graceMs`, then closes their
   * connections (each turn stores what was said, as a stop does) and waits for their writes before
   * the database closes. A kept-alive connection is closed as soon as its request has finished.
   */
  drain(graceMs: number): Promise<void>;
}

// After the grace, how long a shutdown waits for stopped turns to store what they said.
const DRAIN_WRITES_MS = 5000;

/** Opens the database (migrating and seeding it), builds the app, starts the outbox worker and listens. */
export async function startApi(config: Config, handle?: DbHandle): Promise<RunningApi> {
  const db = handle ?? (await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.PGLITE_DIR, poolSize: config.DATABASE_POOL_SIZE }));
  if (!handle) {
    await migrate(db);
    if (config.SEED) await seed(db.db);
  }
  // Started (inkjs loaded in its threads) before the first request plays a story.
  configureInk(config);
  const built = await buildApp({ config, db: db.db });
  // /metrics (METRICS_PORT, METRICS_TOKEN): its hook and route go in before the app listens; a
  // metrics port that cannot be taken fails the start before any worker runs.
  const metricsUrl = await startMetrics(config, db, built.app);
  // Another instance's change to the catalogue empties this one's caches (PostgreSQL LISTEN; closed with the app).
  const catalogueListener = await listenForCatalogueChanges(db, built.app.log);
  // The sites drop their cached pages after a change made here (SITE_REVALIDATE_URLS).
  const sites = configureSiteRevalidation(db.db, config, built.app.log);
  built.app.addHook("onClose", async () => sites?.settled());
  built.app.addHook("onClose", async () => catalogueListener?.stop());
  built.ctx.outbox.start(config.OUTBOX_POLL_MS);
  const pruner = new Pruner(db.db, config.OUTBOX_KEEP_DAYS, built.app.log);
  pruner.start(config.PRUNE_INTERVAL_MS);
  const deletions = new DeletionWorker(db.db, built.app.log);
  deletions.start(config.DELETION_POLL_MS);
  await built.app.listen({ host: config.HOST, port: config.PORT });
  const addr = built.app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : config.PORT;
  const url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
  const stop = async () => {
    await Promise.all([built.ctx.outbox.stop(), pruner.stop(), deletions.stop()]);
    await built.app.close();
    await db.close();
  };
  return {
    ...built,
    url,
    ...(metricsUrl ? { metricsUrl } : {}),
    handle: db,
    stop,
    drain: async (graceMs) => {
      // Not ready from here on: /readyz answers 503 draining on any connection still open.
      readinessOf(built.app).markDraining();
      const closing = built.app.close();
      // The listener's close reaps the connections idle at that moment; one whose reply ends during
      // the grace would otherwise stay open for the client's keep-alive (nginx keeps its own for 60 s)
      // and hold the drain to the end of the grace. Closed, nginx drops it and connects elsewhere.
      const idle = setInterval(() => built.app.server.closeIdleConnections(), 100);
      const force = setTimeout(() => built.app.server.closeAllConnections(), graceMs);
      await closing;
      clearInterval(idle);
      clearTimeout(force);
      // A turn whose connection was closed still stores its reply and releases its lease.
      await leasesReleased(db.db, DRAIN_WRITES_MS);
      await Promise.all([built.ctx.outbox.stop(), pruner.stop(), deletions.stop(), closeInk()]);
      await db.close();
    },
  };
}
