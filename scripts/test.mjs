// `npm test`: every test. Lint and types, unit and integration suites (real API on embedded PGlite,
// or PostgreSQL when DATABASE_URL is set), then the production builds of both brands driven in Chromium.
import { ensureChromium, ensureInstalled, pnpm, run } from "./lib.mjs";

await ensureInstalled();
// The quick-start scripts' own helpers (what `npm start` prints), on Node's test runner.
console.log("\n▶ quick-start scripts");
if ((await run(process.execPath, ["--test", "scripts/lib.test.mjs"])) !== 0) {
  console.error("✖ quick-start scripts failed");
  process.exit(1);
}
const steps = [
  ["lint + typecheck", ["exec", "turbo", "run", "lint", "typecheck", "--output-logs=errors-only"]],
  ["unit + integration tests", ["exec", "turbo", "run", "test", "--concurrency=1"]],
];
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const code = await pnpm(args);
  if (code !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(code);
  }
}

const chromium = ensureChromium();
if (!chromium) {
  console.error("✖ end-to-end tests need Chromium: install it (Debian: apt-get install -y chromium) or set CHROME_PATH");
  process.exit(1);
}
console.log("\n▶ end-to-end tests (production builds in Chromium)");
const e2e = await pnpm(["exec", "turbo", "run", "test:e2e", "--concurrency=1"], { env: { CHROME_PATH: chromium } });
if (e2e !== 0) {
  console.error("✖ end-to-end tests failed");
  process.exit(e2e);
}
console.log("\n✔ all tests passed");
