// Test APIs in a process of their own, for tests outside this app (`@storyloom/test-api` forks this
// file): they run the real API without importing its code. Not a module to import: loading it
// starts a server.
//
// One process hosts any number of test APIs, each on its own port and fresh database, so the
// server's code is loaded once for all of them (a whole test run can share one host). It is run
// over HTTP on a loopback port, JSON in and out (a failure is 400 { error }):
//   POST /start { settings }       → { id, url }   settings: Config keys, checked like the environment
//   POST /query { id, sql }        → { rows }      SQL on that API's database
//   POST /clock { id, offsetMs }   → {}            that API's clock offsetMs ahead of real time
//   POST /stop  { id }             → {}            stops it and drops its database
// Over the IPC channel of child_process.fork it reports { type: "ready", url } (this control
// address) or { type: "error", message }; when the channel closes (the parent stopped it, or died)
// every API is stopped and the process exits.
import { AsyncLocalStorage } from "node:async_hooks";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { ConfigSchema, type Config } from "./config";
import { configToEnv } from "./cluster/instances";
import type { RunningApi } from "./server";

if (!process.send) {
  process.stderr.write("src/test-server.ts is started by @storyloom/test-api (child_process.fork), not by hand\n");
  process.exit(1);
}
const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

// The server's code starts loading now, while the first settings are checked.
const testing = import("./testing");
testing.catch(() => undefined);

/**
 * Settings from JSON, each parsed by its own schema from its environment-variable form: the values
 * the environment would take, and an unknown name or a bad value is refused by name, not ignored.
 */
function settings(raw: unknown): Partial<Config> {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("settings must be an object");
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

// Each API runs inside its own async context holding its clock: its requests, timers and queries
// see its offset, and moving one API's clock leaves the others (and this host) alone.
interface Clock {
  offsetMs: number;
}
const clocks = new AsyncLocalStorage<Clock>();
const RealDate = Date;
const shiftedNow = () => RealDate.now() + (clocks.getStore()?.offsetMs ?? 0);

/** The first moved clock swaps in a Date that reads it; until then every API runs on the real one. */
function installShiftedDate(): void {
  if (globalThis.Date !== RealDate) return;
  // A proxy, not a subclass: dates stay plain Dates (same prototype and constructor), and `Date()`
  // without `new` still answers a string.
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget: typeof Date) => Reflect.construct(target, args.length > 0 ? args : [shiftedNow()], newTarget),
    apply: () => new RealDate(shiftedNow()).toString(),
    get: (target, key, receiver) => (key === "now" ? shiftedNow : Reflect.get(target, key, receiver)),
  });
}

interface Hosted {
  api: RunningApi;
  clock: Clock;
  scaledOut: boolean;
}
const apis = new Map<number, Hosted>();
/** Starts under way: a host told to stop waits for them, so none is left running with its database. */
const starting = new Set<Promise<unknown>>();
let nextId = 1;

function hosted(id: unknown): Hosted {
  const h = apis.get(Number(id));
  if (!h) throw new Error(`no test API ${String(id)} here (stopped already?)`);
  return h;
}

const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  "/start": async (body) => {
    const wanted = settings(body.settings);
    const { startTestApi, testInstances } = await testing;
    const clock: Clock = { offsetMs: 0 };
    const start = clocks.run(clock, () => startTestApi(wanted));
    starting.add(start);
    try {
      const api = await start;
      const id = nextId++;
      apis.set(id, { api, clock, scaledOut: testInstances() > 1 });
      return { id, url: api.url };
    } finally {
      starting.delete(start);
    }
  },
  "/query": async (body) => {
    const h = hosted(body.id);
    const res = await clocks.run(h.clock, () => h.api.handle.db.execute(sql.raw(String(body.sql))));
    return { rows: (res as unknown as { rows: unknown[] }).rows };
  },
  "/clock": async (body) => {
    const h = hosted(body.id);
    if (h.scaledOut) throw new Error("the clock of a scaled-out test API (API_TEST_INSTANCES) cannot be moved: its instances are other processes");
    const offsetMs = body.offsetMs;
    if (typeof offsetMs !== "number" || !Number.isFinite(offsetMs)) throw new Error(`offsetMs must be a finite number of milliseconds, not ${JSON.stringify(offsetMs)}`);
    if (offsetMs !== 0) installShiftedDate();
    h.clock.offsetMs = offsetMs;
    return {};
  },
  "/stop": async (body) => {
    const h = apis.get(Number(body.id));
    apis.delete(Number(body.id));
    await h?.api.stop();
    return {};
  },
};

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = (status: number, body: unknown): void => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const route = req.method === "POST" ? routes[req.url ?? ""] : undefined;
  if (!route) return answer(404, { error: `no such control request: ${req.method} ${req.url}` });
  try {
    let text = "";
    for await (const chunk of req) text += String(chunk);
    answer(200, await route(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
  } catch (err) {
    answer(400, { error: err instanceof Error ? err.message : String(err) });
  }
}

const control = createServer((req, res) => void handle(req, res));
try {
  await new Promise<void>((resolve, reject) => control.once("error", reject).listen(0, "127.0.0.1", resolve));
} catch (err) {
  await send({ type: "error", message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

let stopping: Promise<void> | undefined;
const stopAll = () =>
  (stopping ??= (async () => {
    control.close();
    await Promise.allSettled([...starting]);
    const running = [...apis.values()];
    apis.clear();
    const results = await Promise.allSettled(running.map((h) => h.api.stop()));
    for (const r of results) if (r.status === "rejected") process.stderr.write(`test API: stop failed: ${String(r.reason)}\n`);
    process.exit(results.some((r) => r.status === "rejected") ? 1 : 0);
  })());
process.once("disconnect", () => void stopAll());
process.once("SIGTERM", () => void stopAll());
process.once("SIGINT", () => void stopAll());

await send({ type: "ready", url: `http://127.0.0.1:${(control.address() as AddressInfo).port}` });
