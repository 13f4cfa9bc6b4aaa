import { describe, expect, it } from "vitest";
import { REVIEW_ART_PATH, ReviewArtQuery, reviewArtPath } from "./review-art";

describe("the review art call's query", () => {
  it("takes a cover or a character's avatar, webp by default, at a width the sites use", () => {
    expect(ReviewArtQuery.parse({ version_id: "7", kind: "cover" })).toEqual({ version_id: "7", kind: "cover", format: "webp" });
    expect(ReviewArtQuery.parse({ version_id: "7", kind: "avatar", character: "5", w: "96" })).toEqual({ version_id: "7", kind: "avatar", character: 5, format: "webp", w: 96 });
    expect(ReviewArtQuery.parse({ version_id: "7", kind: "cover", format: "svg" }).format).toBe("svg");
  });

  it("refuses what the route cannot draw", () => {
    for (const bad of [
      { kind: "cover" },
      { version_id: "07", kind: "cover" },
      { version_id: "7", kind: "package" },
      { version_id: "7", kind: "avatar" },
      { version_id: "7", kind: "cover", character: 0 },
      { version_id: "7", kind: "avatar", character: 6 },
      { version_id: "7", kind: "cover", w: 96 },
      { version_id: "7", kind: "avatar", character: 0, w: 100 },
      { version_id: "7", kind: "cover", format: "svg", w: 320 },
      { version_id: "7", kind: "cover", other: "x" },
    ]) {
      expect(ReviewArtQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("builds the address the route parses back", () => {
    const path = reviewArtPath({ version_id: "12", kind: "avatar", character: 1, format: "webp", w: 96 });
    expect(path).toBe(`${REVIEW_ART_PATH}?version_id=12&kind=avatar&character=1&format=webp&w=96`);
    const query = Object.fromEntries(path.split("?")[1]!.split("&").map((kv) => kv.split("=") as [string, string]));
    expect(ReviewArtQuery.parse(query)).toEqual({ version_id: "12", kind: "avatar", character: 1, format: "webp", w: 96 });
  });
});
