import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync, mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDb, type DbHandle } from "./client";
import { migrate, migrationsFolder } from "./migrate";
import { seed } from "./seed/index";

// Tests start from a migrated, seeded snapshot instead of migrating each time:
// PGlite loads a dumped data dir (~0.6 s instead of ~5 s); PostgreSQL clones a template database.

const seedFolder = fileURLToPath(new URL("./seed", import.meta.url));

function filesHash(dirs: string[]): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(name).update(readFileSync(p));
    }
  };
  for (const d of dirs) walk(d);
  return h.digest("hex").slice(0, 16);
}

let cachedKey: string | undefined;
/** A key that changes whenever migrations or seed content change. */
export function snapshotKey(): string {
  cachedKey ??= filesHash([migrationsFolder, seedFolder]);
  return cachedKey;
}

async function pgliteSnapshot(): Promise<Blob> {
  const dir = join(tmpdir(), "storyloom-test-db");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-${snapshotKey()}.tar.gz`);
  if (!existsSync(file)) {
    const handle = await openDb();
    await migrate(handle);
    await seed(handle.db);
    const dump = await handle.pglite!.dumpDataDir("gzip");
    await handle.close();
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: parallel workers never read half a file
  }
  return new Blob([readFileSync(file)]);
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function pgTemplate(url: string): Promise<string> {
  const name = `storyloom_tpl_${snapshotKey()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(724312)");
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const handle = await openDb({ url: withDatabase(url, building), poolSize: 2 });
      await migrate(handle);
      await seed(handle.db);
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    await admin.query("select pg_advisory_unlock(724312)");
  } finally {
    await admin.end();
  }
  return name;
}

/** Opens a fresh, migrated and seeded database for one test file: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDb({ loadDataDir: await pgliteSnapshot() });
  const template = await pgTemplate(url);
  const name = `storyloom_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const handle = await openDb({ url: withDatabase(url, name), poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Drops and creates a named database next to `adminUrl`; its URL, or null when PostgreSQL is not reachable. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}
