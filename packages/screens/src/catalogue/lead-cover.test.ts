import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineLeadCover, LEAD_COVER_MAX_BYTES, leadCoverPath } from "./lead-cover";

describe("leadCoverPath", () => {
  it("asks the API for the 320w WebP copy of a generated cover", () => {
    expect(leadCoverPath("http://127.0.0.1:4000/api/v1/art/cover/neon-requiem.svg")).toBe("/api/v1/art/cover/neon-requiem.webp?w=320");
    expect(leadCoverPath("/api/v1/art/cover/neon-requiem.webp")).toBe("/api/v1/art/cover/neon-requiem.webp?w=320");
  });
  it("inlines nothing else", () => {
    for (const url of ["https://cdn.example.com/cover.jpg", "/api/v1/art/avatar/juno.svg", "/api/v1/art/cover/../x.svg", "/api/v1/art/cover/x.svg?w=1", ""]) {
      expect(leadCoverPath(url)).toBeNull();
    }
  });
});

// A local peer standing in for the API's art route: each test path answers differently.
const webp = Buffer.concat([Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"), Buffer.alloc(24, 7)]);
let server: Server;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const id = /\/cover\/([a-z-]+)\.webp/.exec(req.url ?? "")?.[1];
    if (id === "small") res.writeHead(200, { "content-type": "image/webp" }).end(webp);
    else if (id === "huge") res.writeHead(200, { "content-type": "image/webp" }).end(Buffer.alloc(LEAD_COVER_MAX_BYTES + 1));
    else if (id === "svg") res.writeHead(200, { "content-type": "image/svg+xml" }).end("<svg/>");
    else if (id === "empty") res.writeHead(200, { "content-type": "image/webp" }).end();
    else if (id === "slow") setTimeout(() => res.writeHead(200, { "content-type": "image/webp" }).end(webp), 3000);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  delete process.env.API_INTERNAL_URL;
});

describe("inlineLeadCover", () => {
  it("turns the small copy into a data: URL of the same bytes", async () => {
    const url = await inlineLeadCover("http://127.0.0.1:4000/api/v1/art/cover/small.svg");
    expect(url).toBe(`data:image/webp;base64,${webp.toString("base64")}`);
    expect(seen).toContain("/api/v1/art/cover/small.webp?w=320");
  });
  it("leaves the cover to load as a request when the answer is too large, not WebP, empty, missing or late", async () => {
    for (const id of ["huge", "svg", "empty", "missing", "slow"]) {
      expect(await inlineLeadCover(`/api/v1/art/cover/${id}.svg`)).toBeNull();
    }
  }, 10_000);
  it("never asks for anything that is not a generated cover", async () => {
    const before = seen.length;
    expect(await inlineLeadCover("https://cdn.example.com/cover.jpg")).toBeNull();
    expect(await inlineLeadCover(undefined)).toBeNull();
    expect(seen.length).toBe(before);
  });
});
