// The process under test: a bare Fastify route and the real API (fresh, migrated, seeded database)
// side by side, so the benchmark compares them on the same machine in the same run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { loadConfig } from "../src/config";
import { startApi } from "../src/server";

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({ code: "0", message: "success", data: { ok: true } }));
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
    // The streaming benchmark points the API at a local model peer.
    LLM_BASE_URL: process.env.BENCH_LLM_BASE_URL || undefined,
    LLM_RATE_PER_MINUTE: 1_000_000,
  },
);
const api = await startApi(config);
process.stdout.write(`${JSON.stringify({ bare: `http://127.0.0.1:${barePort}/bare`, api: api.url, engine: api.handle.kind })}\n`);
process.on("SIGTERM", () => {
  void Promise.all([api.stop(), bare.close()]).then(() => process.exit(0));
});
