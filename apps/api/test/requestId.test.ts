import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { createTestDb } from "@storyloom/db/testing";
import type { DbHandle } from "@storyloom/db";
import { buildApp, type ApiApp } from "../src/app";
import { loadConfig } from "../src/config";
import { startTestApi } from "../src/testing";
import { newRequestId } from "../src/requestId";
import type { RunningApi } from "../src/server";
import { call } from "./http";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const FRESH_ID = /^[0-9a-f]{16}$/;

let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

/**
 * One request written on a socket, so any header value can be sent (fetch refuses some), and its
 * answer's `x-request-id` (undefined when absent).
 */
function rawRequestId(base: string, path: string, extraHeader = ""): Promise<{ status: number; requestId: string | undefined }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${u.host}\r\n${extraHeader}Connection: close\r\n\r\n`);
    });
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => (text += c));
    socket.on("error", reject);
    socket.on("end", () => {
      const head = text.split("\r\n\r\n")[0] ?? "";
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const id = /\r\nx-request-id: ([^\r\n]*)/i.exec(head)?.[1];
      resolve({ status, requestId: id });
    });
  });
}

describe(`every answer names its request id (${engine})`, () => {
  it("a success, a 404, a 405, a validation error and a malformed URL all carry a fresh x-request-id", async () => {
    const ok = await fetch(`${api.url}/healthz`);
    expect(ok.status).toBe(200);
    const notFound = await call(api, "GET", "/api/v1/no.such.endpoint");
    const wrongMethod = await call(api, "GET", "/api/v1/user.auth");
    const invalid = await call(api, "POST", "/api/v1/user.refresh", { rawBody: "{not json" });
    expect([notFound.status, wrongMethod.status, invalid.status]).toEqual([404, 405, 400]);
    const malformed = await rawRequestId(api.url, "/api/v1/art/cover/%zz");
    expect(malformed.status).toBe(400);
    const ids = [ok.headers.get("x-request-id"), notFound.headers.get("x-request-id"), wrongMethod.headers.get("x-request-id"), invalid.headers.get("x-request-id"), malformed.requestId];
    for (const id of ids) expect(id).toMatch(FRESH_ID);
    // One id per request.
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a short safe incoming id (nginx's $request_id, a UUID) is kept and echoed", async () => {
    for (const incoming of ["0f8e2b5c9a7d4e1f8a6b3c2d1e0f9a8b", "6f1c0d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f", "edge.proxy_42-abc"]) {
      const r = await fetch(`${api.url}/healthz`, { headers: { "x-request-id": incoming } });
      expect(r.headers.get("x-request-id")).toBe(incoming);
      const refused = await call(api, "GET", "/api/v1/no.such.endpoint", { headers: { "x-request-id": incoming } });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("x-request-id")).toBe(incoming);
    }
  });

  it("an incoming id that is too long, too short or outside the safe characters is replaced by a fresh one", async () => {
    const unsafe = ["x".repeat(65), "short", 'a"}{"level":60,"msg":"forged', "<script>alert(1)</script>", "has spaces in it", "tab\there-1234"];
    for (const incoming of unsafe) {
      const r = await rawRequestId(api.url, "/healthz", `X-Request-Id: ${incoming}\r\n`);
      expect(r.status).toBe(200);
      expect(r.requestId).toMatch(FRESH_ID);
    }
  });
});

describe(`each log line of a request carries its request id (${engine})`, () => {
  let handle: DbHandle;
  let built: ApiApp;
  let base: string;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    handle = await createTestDb();
    const config = loadConfig({}, { NODE_ENV: "test", PORT: 0, LOG_LEVEL: "debug", DEV_MAILBOX: true, PAYMENTS_SANDBOX: true });
    built = await buildApp({ config, db: handle.db, logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
    await built.app.listen({ host: "127.0.0.1", port: 0 });
    const addr = built.app.server.address();
    base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await built.app.close();
    await handle.close();
  });

  it("the request's lines (incoming, refused, completed) carry the id it answered with, and no other request's", async () => {
    const mine = "trace-0123456789abcdef";
    const r = await fetch(`${base}/api/v1/user.refresh`, { method: "POST", headers: { "content-type": "application/json", "x-request-id": mine }, body: "{not json" });
    expect(r.status).toBe(400);
    expect(r.headers.get("x-request-id")).toBe(mine);
    const other = await fetch(`${base}/healthz`);
    const otherId = other.headers.get("x-request-id");
    expect(otherId).toMatch(FRESH_ID);

    const ofMine = lines.filter((l) => l.reqId === mine);
    expect(ofMine.map((l) => l.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    expect(ofMine.find((l) => l.msg === "request completed")).toMatchObject({ res: { statusCode: 400 } });
    expect(lines.filter((l) => l.reqId === otherId).map((l) => l.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    // Every line about an HTTP request names one of the two ids: none is left without.
    const aboutRequests = lines.filter((l) => "req" in l || "res" in l);
    expect(aboutRequests.length).toBeGreaterThanOrEqual(4);
    for (const l of aboutRequests) expect([mine, otherId]).toContain(l.reqId);
  });

  it("a forged id never reaches the log: the line carries the fresh id the answer names", async () => {
    const forged = 'x","level":60,"msg":"forged';
    const r = await rawRequestId(base, "/healthz", `X-Request-Id: ${forged}\r\n`);
    expect(r.requestId).toMatch(FRESH_ID);
    expect(lines.filter((l) => l.reqId === r.requestId).map((l) => l.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    expect(lines.some((l) => l.msg === "forged" || JSON.stringify(l).includes("forged"))).toBe(false);
  });
});

describe("fresh request ids", () => {
  it("stay 16 hex digits and distinct across many pool refills (drawn 4 KiB of randomness at a time)", () => {
    const ids = Array.from({ length: 5000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(FRESH_ID);
    expect(new Set(ids).size).toBe(ids.length);
    // Not a counter: consecutive ids share no fixed prefix.
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBeGreaterThan(1000);
  });
});
