import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { fileURLToPath } from "node:url";

export { readCode, type ReadCodeOptions } from "./mail";

/**
 * API settings by the names of its environment variables (`ACCESS_TOKEN_TTL_S: 3600`,
 * `LLM_BASE_URL: peer.url`). The API checks them as it checks its environment: an unknown name or
 * a bad value fails the start with a message naming it.
 */
export type ApiSettings = Record<string, string | number | boolean | readonly string[]>;

/** A real API, on its own port and fresh test database, in a host process (see {@link startTestApiHost}). */
export interface TestApi {
  /** Where it listens, e.g. `http://127.0.0.1:40123` (no trailing slash, no `/api/v1`). */
  url: string;
  /** Runs SQL on the API's database (test setup the API has no endpoint for); its rows. */
  query<Row = Record<string, unknown>>(sql: string): Promise<Row[]>;
  /**
   * Sets the API's clock (its `Date`) `offsetMs` ahead of real time; 0 puts it back. Pair it with
   * vitest's fake Date to age tokens on both sides. Other APIs in the same host keep their clocks.
   */
  setClock(offsetMs: number): Promise<void>;
  /** Stops the API and drops its database; safe to call twice. */
  stop(): Promise<void>;
}

/** A process that runs test APIs: the API's `src/test-server.ts`. */
export interface TestApiHost {
  /** Its control address (what {@link SHARED_HOST_ENV} holds). */
  url: string;
  /** Stops every API it runs, then the process. */
  stop(): Promise<void>;
}

/**
 * The environment variable naming a shared host: when set, {@link startTestApi} starts its API
 * there instead of forking a host of its own. A vitest global setup sets it (see
 * {@link shareTestApiHost}) and the test files, which run in other processes, inherit it.
 */
export const SHARED_HOST_ENV = "TEST_API_HOST_URL";

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * The API's test-server entry and the folder of its package (the host runs there, like `pnpm start`),
 * found by path in this monorepo, not as a package: the API's own tests use this package, and a
 * dependency back on the API would make a cycle.
 */
function apiEntry(): { file: string; cwd: string } {
  const dir = new URL("../../../apps/api/", import.meta.url);
  const file = fileURLToPath(new URL("src/test-server.ts", dir));
  if (!existsSync(file)) {
    throw new Error(`the API's test server is not at ${file}: @storyloom/test-api runs the API of its own monorepo (apps/api), from source`);
  }
  return { file, cwd: fileURLToPath(dir) };
}

/**
 * Forks a host process and resolves with its control address once it listens. It loads the
 * server's code once for all the APIs it starts, and ends with its owner: `stop`, or the owning
 * process exiting or being killed, closes the IPC channel, and it stops every API (dropping their
 * databases) and exits.
 */
export function startTestApiHost(): Promise<TestApiHost> {
  const { file, cwd } = apiEntry();
  const child = fork(file, [], { cwd, execArgv: ["--import", "tsx"], env: process.env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Closing the channel is the stop signal.
      if (child.connected) child.disconnect();
      const kill = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(kill);
    })());
  return new Promise<TestApiHost>((resolve, reject) => {
    let failure: string | undefined;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the test API host did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onMessage = (m: { type?: string; url?: string; message?: string }) => {
      if (m.type === "error") failure = m.message;
      if (m.type !== "ready" || !m.url) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onEarlyExit);
      resolve({ url: m.url, stop });
    };
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(failure ?? `the test API host exited (${code ?? signal}) before it was ready`));
    };
    child.on("message", onMessage);
    child.once("exit", onEarlyExit);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/**
 * For a vitest global setup: starts a host and names it in {@link SHARED_HOST_ENV}, so every test
 * file's {@link startTestApi} starts its API there (the server's code is then loaded once per run,
 * not once per API). Resolves with the teardown.
 */
export async function shareTestApiHost(): Promise<() => Promise<void>> {
  const host = await startTestApiHost();
  process.env[SHARED_HOST_ENV] = host.url;
  return async () => {
    if (process.env[SHARED_HOST_ENV] === host.url) delete process.env[SHARED_HOST_ENV];
    await host.stop();
  };
}

/** One control request to a host (node:http, so a test file's browser-like fetch is not in the way). */
function control<T>(hostUrl: string, path: string, body: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const req = request(new URL(path, hostUrl), { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        try {
          const answer = JSON.parse(text) as T & { error?: string };
          if (res.statusCode === 200) resolve(answer);
          else reject(new Error(answer.error ?? `test API host answered ${res.statusCode}`));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Starts the real API on a fresh test database and resolves once it answers: in the shared host
 * when {@link SHARED_HOST_ENV} is set, else in a host of its own (stopped with it). The database is
 * the API's own test snapshot: PostgreSQL when DATABASE_URL is set (a new database per API, dropped
 * by `stop`), else an in-memory PGlite loaded from a migrated, seeded dump. With
 * API_TEST_INSTANCES=N (and DATABASE_URL) `url` is nginx in front of N API processes.
 */
export async function startTestApi(settings: ApiSettings = {}): Promise<TestApi> {
  const shared = process.env[SHARED_HOST_ENV];
  const own = shared ? undefined : await startTestApiHost();
  const hostUrl = shared ?? own!.url;
  let started: { id: number; url: string };
  try {
    started = await control<{ id: number; url: string }>(hostUrl, "/start", { settings });
  } catch (err) {
    await own?.stop();
    throw err;
  }
  const { id, url } = started;
  let stopping: Promise<void> | undefined;
  const live = () => {
    if (stopping) throw new Error("the test API is stopped");
  };
  return {
    url,
    query: async <Row>(sql: string) => {
      live();
      return (await control<{ rows: Row[] }>(hostUrl, "/query", { id, sql })).rows;
    },
    setClock: async (offsetMs: number) => {
      live();
      if (!Number.isFinite(offsetMs)) throw new Error(`offsetMs must be a finite number of milliseconds, not ${offsetMs}`);
      await control(hostUrl, "/clock", { id, offsetMs });
    },
    stop: () =>
      (stopping ??= (async () => {
        try {
          await control(hostUrl, "/stop", { id });
        } finally {
          await own?.stop();
        }
      })()),
  };
}
