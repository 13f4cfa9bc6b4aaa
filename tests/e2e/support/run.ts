// `pnpm test:e2e`: builds both sites for this stack's API address, then runs Playwright (extra
// arguments go to Playwright). The sites inline NEXT_PUBLIC_API_URL at build time, so the stack's
// build differs from `npm start`'s. It is its own turbo task, `build:e2e`, writing `.next-e2e`: a
// running product's `.next` is never rebuilt or restored under it, and turbo caches the two builds
// apart (keyed by NEXT_PUBLIC_*), so after the first run of each, neither rebuilds for the other.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { apiUrl, parentPort } from "./env";

const root = join(import.meta.dirname, "..", "..", "..");
// payments.e2e.ts frames the sites from a parent page on parentPort and checks the Stripe.js path:
// the sites are built with PARENT_ORIGINS naming it and a test publishable key.
const env = {
  ...process.env,
  NEXT_PUBLIC_API_URL: apiUrl,
  NEXT_DIST_DIR: ".next-e2e",
  NEXT_TELEMETRY_DISABLED: "1",
  PARENT_ORIGINS: process.env.PARENT_ORIGINS ?? `http://127.0.0.1:${parentPort}`,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? "pk_test_storyloom_e2e",
};
const run = (cmd: string, args: string[], cwd: string) => spawnSync(cmd, args, { cwd, env, stdio: "inherit" }).status ?? 1;

const turbo = join(root, "node_modules", ".bin", "turbo");
const built = run(turbo, ["run", "build:e2e", "--filter=@storyloom/app-product", "--filter=@storyloom/app-playshot", "--concurrency=1", "--output-logs=errors-only"], root);
if (built !== 0) process.exit(built);
process.exit(run(join(import.meta.dirname, "..", "node_modules", ".bin", "playwright"), ["test", ...process.argv.slice(2)], join(import.meta.dirname, "..")));
