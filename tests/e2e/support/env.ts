// Ports and addresses of the e2e stack, shared by the Playwright config and the specs. The same
// variable names as scripts/start.mjs, but other defaults: the test stack must never collide with a
// running product (`npm start` on 4000/3000/3001), so `npm test` works while it runs.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";

/** The API's port in the e2e stack. */
export const apiPort = Number(process.env.API_PORT ?? 4700);
/** Storyloom's port. */
export const productPort = Number(process.env.PRODUCT_PORT ?? 3700);
/** PlayShot's port. */
export const playshotPort = Number(process.env.PLAYSHOT_PORT ?? 3701);
/** The local tracking peer (Meta pixel script, Graph API, PostHog): next to the API's port unless set. */
export const trackingPort = Number(process.env.TRACKING_PORT ?? apiPort + 1);
/** Where the browsers and the API reach the tracking peer. */
export const trackingUrl = `http://127.0.0.1:${trackingPort}`;
/** The local model peer (the AI run only, see playwright.ai.config.ts): the API's port + 4 unless set. */
export const modelPeerPort = Number(process.env.MODEL_PEER_PORT ?? apiPort + 4);
/** The model peer's base URL, as LLM_BASE_URL takes it (with /v1). */
export const modelPeerUrl = `http://127.0.0.1:${modelPeerPort}/v1`;
/** Where the sites' servers and the specs reach the API. */
export const apiUrl = `http://127.0.0.1:${apiPort}`;
/** The brand sites' origins, the only ones the API answers CORS for. */
export const siteOrigins = [productPort, playshotPort].flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]);
/** The sites' build folder for this stack (`pnpm test:e2e` builds into its own, beside `npm start`'s `.next`). */
export const siteDistDir = process.env.NEXT_DIST_DIR || undefined;
/** The browser this machine has (Debian's package); Playwright's downloads are not available. */
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * A fresh embedded database folder for this run. Created once in the main process and passed to
 * workers through the environment, so they agree on it without creating their own.
 */
export function e2eDataDir(): string {
  if (!process.env.E2E_PGLITE_DIR) process.env.E2E_PGLITE_DIR = mkdtempSync(join(tmpdir(), "storyloom-e2e-pglite-"));
  return process.env.E2E_PGLITE_DIR;
}

/** The parent page allowed to frame the sites (the sites are built with PARENT_ORIGINS naming it). */
export const parentPort = Number(process.env.PARENT_PORT ?? apiPort + 2);
/** A parent page on an origin the sites do not allow. */
export const foreignParentPort = parentPort + 1;
