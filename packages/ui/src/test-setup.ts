import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// A dialog's code (Headless UI) is loaded on its first opening; on the loaded 2-core machine the
// first import in a test file takes over the default 1 s of findBy/waitFor.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
