import { brandNextConfig, CACHED_SORTS } from "@storyloom/next-config";
import { describe, expect, it } from "vitest";
import { SORTS } from "./query";

// The brand config (tooling/next) rewrites `/?sort=…` to the cached catalogue for the sorts it
// lists; that package sits below screens and cannot import SORTS, so this keeps the two equal.
describe("the cached catalogue's sorts", () => {
  it("are exactly the catalogue's sort orders, each rewritten to its cached route", async () => {
    expect(CACHED_SORTS).toEqual(SORTS.map((s) => s.id));
    const { beforeFiles } = (await brandNextConfig("storyloom").rewrites!()) as {
      beforeFiles: { has?: { value?: string }[] }[];
    };
    const pattern = new RegExp(`^${beforeFiles[1]!.has![0]!.value}$`);
    for (const s of SORTS) expect(pattern.exec(s.id)?.groups?.sort).toBe(s.id);
  });
});
