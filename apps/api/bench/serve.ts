// The process under test: a bare Fastify route (and, for the streaming benchmark, a bare relay) and
// the real API (fresh, migrated, seeded database) side by side, so the benchmark compares them on
// the same machine in the same run.
import { mkdtempSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { loadConfig } from "../src/config";
import { startApi } from "../src/server";
import { seedBenchCatalogue } from "./catalogue";

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({ code: "0", message: "success", data: { ok: true } }));
// The streaming benchmark's floor: the model's stream piped through unchanged by one Node HTTP hop
// (Fastify in, node:http out on kept-alive sockets, no database, no parsing). What it adds to the
// peer is what any Node API pays on this machine at the same load; the API's own cost is the rest.
const peer = process.env.BENCH_LLM_BASE_URL ? new URL(`${process.env.BENCH_LLM_BASE_URL}/chat/completions`) : null;
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1000 });
if (peer)
  bare.post("/relay", (req, reply) => {
    reply.hijack();
    req.raw.socket.setNoDelay(true);
    const body = JSON.stringify(req.body);
    const out = request(peer, { method: "POST", agent: keepAlive, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (upstream) => {
      reply.raw.writeHead(upstream.statusCode ?? 502, { "content-type": upstream.headers["content-type"] ?? "text/event-stream", "cache-control": "no-cache" });
      reply.raw.flushHeaders();
      upstream.pipe(reply.raw);
    });
    out.on("error", () => reply.raw.destroy());
    reply.raw.on("close", () => out.destroy());
    out.end(body);
  });
await bare.listen({ host: "127.0.0.1", port: 0 });
const barePort = (bare.server.address() as { port: number }).port;

const config = loadConfig(
  // The pool size is the one setting a bench run may choose (DATABASE_POOL_SIZE, as in production).
  { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE },
  {
    // Development mode: production would insist on SMTP, payment keys and PostgreSQL, none of
    // which the measured endpoints touch (the switches that differ are off here as in production).
    NODE_ENV: "development",
    TOKEN_SECRET: "bench-secret-bench-secret-bench",
    PORT: 0,
    LOG_LEVEL: "silent",
    DATABASE_URL: databaseUrl,
    PGLITE_DIR: join(mkdtempSync(join(tmpdir(), "storyloom-bench-")), "pglite"),
    CODE_SEND_PER_IP_PER_HOUR: 1_000_000,
    // Every simulated player signs up from 127.0.0.1.
    GUEST_PER_IP_PER_HOUR: 1_000_000,
    GUEST_COINS_PER_IP_PER_DAY: 1_000_000,
    // The streaming benchmark points the API at a local model peer.
    LLM_BASE_URL: process.env.BENCH_LLM_BASE_URL || undefined,
    LLM_RATE_PER_MINUTE: 1_000_000,
  },
);
const api = await startApi(config);
// `pnpm bench` reads over many stories (the uncached reads); other benchmarks leave it unset.
await seedBenchCatalogue(api.handle.db, Number(process.env.BENCH_EXTRA_STORIES || 0));
process.stdout.write(`${JSON.stringify({ bare: `http://127.0.0.1:${barePort}/bare`, relay: `http://127.0.0.1:${barePort}/relay`, api: api.url, engine: api.handle.kind })}\n`);
process.on("SIGTERM", () => {
  void Promise.all([api.stop(), bare.close()]).then(() => process.exit(0));
});
