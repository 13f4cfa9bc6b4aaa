// Shared by the quick-start scripts: they must work on a fresh machine with only Node.js and npm.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";

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

/** Where `npm start` keeps the full output of its builds and processes (the terminal shows a summary). */
export const logDir = join(root, ".cache", "start");

/** A log file of this run under .cache/start (emptied first): its path, as shown to people, and a stream. */
export function logFile(name) {
  mkdirSync(logDir, { recursive: true });
  const path = join(logDir, `${name}.log`);
  return { path: relative(process.cwd(), path) || path, stream: createWriteStream(path) };
}

/**
 * Runs pnpm with its output (stdout and stderr) going to a log file only; resolves with the exit
 * code. A failure prints the log's last lines and its path, so the cause is on screen without the
 * hundreds of lines a build prints when it works.
 */
export function pnpmLogged(args, name, opts = {}) {
  const log = logFile(name);
  return new Promise((resolve) => {
    const child = spawn("npx", [...PNPM, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"], ...opts, env: { ...process.env, ...opts.env } });
    child.stdout.pipe(log.stream, { end: false });
    child.stderr.pipe(log.stream, { end: false });
    // "close", not "exit": the output may still be arriving when the process has exited.
    child.on("close", (code, signal) => {
      log.stream.end(() => {
        const status = code ?? (signal ? 1 : 0);
        if (status !== 0) {
          const tail = readFileSync(log.stream.path, "utf8").trimEnd().split("\n").slice(-FAILURE_TAIL_LINES);
          console.error(`${tail.join("\n")}\n✖ the full output is in ${log.path}`);
        }
        resolve(status);
      });
    });
  });
}
const FAILURE_TAIL_LINES = 20;

/**
 * Installs dependencies when node_modules is missing or older than the lockfile. With `quiet`, pnpm's
 * output goes to .cache/start/install.log (shown only when it fails).
 */
export async function ensureInstalled({ quiet = false } = {}) {
  const marker = join(root, "node_modules", ".modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (pnpm, frozen lockfile)…");
  const args = ["install", "--frozen-lockfile"];
  const code = quiet ? await pnpmLogged(args, "install") : await pnpm(args);
  if (code !== 0) process.exit(code);
}

/**
 * pino-pretty's settings for the API's lines in `npm start`: the time, the level, the request id in
 * brackets, the message and its fields on one line (an error's stack below it).
 */
export const PRETTY_OPTIONS = {
  translateTime: "SYS:HH:MM:ss",
  ignore: "pid,hostname,reqId,req,res,responseTime",
  messageFormat: "{if reqId}[{reqId}] {end}{msg}",
  singleLine: true,
};

// An answer the request log never saw complete (a stream cut off) must not be kept for ever.
const MAX_OPEN_REQUESTS = 1000;

/**
 * What `npm start` shows of the API's JSON log (every line still goes to .cache/start/api.log):
 * warnings and errors always; other lines once the product is ready (the start banner says what the
 * API's start-up lines would); and the two lines Fastify writes per request ("incoming request",
 * "request completed") as one line `GET /path 200 12 ms` with its request id — only when `requests`
 * is on (LOG_LEVEL=debug), as a page load makes dozens. `pretty` formats one log object
 * (pino-pretty's prettyFactory). `line(text)` gives the text to print, or null to print nothing.
 */
export function apiLogView({ pretty, requests }) {
  const open = new Map();
  let ready = false;
  return {
    /** From now on informational lines are shown too. */
    markReady() {
      ready = true;
    },
    line(text) {
      let entry;
      try {
        entry = JSON.parse(text);
      } catch {
        return null; // pnpm's "> node dist/main.js" header: the log file has it
      }
      if (!entry || typeof entry !== "object" || typeof entry.level !== "number") return null;
      if (entry.msg === "incoming request") {
        if (requests && entry.reqId !== undefined) {
          if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value);
          open.set(entry.reqId, `${entry.req?.method ?? ""} ${entry.req?.url ?? ""}`.trim());
        }
        return null;
      }
      if (entry.msg === "request completed") {
        const what = open.get(entry.reqId);
        open.delete(entry.reqId);
        if (!requests) return null;
        const ms = typeof entry.responseTime === "number" ? ` ${Math.round(entry.responseTime)} ms` : "";
        return pretty({ level: entry.level, time: entry.time, reqId: entry.reqId, msg: `${what || "request"} ${entry.res?.statusCode ?? ""}${ms}` });
      }
      if (entry.level >= WARN || ready) return pretty(entry);
      return null;
    },
  };
}
const WARN = 40;

// What a process of `npm start` says on stderr that is expected there and not for the reader: the
// sites are built standalone for deployment (scripts/bundle.mjs) and served here by `next start`,
// which warns about it on every start.
const EXPECTED_STDERR = [/"next start" does not work with "output: standalone"/];

/** Whether a line a process wrote to stderr is shown in the terminal (it is in its log file either way). */
export function shownStderr(line) {
  return line.trim() !== "" && !EXPECTED_STDERR.some((re) => re.test(line));
}

/** Whether a LOG_LEVEL asks for one line per request (debug or trace). */
export const logsRequests = (level) => level === "debug" || level === "trace";

/** The lines `npm start` ends with: where everything is, and how to stop. */
export function readyBanner({ productPort, playshotPort, adminPort, apiPublic, superAdmin, llm, logs, requests }) {
  return [
    "",
    "✔ Storyloom is ready",
    `  Storyloom (card payments):     http://localhost:${productPort}`,
    `  PlayShot (redirect payments):  http://localhost:${playshotPort}`,
    `  Console (staff):               http://localhost:${adminPort}`,
    `  API:                           ${apiPublic}/api/v1`,
    `  Dev mailbox:                   ${apiPublic}/dev/mail`,
    `  Super admin:                   ${superAdmin}   (sign in to the console with the e-mail code; it arrives in the dev mailbox)`,
    `  Replies:                       ${llm.baseUrl ? `from the language model ${llm.model ?? "gpt-4o-mini"} at ${llm.baseUrl}` : "from the stories' scripts (set LLM_BASE_URL, LLM_API_KEY, LLM_MODEL for free replies; see README)"}`,
    `  Logs:                          ${logs}${requests ? "" : "   (LOG_LEVEL=debug shows each request here)"}`,
    "Press Ctrl+C to stop.",
  ].join("\n");
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
