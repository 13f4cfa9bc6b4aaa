// `npm start`: the whole product on its embedded defaults — the API's production build (embedded
// PGlite, migrated and seeded; mail to the dev mailbox; sandbox payments) and production builds of
// both brand sites, and the operator console beside them.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { ensureInstalled, pnpm, PNPM, root, waitForUrl } from "./lib.mjs";

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

await ensureInstalled();

const children = [];
function start(name, args, env) {
  const child = spawn("npx", [...PNPM, ...args], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`✖ ${name} exited (${code}); stopping`);
      stop(1);
    }
  });
  children.push(child);
}
let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// The API runs as built (apps/api/dist, bundled by tsup); turbo skips the build when nothing changed.
console.log("▶ building the API (cached after the first run)…");
const apiBuilt = await pnpm(["exec", "turbo", "run", "build", "--filter=@storyloom/api", "--output-logs=errors-only"]);
if (apiBuilt !== 0) {
  console.error("✖ building the API failed");
  process.exit(apiBuilt);
}

console.log("▶ starting the API (embedded database, seeded)…");
start("api", ["--filter", "@storyloom/api", "start"], {
  PORT: String(apiPort),
  PUBLIC_API_URL: apiPublic,
  CORS_ORIGINS: process.env.CORS_ORIGINS ?? origins,
  BRAND_ORIGINS: process.env.BRAND_ORIGINS ?? brandOrigins,
  SUPER_ADMIN_EMAILS: superAdmin,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
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
});
await waitForUrl(`${apiInternal}/healthz`);

console.log("▶ building both brand sites and the console (cached after the first run)…");
const siteEnv = { NEXT_PUBLIC_API_URL: apiPublic, API_INTERNAL_URL: apiInternal, NEXT_TELEMETRY_DISABLED: "1" };
const built = await pnpm(["exec", "turbo", "run", "build", "--filter=@storyloom/app-product", "--filter=@storyloom/app-playshot", "--filter=@storyloom/app-admin", "--concurrency=1", "--output-logs=errors-only"], { env: siteEnv });
if (built !== 0) {
  console.error("✖ building the sites failed");
  stop(built);
} else {
  start("storyloom site", ["--filter", "@storyloom/app-product", "start"], { ...siteEnv, PORT: String(productPort), REVALIDATE_SECRET: revalidateSecret });
  start("playshot site", ["--filter", "@storyloom/app-playshot", "start"], { ...siteEnv, PORT: String(playshotPort), REVALIDATE_SECRET: revalidateSecret });
  start("console", ["--filter", "@storyloom/app-admin", "start"], { ...siteEnv, ADMIN_PORT: String(adminPort) });
  await Promise.all([waitForUrl(`http://127.0.0.1:${productPort}/`), waitForUrl(`http://127.0.0.1:${playshotPort}/`), waitForUrl(`http://127.0.0.1:${adminPort}/moderation`)]);
  console.log(`
✔ Storyloom is ready
  Storyloom (card payments):     http://localhost:${productPort}
  PlayShot (redirect payments):  http://localhost:${playshotPort}
  Console (staff):               http://localhost:${adminPort}
  API:                           ${apiPublic}/api/v1   (dev mailbox: ${apiPublic}/dev/mail)
  Super admin:                   ${superAdmin}   (sign in to the console with the e-mail code; it arrives in the dev mailbox)
  Replies:                       ${process.env.LLM_BASE_URL ? `from the language model ${process.env.LLM_MODEL ?? "gpt-4o-mini"} at ${process.env.LLM_BASE_URL}` : "from the stories' scripts (set LLM_BASE_URL, LLM_API_KEY, LLM_MODEL for free replies; see README)"}
Press Ctrl+C to stop.`);
}
