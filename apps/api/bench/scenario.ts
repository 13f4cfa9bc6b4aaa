import type { RunningApi } from "../src/server";

/** One request shape to load-test against a running API. */
export interface BenchRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A benchmark scenario: prepares what it needs on the API (a user, a token…) and names its request. */
export interface BenchScenario {
  name: string;
  prepare(api: RunningApi): Promise<BenchRequest>;
}
