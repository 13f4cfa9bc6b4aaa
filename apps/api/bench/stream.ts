// `pnpm --filter @storyloom/api bench:stream`: the streaming benchmark alone (PGlite, and PostgreSQL when reachable).
import { recreateDatabase } from "@storyloom/db/testing";
import { streamingBench, streamingHeader } from "./streaming";

const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const pgUrl = process.env.BENCH_PGLITE_ONLY ? null : await recreateDatabase(PG_URL, "storyloom_bench_stream");
const rows: string[] = [];
for (const url of process.env.BENCH_PG_ONLY && pgUrl ? [pgUrl] : [undefined, ...(pgUrl ? [pgUrl] : [])]) rows.push(...(await streamingBench(url)));
for (const line of [...streamingHeader(), ...rows]) console.log(line);
