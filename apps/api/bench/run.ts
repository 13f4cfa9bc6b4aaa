// `pnpm bench`: autocannon against the real API next to a bare Fastify route, on PGlite and on
// PostgreSQL, in the same run on the same machine. Prints requests/s, p99 and the ratio to the bare route.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { recreateDatabase } from "@storyloom/db/testing";
import type { BenchScenario } from "./scenario";
import { whoamiScenario } from "./scenarios/whoami";
import { storyListScenario } from "./scenarios/storyList";
import { streamingBench, streamingHeader } from "./streaming";


const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function startServer(databaseUrl?: string): Promise<{ child: ChildProcess; bare: string; api: string; engine: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/serve.ts"], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "", DATABASE_URL: "" },
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

async function measure(url: string, req: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string }): Promise<Measured> {
  const opts = { url, method: req.method, headers: req.headers, body: req.body, connections: CONNECTIONS };
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, pools, caches
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const rows: string[] = [];
const scenarios: BenchScenario[] = [whoamiScenario, storyListScenario];
const pgUrl = await recreateDatabase(PG_URL, "storyloom_bench");
const engines: (string | undefined)[] = [undefined, ...(pgUrl ? [pgUrl] : [])];
if (!pgUrl) console.log(`PostgreSQL not reachable at ${PG_URL}: PGlite only`);

for (const databaseUrl of engines) {
  const server = await startServer(databaseUrl);
  try {
    const bare = await measure(server.bare, { method: "GET" });
    rows.push(`${server.engine.padEnd(9)} ${"bare route".padEnd(30)} ${bare.rps.toFixed(0).padStart(8)} ${String(bare.p99).padStart(7)} ms ${"1.00".padStart(7)} ${String(bare.errors).padStart(6)}`);
    for (const s of scenarios) {
      const req = await s.prepare({ url: server.api });
      const m = await measure(`${server.api}${req.path}`, req);
      rows.push(
        `${server.engine.padEnd(9)} ${s.name.padEnd(30)} ${m.rps.toFixed(0).padStart(8)} ${String(m.p99).padStart(7)} ms ${(m.rps / bare.rps).toFixed(2).padStart(7)} ${String(m.errors).padStart(6)}`,
      );
    }
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
  }
}

console.log(`\n${DURATION_S}s per measurement, ${CONNECTIONS} connections, after a 2s warm-up`);
console.log(`${"engine".padEnd(9)} ${"scenario".padEnd(30)} ${"req/s".padStart(8)} ${"p99".padStart(10)} ${"ratio".padStart(7)} ${"errors".padStart(6)}`);
for (const r of rows) console.log(r);

// Streaming chat replies through the API against a local model peer, next to the peer called directly.
const streamRows: string[] = [];
for (const databaseUrl of engines) streamRows.push(...(await streamingBench(databaseUrl)));
for (const r of [...streamingHeader(), ...streamRows]) console.log(r);
