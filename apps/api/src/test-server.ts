// A test API as a process, for tests outside this app (`@storyloom/test-api` forks this file): they
// run the real API without importing its code. Not a module to import: loading it starts an API.
//
// Protocol, over the IPC channel of child_process.fork (JSON messages):
//   argv[2]        the settings, a JSON object of Config keys (checked like the environment is)
//   → parent       { type: "ready", url } once the API answers, or { type: "error", message }
//   ← parent       { type: "query", id, sql } runs SQL on the API's database;
//                  { type: "clock", id, offsetMs } sets the API's clock offsetMs ahead of real time;
//   → parent       { type: "result", id, rows } or { type: "result", id, error }
//   disconnect     (the parent stopped it, or died) stops the API, drops its database and exits.
import { sql } from "drizzle-orm";
import { ConfigSchema, type Config } from "./config";
import { configToEnv } from "./cluster/instances";
import type { RunningApi } from "./server";

type FromParent = { type: "query"; id: number; sql: string } | { type: "clock"; id: number; offsetMs: number };

const send = (message: unknown) => new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
const fail = async (err: unknown): Promise<never> => {
  await send({ type: "error", message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
};

/**
 * The settings from argv, each parsed by its own schema from its environment-variable form: the
 * same values the environment would take, and an unknown name or a bad value is refused by name
 * instead of being ignored.
 */
function settings(json: string | undefined): Partial<Config> {
  const raw = JSON.parse(json ?? "{}") as Record<string, unknown>;
  const shape = ConfigSchema.shape as Record<string, (typeof ConfigSchema.shape)[keyof Config]>;
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(configToEnv(raw as Partial<Config>))) {
    const schema = shape[key];
    if (!schema) {
      problems.push(`  ${key}: no such setting`);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else problems.push(`  ${key}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  }
  if (problems.length > 0) throw new Error(`Invalid test API settings:\n${problems.join("\n")}`);
  return out as Partial<Config>;
}

if (!process.send) {
  process.stderr.write("src/test-server.ts is started by @storyloom/test-api (child_process.fork), not by hand\n");
  process.exit(1);
}

/** Checks the settings, then loads the server's code and starts the API: a refusal comes back at once. */
async function start(json: string | undefined): Promise<{ api: RunningApi; scaledOut: boolean }> {
  const wanted = settings(json);
  const testing = await import("./testing");
  return { api: await testing.startTestApi(wanted), scaledOut: testing.testInstances() > 1 };
}
const { api, scaledOut } = await start(process.argv[2]).catch(fail);

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= api.stop().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`test API: stop failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}));
process.once("disconnect", () => void stop());
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());

const RealDate = Date;
let offsetMs = 0;
/**
 * Moves this process's clock (`Date.now()`, `new Date()`): what vitest's fake Date did for an API in
 * the test's own process, so a test can age tokens on both sides. The first call swaps in the
 * shifted Date; until then the API runs on the real one.
 */
function setClock(offset: number): void {
  if (scaledOut) throw new Error("the clock of a scaled-out test API (API_TEST_INSTANCES) cannot be moved: its instances are other processes");
  if (!Number.isFinite(offset)) throw new Error(`clock offset must be a number of milliseconds, not ${String(offset)}`);
  offsetMs = offset;
  if (globalThis.Date !== RealDate) return;
  // A proxy, not a subclass: dates stay plain Dates (same prototype and constructor), and `Date()`
  // without `new` still answers a string.
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget: typeof Date) => Reflect.construct(target, args.length > 0 ? args : [RealDate.now() + offsetMs], newTarget),
    apply: () => new RealDate(RealDate.now() + offsetMs).toString(),
    get: (target, key, receiver) => (key === "now" ? () => RealDate.now() + offsetMs : Reflect.get(target, key, receiver)),
  });
}

async function answer(m: FromParent): Promise<unknown[]> {
  if (m.type === "clock") {
    setClock(m.offsetMs);
    return [];
  }
  const res = await api.handle.db.execute(sql.raw(m.sql));
  return (res as unknown as { rows: unknown[] }).rows;
}

process.on("message", (m: FromParent) => {
  if (m?.type !== "query" && m?.type !== "clock") return;
  answer(m)
    .then(
      (rows) => send({ type: "result", id: m.id, rows }),
      (err: unknown) => send({ type: "result", id: m.id, error: err instanceof Error ? err.message : String(err) }),
    )
    .catch(() => undefined);
});

await send({ type: "ready", url: api.url });
