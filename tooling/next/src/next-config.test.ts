import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brandNextConfig, CACHED_SORTS, distDir } from "./next-config";

type Rule = { source: string; destination: string; has?: { key: string; value?: string }[]; missing?: { key: string }[] };

describe("brandNextConfig", () => {
  it("rewrites every cached sort order's plain catalogue to the cached route, and nothing with a search or category", async () => {
    const rewrites = (await brandNextConfig("storyloom").rewrites!()) as { beforeFiles: Rule[] };
    const [plain, sorted] = rewrites.beforeFiles;
    expect(plain).toMatchObject({ source: "/", destination: "/catalogue/popular" });
    expect(plain!.missing!.map((m) => m.key).sort()).toEqual(["category", "q", "sort"]);
    expect(sorted!.missing!.map((m) => m.key).sort()).toEqual(["category", "q"]);
    const pattern = new RegExp(`^${sorted!.has![0]!.value}$`);
    for (const sort of CACHED_SORTS) expect(pattern.exec(sort)?.groups?.sort).toBe(sort);
    expect(pattern.test("newest")).toBe(false);
  });

  it("sends a visit to the cached route's own address to the page it serves", async () => {
    expect(await brandNextConfig("playshot").redirects!()).toEqual([{ source: "/catalogue/:sort", destination: "/?sort=:sort", permanent: false }]);
  });

  it("names the brand, the build folder and the cache handler next to this module", () => {
    const config = brandNextConfig("playshot");
    expect(config.env?.APP_NAME).toBe("playshot");
    expect(config.distDir).toBe(distDir());
    expect(config.cacheHandler).toBe(`${dirname(fileURLToPath(import.meta.url))}/cache-handler.js`);
  });

  it("builds a standalone server traced from the monorepo's root, which holds the cache handler", () => {
    const config = brandNextConfig("storyloom");
    expect(config.output).toBe("standalone");
    const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
    expect(config.outputFileTracingRoot).toBe(`${repo}/`);
    expect(existsSync(join(config.outputFileTracingRoot!, "pnpm-workspace.yaml"))).toBe(true);
    // Inside the traced tree, so `next build` names it relative to the build and copies it.
    expect(relative(config.outputFileTracingRoot!, config.cacheHandler!).startsWith("..")).toBe(false);
  });
});
