import { describe, expect, it } from "vitest";
import { brandNextConfig, CACHED_SORTS } from "../next-config.js";
import { SORTS } from "./catalogue/query";

type Rule = { source: string; destination: string; has?: { key: string; value?: string }[]; missing?: { key: string }[] };

describe("brandNextConfig", () => {
  it("rewrites every sort order's plain catalogue to the cached route, and nothing with a search or category", async () => {
    expect(CACHED_SORTS).toEqual(SORTS.map((s) => s.id));
    const rewrites = (await brandNextConfig("storyloom").rewrites!()) as { beforeFiles: Rule[] };
    const [plain, sorted] = rewrites.beforeFiles;
    expect(plain).toMatchObject({ source: "/", destination: "/catalogue/popular" });
    expect(plain!.missing!.map((m) => m.key).sort()).toEqual(["category", "q", "sort"]);
    expect(sorted!.missing!.map((m) => m.key).sort()).toEqual(["category", "q"]);
    const pattern = new RegExp(`^${sorted!.has![0]!.value}$`);
    for (const s of SORTS) expect(pattern.exec(s.id)?.groups?.sort).toBe(s.id);
    expect(pattern.test("newest")).toBe(false);
  });

  it("sends a visit to the cached route's own address to the page it serves", async () => {
    expect(await brandNextConfig("playshot").redirects!()).toEqual([{ source: "/catalogue/:sort", destination: "/?sort=:sort", permanent: false }]);
  });
});
