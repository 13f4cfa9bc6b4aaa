import { createTestDb } from "@storyloom/db/testing";
import { loadConfig, type Config } from "./config";
import { startApi, type RunningApi } from "./server";
import { startApiInstances } from "./cluster/instances";
import { startRoundRobinProxy } from "./cluster/proxy";

/**
 * How many API instances a test API is: 1 (in-process, the default) or, with API_TEST_INSTANCES=N
 * (N ≥ 2, needs DATABASE_URL), N separate API processes on one fresh PostgreSQL database behind a
 * round-robin proxy (the scale-out stage of .ci/run).
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

async function startScaledOutTestApi(n: number, overrides: Partial<Config>): Promise<RunningApi> {
  if (!process.env.DATABASE_URL) throw new Error("API_TEST_INSTANCES needs DATABASE_URL: instances share one PostgreSQL database");
  const handle = await createTestDb();
  try {
    // Checked here too, so a wrong override fails in the test's own process with a clear message.
    const config = loadConfig({}, { ...testDefaults(overrides), DATABASE_URL: handle.url, SEED: false });
    // The round-robin proxy is one more hop in front of each instance: a test's hop count grows by it.
    const hops = typeof overrides.TRUST_PROXY === "number" && overrides.TRUST_PROXY > 0 ? { TRUST_PROXY: overrides.TRUST_PROXY + 1 } : {};
    const instances = await startApiInstances(n, { ...testDefaults(overrides), ...hops, DATABASE_URL: handle.url, SEED: false });
    const proxy = await startRoundRobinProxy(instances.urls).catch(async (err: unknown) => {
      await instances.stop();
      throw err;
    });
    const inProcessOnly = (what: string) => () => {
      throw new Error(`${what} is not available with API_TEST_INSTANCES (the API runs in other processes): test through api.url and the database`);
    };
    return {
      url: proxy.url,
      handle,
      ctx: { config, db: handle.db, get outbox(): never { return inProcessOnly("api.ctx.outbox")() as never; } },
      get app(): never {
        return inProcessOnly("api.app")() as never;
      },
      stop: async () => {
        await proxy.close();
        await instances.stop();
        await handle.close();
      },
      drain: inProcessOnly("api.drain"),
    } as RunningApi;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
