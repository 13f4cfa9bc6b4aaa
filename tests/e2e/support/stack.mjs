// The e2e stack's ports and the environment its site builds need: plain JavaScript, so both the
// TypeScript specs (through env.ts) and the brand apps' `build:e2e` (through build-site.mjs, run
// by turbo before `test:e2e`) read one definition. The same variable names as scripts/start.mjs,
// other defaults: the test stack never collides with a running `npm start` (4000/3000/3001).

/** The API's port in the e2e stack. */
export const apiPort = Number(process.env.API_PORT ?? 4700);
/** Storyloom's port. */
export const productPort = Number(process.env.PRODUCT_PORT ?? 3700);
/** PlayShot's port. */
export const playshotPort = Number(process.env.PLAYSHOT_PORT ?? 3701);
/** The operator console's port (apps/admin). */
export const adminPort = Number(process.env.ADMIN_PORT ?? 3702);
/** The local tracking peer (Meta pixel script, Graph API, PostHog): next to the API's port unless set. */
export const trackingPort = Number(process.env.TRACKING_PORT ?? apiPort + 1);
/** The parent page allowed to frame the sites (the sites are built with PARENT_ORIGINS naming it). */
export const parentPort = Number(process.env.PARENT_PORT ?? apiPort + 2);
/** The local model peer (the AI run only, see playwright.ai.config.ts): the API's port + 4 unless set. */
export const modelPeerPort = Number(process.env.MODEL_PEER_PORT ?? apiPort + 4);
/**
 * The console's first account, seeded as `npm start` seeds it (scripts/start.mjs): the API is given
 * it in SUPER_ADMIN_EMAILS, so it signs in with the e-mail code as a super admin.
 */
export const seededAdminEmail = "admin@storyloom.local";
/** Where the sites' servers and the specs reach the API. */
export const apiUrl = `http://127.0.0.1:${apiPort}`;

/**
 * What a site build for this stack is given: the API's address (NEXT_PUBLIC_* is inlined at build
 * time), the parent page that payments.e2e.ts frames it from, a test publishable key (the Stripe.js
 * path), and its own dist folder beside `npm start`'s `.next`.
 */
export const siteBuildEnv = {
  NEXT_PUBLIC_API_URL: apiUrl,
  NEXT_DIST_DIR: ".next-e2e",
  NEXT_TELEMETRY_DISABLED: "1",
  PARENT_ORIGINS: process.env.PARENT_ORIGINS ?? `http://127.0.0.1:${parentPort}`,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? "pk_test_storyloom_e2e",
};
