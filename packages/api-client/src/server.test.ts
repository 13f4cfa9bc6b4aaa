import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { serverRead } from "./server";
import { deadUrl } from "./test-helpers";

// Reads against the real API the global setup started; the odd answers (500, a wrong shape, no
// answer) come from a local HTTP server, which also shows exactly what a read sends.
const apiUrl = inject("apiUrl");
const opts = { baseUrl: apiUrl, revalidate: 30, timeoutMs: 10_000 };

type Seen = { method: string; url: string; contentType: string | undefined; body: string };
async function peer(answer: (res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"], body });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { url, seen, close };
}

afterEach(() => vi.restoreAllMocks());

describe("serverRead against the real API", () => {
  it("reads a list (POST) and one story (GET), checked against the contract", async () => {
    const list = await serverRead("storyList", { sort: "popular", limit: 2 }, opts);
    if (!list.ok) throw new Error(list.message);
    expect(list.data.stories.length).toBeGreaterThan(0);
    const id = list.data.stories[0]!.id;
    const one = await serverRead("storyGet", { id }, { ...opts, baseUrl: `${apiUrl}/` });
    if (!one.ok) throw new Error(one.message);
    expect(one.data.story.id).toBe(id);
  });

  it("tells a missing story (not found) from other failures", async () => {
    expect(await serverRead("storyGet", { id: "no-such-story" }, opts)).toEqual({ ok: false, notFound: true, message: "Not found" });
    expect(await serverRead("categoryList", {}, { ...opts, baseUrl: await deadUrl() })).toEqual({ ok: false, notFound: false, message: "Network error" });
  });

  it("hands Next's data cache the revalidate period on the real fetch", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await serverRead("categoryList", {}, { ...opts, revalidate: 300 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![1]).toMatchObject({ method: "GET", next: { revalidate: 300 } });
  });
});

describe("serverRead against odd answers", () => {
  it("sends GET input as a query and POST input as a JSON body", async () => {
    const p = await peer((res) => res.writeHead(500).end());
    try {
      await serverRead("storyGet", { id: "a b" }, { ...opts, baseUrl: p.url });
      await serverRead("storyList", { category_id: "fantasy", sort: "popular", limit: 6 }, { ...opts, baseUrl: p.url });
      expect(p.seen).toEqual([
        { method: "GET", url: "/api/v1/story.get?id=a+b", contentType: undefined, body: "" },
        { method: "POST", url: "/api/v1/story.list", contentType: "application/json", body: '{"category_id":"fantasy","sort":"popular","limit":6}' },
      ]);
    } finally {
      await p.close();
    }
  });

  it("reports a server error and an answer of the wrong shape without throwing", async () => {
    const failing = await peer((res) => res.writeHead(500).end());
    const wrong = await peer((res) => res.writeHead(200, { "content-type": "application/json" }).end('{"code":"0","message":"","data":{"stories":"many"}}'));
    try {
      expect(await serverRead("categoryList", {}, { ...opts, baseUrl: failing.url })).toEqual({ ok: false, notFound: false, message: "HTTP error! status: 500" });
      expect(await serverRead("storyList", {}, { ...opts, baseUrl: wrong.url })).toEqual({ ok: false, notFound: false, message: "Unexpected answer from the server" });
    } finally {
      await Promise.all([failing.close(), wrong.close()]);
    }
  });

  it("tells the age gate of a mature story from any other refusal", async () => {
    const gate = { code: "FORBIDDEN", message: "This story is for adults.", data: { age_gate: true } };
    const gated = await peer((res) => res.writeHead(403, { "content-type": "application/json" }).end(JSON.stringify(gate)));
    const other = await peer((res) => res.writeHead(403, { "content-type": "application/json" }).end('{"code":"FORBIDDEN","message":"No.","data":null}'));
    const garbled = await peer((res) => res.writeHead(403).end("<html>"));
    try {
      expect(await serverRead("storyGet", { id: "x" }, { ...opts, baseUrl: gated.url })).toEqual({ ok: false, notFound: false, ageGate: true, message: "This story is for adults." });
      expect(await serverRead("storyGet", { id: "x" }, { ...opts, baseUrl: other.url })).toEqual({ ok: false, notFound: false, message: "No." });
      expect(await serverRead("storyGet", { id: "x" }, { ...opts, baseUrl: garbled.url })).toEqual({ ok: false, notFound: false, message: "Forbidden" });
    } finally {
      await Promise.all([gated.close(), other.close(), garbled.close()]);
    }
  });

  it("gives up after timeoutMs instead of hanging", async () => {
    const silent = await peer(() => undefined);
    try {
      // The peer never answers: without the timeout this read would hang until the test times out.
      expect(await serverRead("categoryList", {}, { ...opts, baseUrl: silent.url, timeoutMs: 200 })).toEqual({ ok: false, notFound: false, message: "Network error" });
    } finally {
      await silent.close();
    }
  });
});
