import { describe, expect, it } from "vitest";
import { compactCount, filterHref, FIRST_PAGE_SIZE, listInput, parseFilter, PAGE_SIZE } from "./query";

describe("catalogue filter in the URL", () => {
  it("reads q, category and sort from search params, trimming and defaulting", () => {
    expect(parseFilter({ q: "  dragon ", category: "fantasy", sort: "new" })).toEqual({ q: "dragon", category: "fantasy", sort: "new" });
    expect(parseFilter({})).toEqual({ q: "", category: null, sort: "popular" });
    expect(parseFilter(new URLSearchParams("q=x&sort=trending"))).toEqual({ q: "x", category: null, sort: "trending" });
  });

  it("drops values the API would reject instead of failing the page", () => {
    expect(parseFilter({ category: "Not A Slug!", sort: "oldest" })).toEqual({ q: "", category: null, sort: "popular" });
    expect(parseFilter({ q: "a".repeat(300) }).q).toHaveLength(100);
    expect(parseFilter({ q: ["first", "second"] }).q).toBe("first");
  });

  it("writes a filter back as a URL, leaving defaults out", () => {
    expect(filterHref({ q: "", category: null, sort: "popular" })).toBe("/");
    expect(filterHref({ q: "lost ship", category: "sci-fi", sort: "new" })).toBe("/?q=lost+ship&category=sci-fi&sort=new");
    const href = filterHref({ q: "a&b", category: null, sort: "trending" });
    expect(parseFilter(new URLSearchParams(href.slice(2)))).toEqual({ q: "a&b", category: null, sort: "trending" });
  });

  it("builds the story.list body for a page", () => {
    expect(listInput({ q: "", category: null, sort: "popular" })).toEqual({ sort: "popular", limit: FIRST_PAGE_SIZE });
    expect(listInput({ q: "x", category: "horror", sort: "new" }, "abc")).toEqual({ sort: "new", limit: PAGE_SIZE, q: "x", category_id: "horror", cursor: "abc" });
  });
});

describe("compactCount", () => {
  it("shortens counts for cards", () => {
    expect(compactCount(999)).toBe("999");
    expect(compactCount(1000)).toBe("1K");
    expect(compactCount(1250)).toBe("1.3K");
    expect(compactCount(31020)).toBe("31K");
    expect(compactCount(1_250_000)).toBe("1.3M");
  });
});
