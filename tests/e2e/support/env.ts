// Ports and addresses of the e2e stack, shared by the Playwright config and the specs. The ports
// themselves are in stack.mjs, which the site builds read too.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { adminPort, apiPort, apiUrl, modelPeerPort, parentPort, playshotPort, productPort, seededAdminEmail, trackingPort } from "./stack.mjs";

export { adminPort, apiPort, apiUrl, modelPeerPort, parentPort, playshotPort, productPort, seededAdminEmail, trackingPort };
/** The operator console's address. */
export const adminUrl = `http://127.0.0.1:${adminPort}`;
/** The console's origins: the API answers CORS for them too (the console calls it from the browser). */
export const adminOrigins = [`http://127.0.0.1:${adminPort}`, `http://localhost:${adminPort}`];
/** Where the browsers and the API reach the tracking peer. */
export const trackingUrl = `http://127.0.0.1:${trackingPort}`;
/** The model peer's base URL, as LLM_BASE_URL takes it (with /v1). */
export const modelPeerUrl = `http://127.0.0.1:${modelPeerPort}/v1`;
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

/** A parent page on an origin the sites do not allow. */
export const foreignParentPort = parentPort + 1;
