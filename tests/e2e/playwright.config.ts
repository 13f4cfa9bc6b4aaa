// End-to-end suite: production builds of both brand sites and the real API on a fresh embedded
// database, driven in Debian's Chromium. `pnpm test:e2e` builds the sites first (turbo, cached),
// then runs this config, which starts all three servers itself.
//
// The sites run on plain `next start`, as in production and on most hosts.
import { defineConfig } from "@playwright/test";
import { CONSOLE_ORDERS_STAFF_EMAILS, CONSOLE_STAFF_EMAILS, STAFF_EMAILS } from "./support/staff";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { adminOrigins, adminPort, apiPort, apiUrl, chromiumPath, e2eDataDir, parentPort, playshotPort, productPort, seededAdminEmail, siteDistDir, siteOrigins, trackingPort, trackingUrl } from "./support/env";

const root = join(import.meta.dirname, "..", "..");
// Reusing servers skips the fresh database; only for local iteration against a running stack.
const reuse = process.env.E2E_REUSE_SERVERS === "1";
// NEXT_DIST_DIR (optional) serves a build made into another folder than .next, see next.config.ts.
// The API's call after a catalogue change and the sites' check of it share this run's secret.
const REVALIDATE_SECRET = randomBytes(24).toString("hex");
const siteEnv = {
  API_INTERNAL_URL: apiUrl,
  NEXT_TELEMETRY_DISABLED: "1",
  REVALIDATE_SECRET,
  ...(siteDistDir ? { NEXT_DIST_DIR: siteDistDir } : {}),
};
const outputDir = process.env.E2E_OUTPUT_DIR ?? "./test-results";
const reportDir = process.env.E2E_REPORT_DIR ?? "playwright-report";

export default defineConfig({
  testDir: "./specs",
  testMatch: "**/*.e2e.ts",
  // Each run clears its output folder; a second run in the same tree needs its own (E2E_OUTPUT_DIR).
  outputDir,
  globalTeardown: "./support/teardown.ts",
  // Two cores are shared with the servers under test; more workers only add contention.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: reportDir, open: "never" }]],
  use: {
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    // Recording a trace for every test costs CPU the servers need; record only when retrying (CI).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    // Tests tagged @any-viewport (support/checks.ts anyViewport) behave the same on every viewport: once is enough.
    { name: "desktop", grepInvert: /@any-viewport/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      name: "parent pages",
      command: "node_modules/.bin/tsx support/parent-pages.ts",
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${parentPort}/`,
      reuseExistingServer: reuse,
      timeout: 30_000,
    },
    {
      name: "tracking",
      command: "node_modules/.bin/tsx support/tracking-peer.ts",
      cwd: import.meta.dirname,
      url: `${trackingUrl}/records`,
      env: { TRACKING_PORT: String(trackingPort) },
      reuseExistingServer: reuse,
      timeout: 30_000,
    },
    {
      name: "api",
      command: "node_modules/.bin/tsx src/main.ts",
      cwd: join(root, "apps", "api"),
      url: `${apiUrl}/healthz`,
      // Every browser of the run signs in from 127.0.0.1: the per-network code limit would throttle the suite itself.
      // The specs read codes from the dev mailbox and pay in the sandbox: both are explicit switches.
      env: {
        PORT: String(apiPort),
        HOST: "127.0.0.1",
        // Always its own fresh embedded database, even when the caller's DATABASE_URL names a PostgreSQL (.ci/run).
        DATABASE_URL: "",
        PGLITE_DIR: e2eDataDir(),
        LOG_LEVEL: "warn",
        CODE_SEND_PER_IP_PER_HOUR: "10000",
        GUEST_PER_IP_PER_HOUR: "10000",
        GUEST_COINS_PER_IP_PER_DAY: "10000",
        DEV_MAILBOX: "true",
        PAYMENTS_SANDBOX: "true",
        CORS_ORIGINS: [...siteOrigins, ...adminOrigins].join(","),
        // Tracking on, against the local tracking peer: the pixel, the Conversions API and PostHog.
        META_PIXEL_ID: "1234567890",
        META_ACCESS_TOKEN: "e2e-token",
        META_GRAPH_URL: `${trackingUrl}/v21.0`,
        META_PIXEL_SCRIPT_URL: `${trackingUrl}/fbevents.js`,
        META_FORWARD_PER_IP_PER_MINUTE: "100000",
        META_RETRY_BASE_MS: "200",
        OUTBOX_POLL_MS: "300",
        POSTHOG_KEY: "phc_e2e",
        POSTHOG_HOST: trackingUrl,
        // As in production: published stories wait for staff (safety.e2e.ts, story-editor.e2e.ts
        // approve them as a STAFF_EMAILS address, which ADMIN_EMAILS makes staff at sign-in).
        STORY_REVIEW: "manual",
        ADMIN_EMAILS: [...STAFF_EMAILS, ...CONSOLE_STAFF_EMAILS, ...CONSOLE_ORDERS_STAFF_EMAILS].join(","),
        // The super admins of console-settings.e2e.ts (CONSOLE_SUPER_EMAILS in support/staff.ts), and
        // the console's first account as `npm start` seeds it (console.e2e.ts approves as it).
        SUPER_ADMIN_EMAILS: ["e2e-console-super-0@example.com", "e2e-console-super-1@example.com", seededAdminEmail].join(","),
        // Staff take-downs drop the sites' cached pages at once (revalidate.e2e.ts).
        SITE_REVALIDATE_URLS: [productPort, playshotPort].map((p) => `http://127.0.0.1:${p}/api/revalidate`).join(","),
        SITE_REVALIDATE_SECRET: REVALIDATE_SECRET,
      },
      reuseExistingServer: reuse,
      timeout: 120_000,
    },
    {
      name: "storyloom",
      command: `node_modules/.bin/next start --port ${productPort}`,
      cwd: join(root, "apps", "product"),
      url: `http://127.0.0.1:${productPort}/about`,
      env: siteEnv,
      reuseExistingServer: reuse,
      timeout: 60_000,
    },
    {
      name: "playshot",
      command: `node_modules/.bin/next start --port ${playshotPort}`,
      cwd: join(root, "apps", "playshot"),
      url: `http://127.0.0.1:${playshotPort}/about`,
      env: siteEnv,
      reuseExistingServer: reuse,
      timeout: 60_000,
    },
    {
      // The operator console (console.e2e.ts), built by its build:e2e like the sites.
      name: "console",
      command: `node_modules/.bin/next start --port ${adminPort}`,
      cwd: join(root, "apps", "admin"),
      url: `http://127.0.0.1:${adminPort}/moderation`,
      env: siteEnv,
      reuseExistingServer: reuse,
      timeout: 60_000,
    },
  ],
});
