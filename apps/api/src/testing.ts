import { createTestDb } from "@storyloom/db/testing";
import { loadConfig, type Config } from "./config";
import { startApi, type RunningApi } from "./server";
import { startApiInstances } from "./cluster/instances";
import { nginxBinary, startNginx, type Nginx } from "./cluster/nginx";

/**
 * How many API instances a test API is: 1 (in-process, the default) or, with API_TEST_INSTANCES=N
 * (N ≥ 2, needs DATABASE_URL and nginx), N separate API processes on one fresh PostgreSQL database
 * behind nginx with the production API settings (deploy/nginx; the scale-out stage of .ci/run).
 */
export function testInstances(): number {
  return Math.max(1, Number(process.env.API_TEST_INSTANCES ?? 1) || 1);
}

const testDefaults = (overrides: Partial<Config>): Partial<Config> => ({
  NODE_ENV: "test",
  PORT: 0,
  LOG_LEVEL: "silent",
  VALIDATE_RESPONSES: true,
  CODE_SEND_PER_IP_PER_HOUR: 10_000,
  // Every test client is 127.0.0.1: the per-address guest limits would throttle the suites themselves.
  GUEST_PER_IP_PER_HOUR: 10_000,
  GUEST_COINS_PER_IP_PER_DAY: 10_000,
  LLM_RATE_PER_IP_PER_MINUTE: 10_000,
  OUTBOX_POLL_MS: 200,
  // The 250 ms ink turn deadline is for scripts, not for a CI machine running suites side by side
  // (a cold worker's first turn can pass it there); ink.runaway.test.ts sets its own.
  INK_TURN_DEADLINE_MS: 2000,
  // The dev mailbox is refused in production; a test of production mode reads mail another way.
  DEV_MAILBOX: overrides.NODE_ENV !== "production",
  PAYMENTS_SANDBOX: true,
  ...overrides,
});

/**
 * Starts a real API on a fresh test database (PostgreSQL when DATABASE_URL is set, else PGlite) on a
 * free port. A suite that talks to it only through `url` (HTTP) and checks the database through
 * `ctx.db` / `handle.db` runs unchanged against N instances when API_TEST_INSTANCES is set; `app` and
 * `ctx.outbox` exist only in-process.
 */
export async function startTestApi(overrides: Partial<Config> = {}): Promise<RunningApi> {
  const instances = testInstances();
  if (instances > 1) return startScaledOutTestApi(instances, overrides);
  // Settings first: a refused one fails at once, with no database opened (and, on PostgreSQL, left behind).
  const config = loadConfig({}, testDefaults(overrides));
  const handle = await createTestDb();
  try {
    return await startApi(config, handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** What a scaled-out test API is made of, for the suites that test the load balancer itself. */
export interface ScaleOut {
  /** each instance's own address (bypassing nginx) */
  instanceUrls: string[];
  nginx: Nginx;
}
const scaleOuts = new WeakMap<RunningApi, ScaleOut>();

/** The instances and nginx behind a test API started with API_TEST_INSTANCES ≥ 2; undefined for an in-process one. */
export function scaleOutOf(api: RunningApi): ScaleOut | undefined {
  return scaleOuts.get(api);
}

async function startScaledOutTestApi(n: number, overrides: Partial<Config>): Promise<RunningApi> {
  if (!process.env.DATABASE_URL) throw new Error("API_TEST_INSTANCES needs DATABASE_URL: instances share one PostgreSQL database");
  nginxBinary(); // no nginx: fail now, before any instance or database is made
  const handle = await createTestDb();
  try {
    // Checked here too, so a wrong override fails in the test's own process with a clear message.
    const config = loadConfig({}, { ...testDefaults(overrides), DATABASE_URL: handle.url, SEED: false });
    // nginx is one trusted hop in front of each instance, as in production (TRUST_PROXY=1); a test
    // that puts hops of its own in front counts them on top. An address list is the test's own.
    const trust = overrides.TRUST_PROXY;
    const hops = Array.isArray(trust) ? {} : { TRUST_PROXY: (typeof trust === "number" ? trust : 0) + 1 };
    const instances = await startApiInstances(n, { ...testDefaults(overrides), ...hops, DATABASE_URL: handle.url, SEED: false });
    const nginx = await startNginx(instances.urls).catch(async (err: unknown) => {
      await instances.stop();
      throw err;
    });
    const inProcessOnly = (what: string) => () => {
      throw new Error(`${what} is not available with API_TEST_INSTANCES (the API runs in other processes): test through api.url and the database`);
    };
    const api = {
      url: nginx.url,
      handle,
      ctx: { config, db: handle.db, get outbox(): never { return inProcessOnly("api.ctx.outbox")() as never; } },
      get app(): never {
        return inProcessOnly("api.app")() as never;
      },
      stop: async () => {
        await nginx.stop();
        await instances.stop();
        await handle.close();
      },
      drain: inProcessOnly("api.drain"),
    } as RunningApi;
    scaleOuts.set(api, { instanceUrls: instances.urls, nginx });
    return api;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
