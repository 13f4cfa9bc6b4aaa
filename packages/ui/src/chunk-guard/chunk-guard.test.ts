import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, installChunkErrorGuard, isChunkLoadError, reloadOnceForChunkError } from "./chunk-guard";

function chunkError() {
  const error = new Error("Loading chunk 742 failed.\n(error: https://storyloom.ai/_next/static/chunks/742.js)");
  error.name = "ChunkLoadError";
  return error;
}

describe("isChunkLoadError", () => {
  it("recognises webpack, Chromium, Safari and Firefox wordings", () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk app/story/page failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk 12 failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/_next/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError("error loading dynamically imported module")).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Network error"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: "Loading chunk 1 failed" })).toBe(false);
  });
});

describe("reloadOnceForChunkError", () => {
  it("reloads once, refuses again within 10 s, and allows it after", () => {
    const reload = vi.fn();
    let now = 1_000_000;
    const options = { reload, now: () => now, storage: window.sessionStorage };
    expect(reloadOnceForChunkError(options)).toBe(true);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe("1000000");
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    now += 9_999;
    expect(reloadOnceForChunkError(options)).toBe(false);
    now += 1;
    expect(reloadOnceForChunkError(options)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe("installChunkErrorGuard", () => {
  it("reloads on an unhandled chunk rejection or error event, once, and stops when uninstalled", () => {
    const reload = vi.fn();
    const uninstall = installChunkErrorGuard({ reload });
    const rejection = new Event("unhandledrejection") as PromiseRejectionEvent;
    Object.defineProperty(rejection, "reason", { value: new Error("Something else") });
    window.dispatchEvent(rejection);
    expect(reload).not.toHaveBeenCalled();

    const chunkRejection = new Event("unhandledrejection") as PromiseRejectionEvent;
    Object.defineProperty(chunkRejection, "reason", { value: chunkError() });
    window.dispatchEvent(chunkRejection);
    expect(reload).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught ChunkLoadError", error: chunkError() }));
    expect(reload).toHaveBeenCalledTimes(1);

    uninstall();
    window.sessionStorage.clear();
    window.dispatchEvent(chunkRejection);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
