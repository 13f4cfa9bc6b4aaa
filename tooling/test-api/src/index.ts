import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export { readCode } from "./mail";

/**
 * API settings by the names of its environment variables (`ACCESS_TOKEN_TTL_S: 3600`,
 * `LLM_BASE_URL: peer.url`). The API checks them as it checks its environment: an unknown name or
 * a bad value fails the start with a message naming it.
 */
export type ApiSettings = Record<string, string | number | boolean | readonly string[]>;

/** A real API in a child process, on its own fresh test database. */
export interface TestApi {
  /** Where it listens, e.g. `http://127.0.0.1:40123` (no trailing slash, no `/api/v1`). */
  url: string;
  /** Runs SQL on the API's database (test setup the API has no endpoint for); its rows. */
  query<Row = Record<string, unknown>>(sql: string): Promise<Row[]>;
  /**
   * Sets the API's clock (its `Date`) `offsetMs` ahead of real time; 0 puts it back. Pair it with
   * vitest's fake Date to age tokens on both sides. Not with API_TEST_INSTANCES.
   */
  setClock(offsetMs: number): Promise<void>;
  /** Stops the API and drops its database; safe to call twice. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

type FromChild = { type: "ready"; url: string } | { type: "error"; message: string } | { type: "result"; id: number; rows?: unknown[]; error?: string };

/** The API's test-server entry and the folder of its package (the child runs there, like `pnpm start`). */
function apiEntry(): { file: string; cwd: string } {
  const file = createRequire(import.meta.url).resolve("@storyloom/api/test-server");
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${file}`);
    dir = up;
  }
  return { file, cwd: dir };
}

/**
 * Starts the real API as a child process on a fresh test database and resolves once it answers.
 * The database is the API's own test snapshot: PostgreSQL when DATABASE_URL is set (a new database
 * per call, dropped by `stop`), else an in-memory PGlite loaded from a migrated, seeded dump. With
 * API_TEST_INSTANCES=N (and DATABASE_URL) `url` is a proxy in front of N API processes.
 */
export function startTestApi(settings: ApiSettings = {}): Promise<TestApi> {
  const { file, cwd } = apiEntry();
  const child = fork(file, [JSON.stringify(settings)], {
    cwd,
    execArgv: ["--import", "tsx"],
    env: process.env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise<TestApi>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the test API did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    let failure: string | undefined;
    const onStartMessage = (m: FromChild) => {
      if (m.type === "error") failure = m.message;
      if (m.type !== "ready") return;
      clearTimeout(timer);
      child.off("exit", onStartExit);
      child.off("message", onStartMessage);
      resolve(running(child, m.url));
    };
    const onStartExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(failure ?? `the test API exited (${code ?? signal}) before it was ready`));
    };
    child.on("message", onStartMessage);
    child.once("exit", onStartExit);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

function running(child: ChildProcess, url: string): TestApi {
  let seq = 0;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  child.on("message", (m: FromChild) => {
    if (m.type !== "result") return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else p?.resolve(m.rows ?? []);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", (code, signal) => {
      for (const p of pending.values()) p.reject(new Error(`the test API exited (${code ?? signal})`));
      pending.clear();
      resolve();
    });
  });
  const request = (message: { type: "query"; sql: string } | { type: "clock"; offsetMs: number }) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (!child.connected) return reject(new Error("the test API is stopped"));
      const id = ++seq;
      pending.set(id, { resolve, reject });
      child.send({ ...message, id });
    });
  let stopping: Promise<void> | undefined;
  return {
    url,
    query: async <Row>(sql: string) => (await request({ type: "query", sql })) as Row[],
    setClock: async (offsetMs: number) => {
      await request({ type: "clock", offsetMs });
    },
    stop: () =>
      (stopping ??= (async () => {
        // Closing the channel is the stop signal: the API closes, drops its database and exits.
        if (child.connected) child.disconnect();
        const kill = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(kill);
      })()),
  };
}
