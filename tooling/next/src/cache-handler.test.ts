import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// The same file-system methods `next start` hands its cache handler.
import { nodeFs } from "next/dist/server/lib/node-fs-methods.js";
import RouteCache, { isNotFoundPage } from "./cache-handler";

/** A rendered App Router page as Next's full-route cache receives it. */
function page(status: number | undefined) {
  return { kind: "APP_PAGE", html: `<html>${status ?? 200}</html>`, rscData: Buffer.from("0:{}"), headers: {}, postponed: undefined, status, segmentData: undefined };
}
const ctx = { cacheControl: { revalidate: 30, expire: undefined }, isRoutePPREnabled: false, isFallback: false };

type SetArgs = Parameters<RouteCache["set"]>;

describe("RouteCache", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("stores rendered pages on disk but never a not-found page", async () => {
    dir = mkdtempSync(join(tmpdir(), "route-cache-"));
    const cache = new RouteCache({ fs: nodeFs, serverDistDir: dir, flushToDisk: true, maxMemoryCacheSize: 0, revalidatedTags: [], _requestHeaders: {} });
    await cache.set("/story/neon-requiem", page(undefined) as unknown as SetArgs[1], ctx as SetArgs[2]);
    await cache.set("/story/made-up-slug", page(404) as unknown as SetArgs[1], ctx as SetArgs[2]);
    const files = readdirSync(dir, { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith("neon-requiem.html"))).toBe(true);
    expect(files.filter((f) => f.includes("made-up-slug"))).toEqual([]);
  });

  it("tells not-found pages from everything else", () => {
    expect(isNotFoundPage(page(404))).toBe(true);
    expect(isNotFoundPage(page(200))).toBe(false);
    expect(isNotFoundPage(page(undefined))).toBe(false);
    expect(isNotFoundPage({ kind: "FETCH", data: {}, status: 404 })).toBe(false);
    expect(isNotFoundPage(null)).toBe(false);
  });
});
