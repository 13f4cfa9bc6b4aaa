import { defineConfig } from "vitest/config";

/** Shared vitest settings: node environment, tests beside the code, generous timeouts for real servers. */
export function vitestConfig(overrides = {}) {
  return defineConfig({
    test: {
      include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
      environment: "node",
      testTimeout: 30_000,
      hookTimeout: 60_000,
      ...overrides,
    },
  });
}
