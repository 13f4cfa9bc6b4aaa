import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startRoundRobinProxy, type RoundRobinProxy } from "./support/round-robin-proxy";

// The tests' trusted hop (test/support/round-robin-proxy.ts): round robin, no stickiness, streams
// both ways unbuffered. (The scale-out stage runs behind nginx: nginx.scale-out.test.ts.)

let release: () => void = () => {};
const upstreams: Server[] = [];
let proxy: RoundRobinProxy;

function upstream(name: string): Server {
  return createServer((req, res) => {
    if (req.url === "/stream") {
      // A streamed answer: the second chunk waits until the client has seen the first. A proxy that
      // buffered the answer would never hand the first one over, and the test would time out.
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: first from ${name}\n\n`);
      release = () => res.end(`data: second from ${name}\n\n`);
      return;
    }
    let size = 0;
    req.on("data", (c: Buffer) => (size += c.length));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "x-upstream": name });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, size, forwardedFor: req.headers["x-forwarded-for"] ?? null, host: req.headers.host }));
    });
  });
}

beforeAll(async () => {
  const urls: string[] = [];
  for (const name of ["a", "b"]) {
    const s = upstream(name);
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
    upstreams.push(s);
    urls.push(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
  }
  proxy = await startRoundRobinProxy(urls);
});
afterAll(async () => {
  await proxy.close();
  for (const s of upstreams) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

describe("round-robin proxy", () => {
  it("hands requests to each upstream in turn, with method, path, query and body intact", async () => {
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${proxy.url}/api/v1/x.y?q=${i}`, { method: "POST", body: "z".repeat(100_000) });
      const body = (await r.json()) as { name: string; method: string; url: string; size: number; forwardedFor: string };
      expect(body).toMatchObject({ method: "POST", url: `/api/v1/x.y?q=${i}`, size: 100_000, forwardedFor: "127.0.0.1" });
      names.push(body.name);
    }
    expect(names).toEqual(["a", "b", "a", "b"]);
  });

  it("streams an answer chunk by chunk instead of buffering it", async () => {
    const r = await fetch(`${proxy.url}/stream`);
    expect(r.headers.get("content-type")).toBe("text/event-stream");
    const reader = r.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^data: first from [ab]/);
    release();
    let rest = "";
    for (let c = await reader.read(); !c.done; c = await reader.read()) rest += new TextDecoder().decode(c.value);
    expect(rest).toMatch(/data: second from [ab]/);
  });

  it("answers 502 when an upstream cannot be reached", async () => {
    const dead = await startRoundRobinProxy(["http://127.0.0.1:9"]);
    try {
      const r = await fetch(`${dead.url}/healthz`);
      expect(r.status).toBe(502);
      expect(((await r.json()) as { code: string }).code).toBe("UNAVAILABLE");
    } finally {
      await dead.close();
    }
  });
});
