import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serialize } from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RouteCache, {
  decode,
  encode,
  isNotFoundPage,
  stylesheetPreload,
  type CacheValue,
} from "./cache-handler";

/** A page's key as Next scopes it (route-cache-key.js): kind, hash of the source route, path. */
const pageKey = (path: string) => `/route-cache/APP_PAGE/${"ab".repeat(32)}/$${path}`;

/** A rendered App Router page as Next's full-route cache receives it. */
function page(status: number | undefined, tags = "", html = `<html>${status ?? 200}</html>`): CacheValue {
  return {
    kind: "APP_PAGE",
    html,
    rscData: Buffer.from("0:{}"),
    headers: tags ? { "x-next-cache-tags": tags } : {},
    postponed: undefined,
    status,
    segmentData: undefined,
  };
}
/** A fetch answer as Next's data cache receives it. */
function answer(body: string): CacheValue {
  return { kind: "FETCH", data: { headers: {}, body, status: 200, url: "http://api/x" }, revalidate: 300 };
}
const pageSet = { cacheControl: { revalidate: 30, expire: undefined }, isFallback: false };
const pageGet = { kind: "APP_PAGE", isFallback: false, isRoutePPREnabled: false };

let dir = "";
/** A handler as `next start` makes one per request, on the build folder `dir`. */
const handler = (extra: { maxMemoryCacheSize?: number; flushToDisk?: boolean } = {}) =>
  new RouteCache({
    serverDistDir: dir,
    flushToDisk: true,
    maxMemoryCacheSize: 50 * 1024 * 1024,
    revalidatedTags: [],
    ...extra,
  });
/** The module as a restarted server loads it: nothing in memory, only what is on disk. */
async function restarted(): Promise<typeof RouteCache> {
  vi.resetModules();
  return (await import("./cache-handler")).default;
}
/** The bytes of a page stored under /p<n>, as the bounds count it. */
const pageBytes = () =>
  encode({
    key: pageKey("/p0"),
    lastModified: Date.now(),
    value: page(undefined),
    cacheControl: pageSet.cacheControl,
    tags: [],
  }).length;
