import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { ArtCache } from "../src/art/cache";

// Any id rendered art through sharp, unauthenticated, with a 600-entry cache: a script asking for
// random ids at every width kept the API encoding WebPs and its memory growing.

const get = async (api: RunningApi, path: string) => {
  const res = await fetch(`${api.url}/api/v1/art/${path}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get("content-type"), body };
};
const codeOf = (body: Buffer) => (JSON.parse(body.toString("utf8")) as { code: string }).code;

describe("art of ids that exist only", () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.stop();
  });

  it("draws published stories, their characters and the price packages", async () => {
    for (const path of ["cover/the-last-ember.svg", "cover/the-last-ember.webp?w=320", "avatar/cinder.svg", "avatar/cinder.webp?w=64", "package/coins-300.webp"]) {
      expect((await get(api, path)).status).toBe(200);
    }
  });
  it("answers 404 NOT_FOUND for any other id, in either format", async () => {
    for (const path of ["cover/unknown-story.svg", "cover/unknown-story.webp?w=1536", "avatar/nobody-at-all.webp?w=256", "package/coins-999999.svg"]) {
      const r = await get(api, path);
      expect(r.status).toBe(404);
      expect(codeOf(r.body)).toBe("NOT_FOUND");
    }
  });
  it("stops drawing a story, and its characters, once it is unpublished", async () => {
    await api.ctx.db.execute(sql`update stories set published = false where id = 'below-the-ice'`);
    const [actor] = rowsOf<{ slug: string }>(await api.ctx.db.execute(sql`select slug from actors where story_id = 'below-the-ice' limit 1`));
    expect((await get(api, "cover/below-the-ice.svg")).status).toBe(404);
    expect((await get(api, `avatar/${actor!.slug}.svg`)).status).toBe(404);
  });
});

describe("art renders per client address", () => {
  let api: RunningApi;
  let tiny: RunningApi;
  beforeAll(async () => {
    [api, tiny] = await Promise.all([startTestApi({ ART_PER_IP_PER_MINUTE: 3 }), startTestApi({ ART_PER_IP_PER_MINUTE: 3, ART_CACHE_BYTES: 0 })]);
  });
  afterAll(async () => {
    await Promise.all([api.stop(), tiny.stop()]);
  });

  it("are limited to ART_PER_IP_PER_MINUTE; pictures already rendered are served past it", async () => {
    for (const path of ["cover/the-last-ember.webp?w=320", "cover/the-last-ember.webp?w=640", "avatar/cinder.webp?w=64"]) expect((await get(api, path)).status).toBe(200);
    // 768 is drawn at the cover's own 600 px, as 640 was: the same picture, served from the cache.
    expect((await get(api, "cover/the-last-ember.webp?w=768")).status).toBe(200);
    const over = await get(api, "cover/the-last-ember.svg");
    expect(over.status).toBe(429);
    expect(codeOf(over.body)).toBe("RATE_LIMITED");
    for (let i = 0; i < 5; i++) expect((await get(api, "cover/the-last-ember.webp?w=320")).status).toBe(200);
  });
  it("count every render when the cache holds no bytes (the cache is bounded by ART_CACHE_BYTES)", async () => {
    for (let i = 0; i < 3; i++) expect((await get(tiny, "cover/the-last-ember.webp?w=320")).status).toBe(200);
    expect((await get(tiny, "cover/the-last-ember.webp?w=320")).status).toBe(429);
  });
});

describe("ArtCache", () => {
  it("keeps the most recently used pictures within its byte budget", async () => {
    const cache = new ArtCache(250);
    const bytes = (n: number) => () => Promise.resolve(Buffer.alloc(n));
    await cache.render("a", bytes(100));
    await cache.render("b", bytes(100));
    await cache.get("a"); // a is now the most recent
    await cache.render("c", bytes(100));
    expect(cache.bytes).toBe(200);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    await cache.render("big", bytes(300));
    expect(cache.bytes).toBeLessThanOrEqual(250);
  });
  it("shares one render between concurrent askers and forgets a failed one", async () => {
    const cache = new ArtCache(1000);
    let renders = 0;
    const render = () => {
      renders++;
      return Promise.resolve(Buffer.alloc(10));
    };
    await Promise.all([cache.render("x", render), cache.render("x", render), cache.render("x", render)]);
    expect(renders).toBe(1);
    await expect(cache.render("bad", () => Promise.reject(new Error("broken svg")))).rejects.toThrow("broken svg");
    await Promise.resolve();
    expect(cache.get("bad")).toBeUndefined();
  });
});
