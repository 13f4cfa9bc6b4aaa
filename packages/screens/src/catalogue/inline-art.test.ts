import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INLINE_ART_MAX_BYTES, inlinableArtPath, inlineArt, svgDataUrl } from "./inline-art";

const small = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 4"><rect width="3" height="4" fill="#7c3aed"/><text>Ünïcode & "quotes" #1</text></svg>`;

// A small peer answering like the API's art route, with the cases the site must survive.
let server: Server;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === "/api/v1/art/cover/small.svg") res.writeHead(200, { "content-type": "image/svg+xml; charset=utf-8" }).end(small);
    else if (req.url === "/api/v1/art/cover/huge.svg") res.writeHead(200, { "content-type": "image/svg+xml" }).end(`<svg>${"x".repeat(INLINE_ART_MAX_BYTES)}</svg>`);
    else if (req.url === "/api/v1/art/cover/html.svg") res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    else res.writeHead(404, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  delete process.env.API_INTERNAL_URL;
  server.close();
});

describe("svgDataUrl", () => {
  it("round-trips the document exactly", () => {
    const url = svgDataUrl(small);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(small);
    expect(url).not.toMatch(/[<>"#\s]/);
  });
});

describe("inlinableArtPath", () => {
  it("takes only the API's generated SVG art", () => {
    expect(inlinableArtPath("http://127.0.0.1:4000/api/v1/art/cover/neon-requiem.svg")).toBe("/api/v1/art/cover/neon-requiem.svg");
    expect(inlinableArtPath("https://cdn.example.com/cover.png")).toBeNull();
    expect(inlinableArtPath("https://cdn.example.com/cover.svg")).toBeNull();
    expect(inlinableArtPath("http://127.0.0.1:4000/api/v1/art/cover/x.png")).toBeNull();
  });
});

describe("inlineArt", () => {
  it("inlines small SVG art and leaves everything else to load normally", async () => {
    const base = "http://api.example/api/v1/art/cover";
    hits = 0;
    const out = await inlineArt([`${base}/small.svg`, `${base}/small.svg`, `${base}/huge.svg`, `${base}/html.svg`, `${base}/missing.svg`, "https://cdn.example.com/c.png"]);
    expect(Object.keys(out)).toEqual([`${base}/small.svg`]);
    expect(out[`${base}/small.svg`]).toBe(svgDataUrl(small));
    // Duplicates are fetched once; the PNG is never fetched.
    expect(hits).toBe(4);
  });

  it("gives nothing, and does not throw, when the API is down", async () => {
    const saved = process.env.API_INTERNAL_URL;
    process.env.API_INTERNAL_URL = "http://127.0.0.1:9";
    try {
      expect(await inlineArt(["http://x/api/v1/art/cover/small.svg"])).toEqual({});
    } finally {
      process.env.API_INTERNAL_URL = saved;
    }
  });
});
