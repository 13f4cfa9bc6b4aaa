// `npm start`: the whole product on its embedded defaults — the API's production build (embedded
// PGlite, migrated and seeded; mail to the dev mailbox; sandbox payments) and production builds of
// both brand sites, and the operator console beside them.
// The terminal gets a few lines of progress, the URLs, and warnings and errors (the API's pretty-
// printed, one line per request with LOG_LEVEL=debug); the builds' and processes' full output goes
// to .cache/start/*.log. The API itself still logs JSON, as in production.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { relative } from "node:path";
import { createInterface } from "node:readline";
import { apiLogView, ensureInstalled, shownStderr, logDir, logFile, logsRequests, pnpmLogged, PNPM, PRETTY_OPTIONS, readyBanner, root, waitForUrl } from "./lib.mjs";

const apiPort = Number(process.env.API_PORT ?? 4000);
const productPort = Number(process.env.PRODUCT_PORT ?? 3000);
const playshotPort = Number(process.env.PLAYSHOT_PORT ?? 3001);
const adminPort = Number(process.env.ADMIN_PORT ?? 3002);
const apiPublic = process.env.NEXT_PUBLIC_API_URL ?? `http://localhost:${apiPort}`;
const apiInternal = process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${apiPort}`;
// A secret of this run: the API asks the sites to drop their cached pages when the catalogue changes.
const revalidateSecret = process.env.SITE_REVALIDATE_SECRET ?? randomBytes(24).toString("hex");
const siteOrigins = (p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`];
// The console calls the API from the browser too: its origin is allowed, but names no brand.
const origins = [productPort, playshotPort, adminPort].flatMap(siteOrigins).join(",");
// The API records the brand of a sign-up or an order from the site (Origin) it came from.
const brandOrigins = `storyloom=${siteOrigins(productPort).join(",")};playshot=${siteOrigins(playshotPort).join(",")}`;
// The operator console's first account: a super admin, its sign-in code in the dev mailbox.
const superAdmin = process.env.SUPER_ADMIN_EMAILS ?? "admin@storyloom.local";
const logLevel = process.env.LOG_LEVEL ?? "info";

await ensureInstalled({ quiet: true });
// Loaded once installed: on a fresh machine it arrives with the install above.
const { prettyFactory } = await import("pino-pretty");
const apiLog = apiLogView({ pretty: prettyFactory({ ...PRETTY_OPTIONS, colorize: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR }), requests: logsRequests(logLevel) });

const children = [];
/**
 * Starts a process of the product. Its output goes to .cache/start/<file>.log; its stderr (warnings,
 * errors) is shown too, prefixed with its name, and `show` picks what of its stdout is.
 */
