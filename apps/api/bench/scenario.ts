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
  /** `api.url` is the base URL of the API under test (it runs in another process). */
  prepare(api: { url: string }): Promise<BenchRequest>;
}
