// `pnpm test:e2e` (tests/e2e's turbo task): Playwright against the sites' `.next-e2e` builds, which
// turbo makes first (turbo.json: this task depends on both apps' `build:e2e`, see build-site.mjs).
// Extra arguments go to Playwright. Then the AI run (playwright.ai.config.ts): the same ports and
// builds, plus the local model peer with LLM_BASE_URL pointed at it. A run narrowed by arguments is
// the main suite's alone.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { siteBuildEnv } from "./stack.mjs";

const dir = join(import.meta.dirname, "..");
const playwright = join(dir, "node_modules", ".bin", "playwright");
const env = { ...process.env, NEXT_DIST_DIR: siteBuildEnv.NEXT_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
const run = (args: string[]) => spawnSync(playwright, args, { cwd: dir, env, stdio: "inherit" }).status ?? 1;

const args = process.argv.slice(2);
const main = run(["test", ...args]);
const ai = args.length === 0 ? run(["test", "-c", "playwright.ai.config.ts"]) : 0;
process.exit(main || ai);