function start(name, file, args, env, show = () => null) {
  const log = logFile(file);
  // Its own process group: stopping ends npx, pnpm and the server under them (a signal to npx alone does not).
  const child = spawn("npx", [...PNPM, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"], detached: true, env: { ...process.env, ...env } });
  createInterface({ input: child.stdout }).on("line", (line) => {
    log.stream.write(`${line}\n`);
    const shown = show(line);
    if (shown) process.stdout.write(shown.endsWith("\n") ? shown : `${shown}\n`);
  });
  createInterface({ input: child.stderr }).on("line", (line) => {
    log.stream.write(`${line}\n`);
    if (shownStderr(line)) process.stderr.write(`${name} │ ${line}\n`);
  });
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`✖ ${name} exited (${code}); its output is in ${log.path}; stopping`);
      stop(1);
    }
  });
  children.push(child);
  return log;
}
let stopping = false;
function stop(code = 0) {
  stopping = true;
  process.exitCode = code;
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** Waits for a process's URL; past the wait, says where its output is and stops everything. */
async function answers(url, name, log) {
  try {
    await waitForUrl(url);
  } catch (err) {
    console.error(`✖ ${name}: ${err instanceof Error ? err.message : String(err)}; its output is in ${log.path}`);
    stop(1);
    await new Promise(() => {}); // stop() exits
  }
}

/**
 * Waits until the API is ready to serve (/readyz 200: its database answers and holds its migrations),
 * not only alive; past the wait, says why (its last answer) and where its output is, and stops everything.
 */
async function apiReady(url, log, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (r.ok) return;
      last = (await r.json().catch(() => ({}))).message ?? `HTTP ${r.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error(`✖ the API is not ready (${last}); its output is in ${log.path}`);
  stop(1);
  await new Promise(() => {}); // stop() exits
}

// The API runs as built (apps/api/dist, bundled by tsup); turbo skips the build when nothing changed.
console.log("▶ building the API (cached after the first run)…");
const apiBuilt = await pnpmLogged(["exec", "turbo", "run", "build", "--filter=@storyloom/api", "--output-logs=new-only"], "build-api");
if (apiBuilt !== 0) {
  console.error("✖ building the API failed");
  process.exit(apiBuilt);
}

console.log("▶ starting the API (embedded database, seeded)…");
const apiLogFile = start("api", "api", ["--filter", "@storyloom/api", "start"], {
  PORT: String(apiPort),
  PUBLIC_API_URL: apiPublic,
  CORS_ORIGINS: process.env.CORS_ORIGINS ?? origins,
  BRAND_ORIGINS: process.env.BRAND_ORIGINS ?? brandOrigins,
  SUPER_ADMIN_EMAILS: superAdmin,
  LOG_LEVEL: logLevel,
  // The quick start's conveniences are explicit switches, off in any other start of the API.
  DEV_MAILBOX: process.env.DEV_MAILBOX ?? "true",
  PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX ?? "true",
  // A story published on this laptop is live at once (production reviews every story first).
  STORY_REVIEW: process.env.STORY_REVIEW ?? "off",
  SITE_REVALIDATE_URLS: [productPort, playshotPort].map((p) => `http://127.0.0.1:${p}/api/revalidate`).join(","),
  SITE_REVALIDATE_SECRET: revalidateSecret,
  // On a laptop every browser is 127.0.0.1: each new guest gets the starting coins, as a player
  // on their own line would (the per-address sign-up limit and its challenge stay as deployed).
  GUEST_COINS_PER_IP_PER_DAY: process.env.GUEST_COINS_PER_IP_PER_DAY ?? "1000",
}, (line) => apiLog.line(line));
await apiReady(`${apiInternal}/readyz`, apiLogFile);

console.log("▶ building both brand sites and the console (cached after the first run)…");
const siteEnv = { NEXT_PUBLIC_API_URL: apiPublic, API_INTERNAL_URL: apiInternal, NEXT_TELEMETRY_DISABLED: "1" };
const built = await pnpmLogged(["exec", "turbo", "run", "build", "--filter=@storyloom/app-product", "--filter=@storyloom/app-playshot", "--filter=@storyloom/app-admin", "--concurrency=1", "--output-logs=new-only"], "build-sites", { env: siteEnv });
if (built !== 0) {
  console.error("✖ building the sites failed");
  stop(built);
} else {
  console.log("▶ starting both brand sites and the console…");
  const sites = [
    { url: `http://127.0.0.1:${productPort}/`, name: "the Storyloom site", log: start("storyloom", "storyloom", ["--filter", "@storyloom/app-product", "start"], { ...siteEnv, PORT: String(productPort), REVALIDATE_SECRET: revalidateSecret }) },
    { url: `http://127.0.0.1:${playshotPort}/`, name: "the PlayShot site", log: start("playshot", "playshot", ["--filter", "@storyloom/app-playshot", "start"], { ...siteEnv, PORT: String(playshotPort), REVALIDATE_SECRET: revalidateSecret }) },
    { url: `http://127.0.0.1:${adminPort}/moderation`, name: "the console", log: start("console", "console", ["--filter", "@storyloom/app-admin", "start"], { ...siteEnv, ADMIN_PORT: String(adminPort) }) },
  ];
  await Promise.all(sites.map((s) => answers(s.url, s.name, s.log)));
  console.log(
    readyBanner({
      productPort,
      playshotPort,
      adminPort,
      apiPublic,
      superAdmin,
      llm: { baseUrl: process.env.LLM_BASE_URL, model: process.env.LLM_MODEL },
      logs: `${relative(process.cwd(), logDir) || logDir}/*.log`,
      requests: logsRequests(logLevel),
    }),
  );
  apiLog.markReady();
}
