/** One request shape to load-test against a running API. */
export interface BenchRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Another path or body for each request (autocannon's setupRequest), so answers are not served from a cache. */
  vary?: () => { path?: string; body?: string };
}

/** A benchmark scenario: prepares what it needs on the API (a user, a token…) and names its request. */
export interface BenchScenario {
  name: string;
  /** The least ratio to the bare route it must reach on PostgreSQL; none: measured, not judged. */
  target?: number;
  /** `api.url` is the base URL of the API under test (it runs in another process). */
  prepare(api: { url: string }): Promise<BenchRequest>;
}
