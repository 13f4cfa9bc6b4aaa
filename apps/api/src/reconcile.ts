// The reconciliation command: `pnpm --filter @storyloom/api payments:reconcile [--fix] [--days N]`.
// Lists orders whose provider state and ledger disagree; --fix repairs them. Reads the API's
// configuration; with the sandbox providers the API must be running (the sandbox lives in it), at
// PUBLIC_API_URL or HOST:PORT. Exit code 1 when a disagreement is left unfixed.
import { pathToFileURL } from "node:url";
import { openDb, type Db } from "@storyloom/db";
import { loadConfig, type Config } from "./config";
import { onlypaySettingsAt, stripeAt } from "./payments/providers";
import type { Discrepancy } from "@storyloom/payments/server";
import { paymentsFor } from "./payments/domain";
import { Outbox } from "./outbox/outbox";

/** Command-line options: --fix, --days N (default 30). */
export function parseArgs(argv: string[]): { fix: boolean; days: number } {
  const fix = argv.includes("--fix");
  const i = argv.indexOf("--days");
  const days = i >= 0 ? Number(argv[i + 1]) : 30;
  if (!Number.isFinite(days) || days <= 0) throw new Error("--days needs a positive number");
  return { fix, days };
}

/** Runs the reconciliation against a database; prints one line per disagreement; answers the exit code. */
export async function runReconcile(argv: string[], config: Config, db: Db, apiBase: string, print: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<{ code: number; found: Discrepancy[] }> {
  const { fix, days } = parseArgs(argv);
  // Its outbox only writes: the running API's worker sends the Purchase conversions of repaired orders.
  const found = await paymentsFor(db, { config, outbox: new Outbox(db, {}, console) }).reconcile({ stripe: stripeAt(apiBase, config), onlypay: onlypaySettingsAt(apiBase, config) }, { fix, since: new Date(Date.now() - days * 86_400_000) });
  for (const d of found) print(`${d.fixed ? "fixed" : fix ? "UNFIXED" : "found"}\t${d.order_id}\t${d.provider}\t${d.problem}\t${d.detail}`);
  print(`${found.length} disagreement(s), ${found.filter((d) => d.fixed).length} fixed`);
  return { code: found.some((d) => !d.fixed) ? 1 : 0, found };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const config = loadConfig();
  const handle = await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.PGLITE_DIR });
  const apiBase = config.PUBLIC_API_URL ?? `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${config.PORT}`;
  try {
    const { code } = await runReconcile(process.argv.slice(2), config, handle.db, apiBase.replace(/\/+$/, ""));
    process.exitCode = code;
  } finally {
    await handle.close();
  }
}
