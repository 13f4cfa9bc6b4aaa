import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as guard from "./chunk-guard";
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
  // An error that names no file: nothing to check first, so the reload is immediate.
  const chunkError = () => Object.assign(new Error("Loading chunk 742 failed."), { name: "ChunkLoadError" });
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

/** A local server for the guard's check: answers 404 (the chunk is gone after a deploy) or never answers. */
async function chunkServer(mode: "gone" | "silent"): Promise<{ url: string; server: Server; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    // happy-dom sends a CORS preflight (a browser does not for a HEAD); the page's origin is allowed.
    const cors = { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, HEAD" };
    if (mode === "gone") res.writeHead(req.method === "OPTIONS" ? 204 : 404, cors).end();
    // "silent": the request is held open, like a dead network.
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}/_next/static/chunks/0abc123.js`, server, hits: () => hits };
}
let servers: Server[] = [];
afterEach(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
  servers = [];
});
function rejectWith(reason: unknown) {
  const event = new Event("unhandledrejection") as PromiseRejectionEvent;
  Object.defineProperty(event, "reason", { value: reason });
  window.dispatchEvent(event);
}

describe("the check before a chunk-error reload (spec section 9: 1500 ms)", () => {
  it("reads the failed file's address from each browser's wording", () => {
    const url = "https://storyloom.ai/_next/static/chunks/0abc123.js";
    expect(guard.failedChunkUrl(new Error(`Loading chunk 742 failed.\n(error: ${url})`))).toBe(url);
    expect(guard.failedChunkUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(guard.failedChunkUrl(`error loading dynamically imported module: ${url}`)).toBe(url);
    expect(guard.failedChunkUrl(new TypeError("Importing a module script failed."))).toBeNull();
  });

  it("reloads once the server answers for the failed file (404: a new build replaced it)", async () => {
    const peer = await chunkServer("gone");
    servers.push(peer.server);
    const reload = vi.fn();
    const uninstall = installChunkErrorGuard({ reload });
    rejectWith(new TypeError(`Failed to fetch dynamically imported module: ${peer.url}`));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(peer.hits()).toBeGreaterThan(0);
    uninstall();
  });

  it("does not reload when no answer comes within 1500 ms (offline), and reloads when the browser is back online", async () => {
    const peer = await chunkServer("silent");
    servers.push(peer.server);
    const reload = vi.fn();
    const uninstall = installChunkErrorGuard({ reload });
    const started = Date.now();
    rejectWith(new TypeError(`Failed to fetch dynamically imported module: ${peer.url}`));
    await vi.waitFor(() => expect(peer.hits()).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 1800));
    expect(reload).not.toHaveBeenCalled();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    window.dispatchEvent(new Event("online"));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(guard.BUILD_CHECK_TIMEOUT_MS).toBe(1500);
    uninstall();
  });
});
