// The test APIs of a run share one host process (@storyloom/test-api): the server's code loads once,
// not once per test file, and each file's startTestApi still gets an API and database of its own.
// One of them, started here, serves the files that only need an address (the browser-like React
// tests and the server reads): it reaches them as `inject("apiUrl")`.
import type { TestProject } from "vitest/node";
import { shareTestApiHost, startTestApi } from "@storyloom/test-api";

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

/** Starts the shared host and API before the run; the returned function stops them after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stopHost = await shareTestApiHost();
  try {
    const api = await startTestApi();
    project.provide("apiUrl", api.url);
    return async () => {
      await api.stop();
      await stopHost();
    };
  } catch (err) {
    await stopHost();
    throw err;
  }
}
