// `pnpm bench`: autocannon against the real API next to a bare Fastify route, on PGlite and on
// PostgreSQL, in the same run on the same machine. Prints requests/s, p99 and the ratio to the bare route.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { recreateDatabase } from "@storyloom/db/testing";
import type { BenchRequest, BenchScenario } from "./scenario";
import { whoamiScenario } from "./scenarios/whoami";
import { storyListScenario, storyListUncachedScenario } from "./scenarios/storyList";
import { storyGetUncachedScenario } from "./scenarios/storyGet";
import { streamingBench, streamingHeader } from "./streaming";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// Stories published on top of the authored 24, so the uncached reads range over more stories than
// the in-process caches hold (500 entries each).
const EXTRA_STORIES = Number(process.env.BENCH_EXTRA_STORIES ?? 5000);
// BENCH_STREAMING=0 skips the streaming chat benchmark (minutes) when only the reads are of interest.
const STREAMING = process.env.BENCH_STREAMING !== "0";
// BENCH_ENGINES=postgres (or pglite) measures one engine only; both by default.
const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",").map((e) => e.trim());

async function startServer(databaseUrl?: string): Promise<{ child: ChildProcess; bare: string; api: string; engine: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/serve.ts"], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "", DATABASE_URL: "", BENCH_EXTRA_STORIES: String(EXTRA_STORIES) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as { bare: string; api: string; engine: string }) };
}

interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, req: Omit<BenchRequest, "path">): Promise<Measured> {
  const vary = req.vary;
  const requests = vary ? [{ setupRequest: (r: autocannon.Request) => ({ ...r, ...vary() }) }] : undefined;
  const opts = { url, method: req.method, headers: req.headers, body: req.body, requests, connections: CONNECTIONS };
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, pools, caches
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** A read's targets are judged on PostgreSQL; PGlite (one embedded engine in the API's process) is shown for information. */
function verdict(engine: string, target: number | undefined, ratio: number, errors: number): string {
  if (target === undefined) return "";
  const goal = `target ≥ ${target.toFixed(1)}×`;
  if (engine !== "postgres") return `(${goal} judged on postgres)`;
  return errors === 0 && ratio >= target ? `meets ${goal}` : `MISSES ${goal}${errors ? `, ${errors} errors` : ""}`;
}

const rows: string[] = [];
const scenarios: BenchScenario[] = [whoamiScenario, storyListScenario, storyListUncachedScenario, storyGetUncachedScenario];
const pgUrl = ENGINES.includes("postgres") ? await recreateDatabase(PG_URL, "storyloom_bench") : null;
const engines: (string | undefined)[] = [...(ENGINES.includes("pglite") ? [undefined] : []), ...(pgUrl ? [pgUrl] : [])];
if (!pgUrl && ENGINES.includes("postgres")) console.log(`PostgreSQL not reachable at ${PG_URL}: PGlite only`);

for (const databaseUrl of engines) {
  const server = await startServer(databaseUrl);
  try {
    const bare = await measure(server.bare, { method: "GET" });
    rows.push(`${server.engine.padEnd(9)} ${"bare route".padEnd(30)} ${bare.rps.toFixed(0).padStart(8)} ${String(bare.p99).padStart(7)} ms ${"1.00".padStart(7)} ${String(bare.errors).padStart(6)}`);
    for (const s of scenarios) {
      const req = await s.prepare({ url: server.api });
      const m = await measure(`${server.api}${req.path}`, req);
      const ratio = m.rps / bare.rps;
      rows.push(
        `${server.engine.padEnd(9)} ${s.name.padEnd(30)} ${m.rps.toFixed(0).padStart(8)} ${String(m.p99).padStart(7)} ms ${ratio.toFixed(2).padStart(7)} ${String(m.errors).padStart(6)}  ${verdict(server.engine, s.target, ratio, m.errors)}`,
      );
    }
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
  }
}

console.log(`\n${DURATION_S}s per measurement, ${CONNECTIONS} connections, after a 2s warm-up; catalogue of 24 + ${EXTRA_STORIES} stories`);
console.log(`${"engine".padEnd(9)} ${"scenario".padEnd(30)} ${"req/s".padStart(8)} ${"p99".padStart(10)} ${"ratio".padStart(7)} ${"errors".padStart(6)}  verdict`);
for (const r of rows) console.log(r);

// Streaming chat replies through the API against a local model peer, next to the peer called directly.
if (STREAMING) {
  const streamRows: string[] = [];
  for (const databaseUrl of engines) streamRows.push(...(await streamingBench(databaseUrl)));
  for (const r of [...streamingHeader(), ...streamRows]) console.log(r);
}
