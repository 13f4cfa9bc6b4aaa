import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const varyOf = (h: Headers) => (h.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase()).filter(Boolean);

describe(`Vary keeps every header an answer depends on (${engine})`, () => {
  it("a cacheable story answer varies by Origin and Authorization, for each brand and for others", async () => {
    const list = await call<{ stories: { id: string }[] }>(api, "POST", "/api/v1/story.list");
    const id = list.data.stories[0]!.id;
    for (const origin of ["http://localhost:3000", "http://localhost:3001", "https://evil.example"]) {
      const r = await fetch(`${api.url}/api/v1/story.get?id=${encodeURIComponent(id)}`, { headers: { origin } });
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toMatch(/public/);
      expect(varyOf(r.headers)).toEqual(expect.arrayContaining(["origin", "authorization"]));
    }
  });
  it("every answer varies by Origin, with or without one, so a cache never hands one brand's CORS answer to another", async () => {
    for (const headers of [{}, { origin: "http://localhost:3000" }, { origin: "https://evil.example" }] as Record<string, string>[]) {
      const r = await fetch(`${api.url}/healthz`, { headers });
      expect(varyOf(r.headers)).toContain("origin");
    }
  });
});

/** A raw request, for URLs fetch() would normalise before sending. */
function raw(path: string, method = "GET"): Promise<{ status: number; headers: Record<string, unknown>; body: { code: string } }> {
  return new Promise((resolve, reject) => {
    const u = new URL(api.url);
    const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`Fastify's own 4xx answers carry their own codes (${engine})`, () => {
  it("a known path called with the wrong method is 405 METHOD_NOT_ALLOWED with Allow", async () => {
    const r = await call(api, "GET", "/api/v1/user.auth");
    expect(r).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    expect(r.headers.get("allow")).toBe("POST");
    const put = await fetch(`${api.url}/api/v1/user.whoami`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET");
    expect(((await put.json()) as { code: string }).code).toBe("METHOD_NOT_ALLOWED");
  });
  it("a malformed URL is 400 BAD_REQUEST, not a validation error", async () => {
    const path = await raw("/api/v1/art/cover/%zz");
    expect(path.status).toBe(400);
    expect(path.body.code).toBe("BAD_REQUEST");
  });
  it("a body over the limit is 413 PAYLOAD_TOO_LARGE, another media type 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    expect(await call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: "x".repeat(300_000) } })).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    expect(await call(api, "POST", "/api/v1/user.refresh", { rawBody: "a=b", headers: { "content-type": "text/plain" } })).toMatchObject({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
  });
});
