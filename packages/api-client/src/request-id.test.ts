import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { createApiClient } from "./client";
import { ApiError, unwrap } from "./result";
import { serverRead } from "./server";
import { memoryStorage } from "./storage";

// A failed call keeps the request id the API answered with (`x-request-id`), so an error page or a
// report can name it to support. Against the real API the global setup started.
const apiUrl = inject("apiUrl");
const API_ID = /^[0-9a-f]{16}$/;

describe("a failed call keeps the API's request id", () => {
  it("on the failure result and on the ApiError unwrap throws", async () => {
    const client = createApiClient({ baseUrl: apiUrl, storage: memoryStorage() });
    const refused = await client.call("storyList", { sort: "no-such-sort" } as never);
    expect(refused).toMatchObject({ ok: false, code: "VALIDATION_ERROR", status: 400 });
    if (refused.ok) throw new Error("the invalid sort was accepted");
    expect(refused.requestId).toMatch(API_ID);
    try {
      unwrap(refused);
      throw new Error("unwrap did not throw");
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).requestId).toBe(refused.requestId);
    }
  });

  it("on a server component's failed read, and not on a success", async () => {
    const opts = { baseUrl: apiUrl, revalidate: 30, timeoutMs: 10_000 };
    const refused = await serverRead("storyList", { sort: "no-such-sort" } as never, opts);
    expect(refused).toMatchObject({ ok: false, notFound: false, message: "HTTP error! status: 400" });
    expect(!refused.ok && refused.requestId).toMatch(API_ID);
    const read = await serverRead("categoryList", {}, opts);
    expect(read.ok).toBe(true);
    expect("requestId" in read).toBe(false);
  });

  it("as a proxy or a failing API names it, and is absent when no answer named one", async () => {
    const withId = createServer((_req, res) => res.writeHead(502, { "x-request-id": "edge-7a1b2c3d" }).end("<html>bad gateway</html>"));
    const withoutId = createServer((_req, res) => res.writeHead(500, { "content-type": "application/json" }).end('{"code":"INTERNAL_ERROR","message":"Boom","data":null}'));
    await Promise.all([withId, withoutId].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()))));
    const url = (s: typeof withId) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    try {
      const opts = { revalidate: 30, timeoutMs: 10_000 };
      expect(await serverRead("categoryList", {}, { ...opts, baseUrl: url(withId) })).toEqual({ ok: false, notFound: false, message: "HTTP error! status: 502", requestId: "edge-7a1b2c3d" });
      expect(await serverRead("categoryList", {}, { ...opts, baseUrl: url(withoutId) })).toEqual({ ok: false, notFound: false, message: "HTTP error! status: 500" });
      const viaClient = await createApiClient({ baseUrl: url(withId), storage: memoryStorage() }).call("categoryList");
      expect(viaClient).toMatchObject({ ok: false, status: 502, requestId: "edge-7a1b2c3d" });
      const unnamed = await createApiClient({ baseUrl: url(withoutId), storage: memoryStorage() }).call("categoryList");
      expect(unnamed).toMatchObject({ ok: false, code: "INTERNAL_ERROR", status: 500 });
      expect(unnamed.ok || unnamed.requestId).toBeUndefined();
    } finally {
      for (const s of [withId, withoutId]) s.closeAllConnections();
      await Promise.all([withId, withoutId].map((s) => new Promise<void>((r) => s.close(() => r()))));
    }
  });
});
