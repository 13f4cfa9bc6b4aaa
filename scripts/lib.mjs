// Shared by the quick-start scripts: they must work on a fresh machine with only Node.js and npm.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
/** The pinned pnpm, run through npx (corepack is not relied on). */
export const PNPM = ["--yes", pkg.packageManager];

/** Runs a command in the repo root, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", ...opts, env: { ...process.env, ...opts.env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs pnpm with the pinned version. */
export const pnpm = (args, opts) => run("npx", [...PNPM, ...args], opts);

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = join(root, "node_modules", ".modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (pnpm, frozen lockfile)…");
  const code = await pnpm(["install", "--frozen-lockfile"]);
  if (code !== 0) process.exit(code);
}

/** Finds a Chromium for the browser tests, installing Debian's package when possible. */
export function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean);
  let found = candidates.find((p) => existsSync(p));
  if (!found && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Installing Chromium from Debian's packages for the browser tests…");
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit" });
    found = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
  }
  return found;
}

/** Waits until a URL answers (any HTTP status), or fails after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 300_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}
