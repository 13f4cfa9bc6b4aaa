// One real API (a child process, @storyloom/test-api) shared by the files that only need an address:
// the browser-like (happy-dom) React tests and the server reads. Started once by the runner, it
// reaches them as `inject("apiUrl")`; files that change the API's settings or its database start
// their own.
import type { TestProject } from "vitest/node";
import { startTestApi } from "@storyloom/test-api";

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
