// Browser-like (happy-dom) test files cannot host the API themselves: happy-dom's globals break the
// server's Node code. This starts one real API in the Node context of the runner and hands its URL
// to those files via `inject("apiUrl")`.
import type { TestProject } from "vitest/node";
import { startTestApi } from "@storyloom/api/testing";

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

/** Starts the shared API before the run; the returned function stops it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const api = await startTestApi();
  project.provide("apiUrl", api.url);
  return () => api.stop();
}
