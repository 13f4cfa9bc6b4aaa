// The API's production build (tsup) as `pnpm deploy:bundle` ships it: built into a folder outside
// the workspace, with node_modules beside it as its only link back, it migrates an empty database
// and seeds the catalogue from the files it carries (dist/db/), on PGlite, or PostgreSQL with
// DATABASE_URL. Nothing else can supply them: the bundle names that folder at build time
// (packages/db/src/files.ts), and the test checks the copy is what was read.
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { recreateDatabase } from "@storyloom/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const apiDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let dir = "";
let child: ChildProcess | undefined;

/** Starts the built main.js with `env`; resolves with its address once it says it is ready. */
function start(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    child = fork(join(dir, "dist", "main.js"), [], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", API_READY_IPC: "1", ...env },
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("exit", (code) => reject(new Error(`the built API exited (${code}) before it was ready:\n${stderr}`)));
    child.on("message", (m: { type?: string; url?: string }) => {
      if (m?.type === "ready" && m.url) resolve(m.url);
    });
  });
}

async function stop(): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners("exit");
  const exited = new Promise((r) => child!.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "storyloom-api-build-"));
  execFileSync(join(apiDir, "node_modules", ".bin", "tsup"), ["--out-dir", join(dir, "dist"), "--silent"], { cwd: apiDir, stdio: "pipe" });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(join(apiDir, "node_modules"), join(dir, "node_modules"), "dir");
}, 120_000);
afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`the API's production build (${engine})`, () => {
  it("carries its migrations and seeded stories, and runs on them from its own folder", async () => {
    const journal = JSON.parse(readFileSync(join(apiDir, "..", "..", "packages", "db", "drizzle", "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const copied = readdirSync(join(dir, "dist", "db", "drizzle")).filter((f) => f.endsWith(".sql"));
    expect(copied.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
    expect(readdirSync(join(dir, "dist", "db", "src", "seed", "stories")).some((f) => f.endsWith(".ink"))).toBe(true);

    const database = process.env.DATABASE_URL ? await recreateDatabase(process.env.DATABASE_URL, "storyloom_api_build") : null;
    if (process.env.DATABASE_URL && !database) throw new Error(`PostgreSQL at ${process.env.DATABASE_URL} is not reachable`);
    const env: Record<string, string> = database ? { DATABASE_URL: database } : { PGLITE_DIR: join(dir, "pglite") };
    const url = await start(env);
    const list = (await (await fetch(`${url}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as {
      code: string;
      data: { stories: { id: string }[] };
    };
    expect(list.code).toBe("0");
    expect(list.data.stories.length).toBeGreaterThan(0);
    await stop();

    // Without its copy of the migrations the build cannot start: they are read from dist/db/ only.
    renameSync(join(dir, "dist", "db"), join(dir, "dist", "db-moved"));
    const fresh = database ? await recreateDatabase(process.env.DATABASE_URL!, "storyloom_api_build") : null;
    await expect(start(fresh ? { DATABASE_URL: fresh } : { PGLITE_DIR: join(dir, "pglite-2") })).rejects.toThrow(/Can't find meta\/_journal\.json/);
    expect(existsSync(join(dir, "dist", "db"))).toBe(false);
  }, 180_000);
});
