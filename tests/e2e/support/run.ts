// `pnpm test:e2e` (tests/e2e's turbo task): Playwright against the sites' `.next-e2e` builds, which
// turbo makes first (turbo.json: this task depends on both apps' `build:e2e`, see build-site.mjs).
// Extra arguments go to Playwright. Then the AI run (playwright.ai.config.ts): the same ports and builds, plus the local model peer with LLM_BASE_URL
// pointed at it. Each pass is its own Playwright run, so its own fresh database. A run narrowed by
// arguments is the main suite's alone.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { siteBuildEnv } from "./stack.mjs";

const dir = join(import.meta.dirname, "..");
const playwright = join(dir, "node_modules", ".bin", "playwright");
const env = { ...process.env, NEXT_DIST_DIR: siteBuildEnv.NEXT_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
const run = (pass: string, args: string[], extra: NodeJS.ProcessEnv = {}) => {
  const began = Date.now();
  const status =
    spawnSync(playwright, args, { cwd: dir, env: { ...env, ...extra }, stdio: "inherit" }).status ?? 1;
  process.stdout.write(
    `▶ ${pass}: ${status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - began) / 1000)} s\n`,
  );
  return status;
};

const args = process.argv.slice(2);
const main = run("main pass", ["test", ...args]);
const whole = args.length === 0;
const ai = whole ? run("AI pass", ["test", "-c", "playwright.ai.config.ts"]) : 0;
process.exit(main || ai);