const entries = () => readdirSync(join(dir, "storyloom-cache")).filter((f) => f.endsWith(".entry"));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "route-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("RouteCache", () => {
  it("stores rendered pages on disk, read back after a restart, but never a not-found page", async () => {
    await handler().set(pageKey("/story/neon-requiem"), page(undefined), pageSet);
    await handler().set(pageKey("/story/made-up-slug"), page(404), pageSet);
    expect(entries()).toHaveLength(1);
    expect(await handler().get(pageKey("/story/made-up-slug"), pageGet)).toBeNull();

    const Fresh = await restarted();
    const cache = new Fresh({ serverDistDir: dir, flushToDisk: true, maxMemoryCacheSize: 1024 * 1024 });
    const hit = await cache.get(pageKey("/story/neon-requiem"), pageGet);
    expect(hit?.value).toMatchObject({
      kind: "APP_PAGE",
      html: "<html>200</html>",
      rscData: Buffer.from("0:{}"),
    });
    expect(hit?.cacheControl).toEqual(pageSet.cacheControl);
    expect(await cache.get(pageKey("/story/made-up-slug"), pageGet)).toBeNull();
  });

  it("drops a cached page whose render became a not-found page (a story since deleted)", async () => {
    await handler().set(pageKey("/story/gone"), page(undefined), pageSet);
    await handler().set(pageKey("/story/gone"), page(404), pageSet);
    expect(await handler().get(pageKey("/story/gone"), pageGet)).toBeNull();
    expect(entries()).toEqual([]);
  });

  it("stores fetch answers with their tags, and answers none for a key it does not hold", async () => {
    await handler().set("f1", answer("{}"), { fetchCache: true, tags: ["stories"] });
    const hit = await handler().get("f1", { kind: "FETCH", tags: ["stories"] });
    expect(hit?.value).toMatchObject({ kind: "FETCH", data: { body: "{}" } });
    expect(await handler().get("f2", { kind: "FETCH" })).toBeNull();
  });

  it("renders anew what carries a revalidated tag, and keeps that after a restart", async () => {
    await handler().set(pageKey("/story/a"), page(undefined, "_N_T_/layout,_N_T_/story/a"), pageSet);
    await handler().set(pageKey("/story/b"), page(undefined, "_N_T_/layout,_N_T_/story/b"), pageSet);
    await handler().set("f1", answer("{}"), { fetchCache: true, tags: ["stories"] });
    await handler().set("f2", answer("{}"), { fetchCache: true, tags: [] });
    await new Promise((r) => setTimeout(r, 2));

    await handler().revalidateTag("_N_T_/story/a");
    await handler().revalidateTag(["stories", "_N_T_/page-soft"], { expire: 3600 });
    expect(await handler().get(pageKey("/story/a"), pageGet)).toBeNull();
    expect(await handler().get(pageKey("/story/b"), pageGet)).not.toBeNull();
    expect(await handler().get("f1", { kind: "FETCH" })).toBeNull();
    // A fetch's soft tags (its page's path) count as its own.
    expect(await handler().get("f2", { kind: "FETCH", softTags: ["_N_T_/page-soft"] })).toBeNull();
    expect(await handler().get("f2", { kind: "FETCH", softTags: ["_N_T_/other"] })).not.toBeNull();

    const Fresh = await restarted();
    const cache = new Fresh({ serverDistDir: dir, flushToDisk: true, maxMemoryCacheSize: 1024 * 1024 });
    expect(await cache.get(pageKey("/story/a"), pageGet)).toBeNull();
    // Rendered again after the revalidation: served.
    await new Promise((r) => setTimeout(r, 2));
    await cache.set(pageKey("/story/a"), page(undefined, "_N_T_/story/a"), pageSet);
    expect(await cache.get(pageKey("/story/a"), pageGet)).not.toBeNull();
  });

  it("answers tags Next says were revalidated by an earlier request (minimal mode) as missing", async () => {
    await handler().set("f1", answer("{}"), { fetchCache: true, tags: ["stories"] });
    const cache = new RouteCache({
      serverDistDir: dir,
      flushToDisk: true,
      maxMemoryCacheSize: 1024,
      revalidatedTags: ["stories"],
    });
    expect(await cache.get("f1", { kind: "FETCH" })).toBeNull();
  });

  it("keeps memory under maxMemoryCacheSize, least recently used out first", async () => {
    const size = pageBytes();
    const memoryOnly = () => handler({ flushToDisk: false, maxMemoryCacheSize: size * 2 + 50 });
    await memoryOnly().set(pageKey("/p0"), page(undefined), pageSet);
    await memoryOnly().set(pageKey("/p1"), page(undefined), pageSet);
    expect(await memoryOnly().get(pageKey("/p0"), pageGet)).not.toBeNull();
    await memoryOnly().set(pageKey("/p2"), page(undefined), pageSet);
    expect(await memoryOnly().get(pageKey("/p1"), pageGet)).toBeNull();
    expect(await memoryOnly().get(pageKey("/p0"), pageGet)).not.toBeNull();
    expect(await memoryOnly().get(pageKey("/p2"), pageGet)).not.toBeNull();
    // Larger than the whole memory: not kept.
    await memoryOnly().set(pageKey("/big"), page(undefined, "", "x".repeat(size * 3)), pageSet);
    expect(await memoryOnly().get(pageKey("/big"), pageGet)).toBeNull();
  });

  it("stops writing new entries to disk past diskLimitBytes, still replacing those it holds", async () => {
    const size = pageBytes();
    class Small extends RouteCache {
      static override diskLimitBytes = size * 2 + 10;
    }
    const small = () => new Small({ serverDistDir: dir, flushToDisk: true, maxMemoryCacheSize: 0 });
    for (const path of ["/p0", "/p1", "/p2", "/p3"])
      await small().set(pageKey(path), page(undefined), pageSet);
    expect(entries()).toHaveLength(2);
    expect(await small().get(pageKey("/p2"), pageGet)).toBeNull();
    await small().set(pageKey("/p0"), page(undefined, "", "<html>new</html>"), pageSet);
    expect((await small().get(pageKey("/p0"), pageGet))?.value?.html).toBe("<html>new</html>");
    // The count survives a restart: the folder is as full as before.
    const Fresh = await restarted();
    class SmallAgain extends Fresh {
      static override diskLimitBytes = size * 2 + 10;
    }
    await new SmallAgain({ serverDistDir: dir, flushToDisk: true, maxMemoryCacheSize: 0 }).set(
      pageKey("/p4"),
      page(undefined),
      pageSet,
    );
    expect(entries()).toHaveLength(2);
  });

  it("answers a cached page with a preload header for its stylesheets, as Next answers a page it renders per request", async () => {
    const head = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/></head><body><link rel="stylesheet" href="/late.css"/></body></html>`;
    await handler().set(pageKey("/styled"), page(undefined, "", head), pageSet);
    const fresh = await restarted();
    const hit = await new fresh({ serverDistDir: dir, flushToDisk: true, maxMemoryCacheSize: 0 }).get(
      pageKey("/styled"),
      pageGet,
    );
    expect(hit?.value?.headers).toEqual({ link: '</_next/static/chunks/a.css>; rel=preload; as="style"' });
    // A page without a stylesheet gets none; a header the render gave is kept as it is.
    await handler().set(pageKey("/plain"), page(undefined), pageSet);
    expect((await handler().get(pageKey("/plain"), pageGet))?.value?.headers).toEqual({});
    await handler().set(
      pageKey("/given"),
      { ...page(undefined, "", head), headers: { Link: '</x.css>; rel=preload; as="style"' } },
      pageSet,
    );
    expect((await handler().get(pageKey("/given"), pageGet))?.value?.headers).toEqual({
      Link: '</x.css>; rel=preload; as="style"',
    });
  });

  it("names each stylesheet of the head as the browser will ask for it, and none it could not match", () => {
    const head = (links: string) => `<html><head>${links}</head><body></body></html>`;
    expect(
      stylesheetPreload(
        head(
          `<link rel="stylesheet" href="/a.css?v=1&amp;x=2"/><link rel="stylesheet" href="https://cdn.example/b.css" crossorigin=""/><link rel="stylesheet" href="/c.css" crossorigin="use-credentials"/>`,
        ),
      ),
    ).toBe(
      '</a.css?v=1&x=2>; rel=preload; as="style", <https://cdn.example/b.css>; rel=preload; as="style"; crossorigin, </c.css>; rel=preload; as="style"; crossorigin="use-credentials"',
    );
    expect(
      stylesheetPreload(
        head(`<link rel="preload" href="/a.css" as="style"/><link rel="icon" href="/icon.svg"/>`),
      ),
    ).toBeUndefined();
    expect(
      stylesheetPreload(head(`<link rel="stylesheet" href="/a.css" integrity="sha384-x"/>`)),
    ).toBeUndefined();
    expect(stylesheetPreload(head(`<link rel="stylesheet" href="/a.css" media="print"/>`))).toBeUndefined();
    expect(stylesheetPreload(head(`<link rel="stylesheet" href="/a b.css"/>`))).toBeUndefined();
    expect(stylesheetPreload(`<link rel="stylesheet" href="/a.css"/>`)).toBeUndefined();
  });

  describe("pages prerendered by next build", () => {
    /** Writes a page the way `next build` does: server/app/<path>.html|.rsc|.meta and its segments. */
    function prerender(path: string, key: string) {
      const base = join(dir, "app", path);
      mkdirSync(join(base + ".segments"), { recursive: true });
      writeFileSync(
        base + ".html",
        `<html><head><link rel="stylesheet" href="/s.css" data-precedence="next"/></head>about</html>`,
      );
      writeFileSync(base + ".rsc", "0:about");
      writeFileSync(join(base + ".segments", "_tree.segment.rsc"), "tree");
      const headers = { "x-nextjs-prerender": "1", "x-next-cache-tags": "_N_T_/layout,_N_T_/about" };
      writeFileSync(
        base + ".meta",
        JSON.stringify({
          headers,
          segmentPaths: ["/_tree", "/_missing"],
          routeCache: { key, isFallback: false },
        }),
      );
    }

    it("are served from the build output, as Next's own cache does, without copying them", async () => {
      prerender("about", pageKey("/about"));
      const hit = await handler().get(pageKey("/about"), pageGet);
      expect(hit?.value).toMatchObject({
        kind: "APP_PAGE",
        html: `<html><head><link rel="stylesheet" href="/s.css" data-precedence="next"/></head>about</html>`,
        rscData: Buffer.from("0:about"),
        headers: { "x-nextjs-prerender": "1", link: '</s.css>; rel=preload; as="style"' },
      });
      expect(hit?.value?.segmentData).toEqual(new Map([["/_tree", Buffer.from("tree")]]));
      expect(hit?.lastModified).toBeGreaterThan(0);
      expect(entries()).toEqual([]);
      await handler().revalidateTag("_N_T_/about");
      expect(await handler().get(pageKey("/about"), pageGet)).toBeNull();
    });

    it("only for the key they were rendered for", async () => {
      prerender("about", `/route-cache/APP_PAGE/${"cd".repeat(32)}/$/about`);
      expect(await handler().get(pageKey("/about"), pageGet)).toBeNull();
      expect(await handler().get(pageKey("/about"), { ...pageGet, isFallback: true })).toBeNull();
      expect(await handler().get(pageKey("/../../etc/passwd"), pageGet)).toBeNull();
    });
  });

  it("stores a page's HTML and a fetch's body as UTF-8, half the bytes of v8's two-byte strings", () => {
    const html = `<div class="story-card"><h2>Neon Requiem — 魔法少女</h2></div>`.repeat(100);
    const record = {
      key: "k",
      lastModified: 1,
      value: page(undefined, "", html),
      cacheControl: { revalidate: 30 },
      tags: [],
    };
    expect(decode(encode(record))).toEqual(record);
    expect(encode(record).length).toBeLessThan(serialize(record).length * 0.6);
    const fetched = {
      key: "f",
      lastModified: 1,
      value: answer(JSON.stringify({ title: "魔法少女" })),
      tags: ["t"],
    };
    expect(decode(encode(fetched))).toEqual(fetched);
  });

  it("tells not-found pages from everything else", () => {
    expect(isNotFoundPage(page(404))).toBe(true);
    expect(isNotFoundPage(page(200))).toBe(false);
    expect(isNotFoundPage(page(undefined))).toBe(false);
    expect(isNotFoundPage({ kind: "FETCH", data: {}, status: 404 })).toBe(false);
    expect(isNotFoundPage(null)).toBe(false);
  });
});
