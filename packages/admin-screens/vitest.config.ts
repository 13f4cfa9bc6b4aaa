import { vitestConfig } from "@storyloom/vitest-config";

// The console's logic (URL filters, amounts, the stored session) is tested as plain functions in
// node; the screens themselves are covered end to end against the real API (tests/e2e/specs/console.e2e.ts).
export default vitestConfig();
