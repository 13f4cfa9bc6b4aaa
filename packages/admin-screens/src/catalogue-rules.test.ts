import { describe, expect, it } from "vitest";
import { FEATURED_MAX } from "@storyloom/contract";
import { catalogueQuery, checkSetting, featureActions, featurePlaces, moveItem, parseCatalogueFilters, settingText } from "./catalogue-rules";

describe("the Catalogue's filters", () => {
  it("keeps what the API accepts and drops the rest", () => {
    const p = new URLSearchParams("q=%20fog%20&category_id=mystery&rating=mature&state=hidden&featured=yes&cursor=abc-1");
    expect(parseCatalogueFilters(p)).toEqual({ q: "fog", category_id: "mystery", rating: "mature", state: "hidden", featured: "yes", cursor: "abc-1" });
    expect(parseCatalogueFilters(new URLSearchParams("featured=no")).featured).toBe("no");
    const bad = new URLSearchParams(`q=${"x".repeat(201)}&category_id=Not%20A%20Slug&rating=any&state=gone&featured=any&cursor=%25`);
    expect(parseCatalogueFilters(bad)).toEqual({ q: undefined, category_id: undefined, rating: undefined, state: undefined, featured: undefined, cursor: undefined });
    expect(parseCatalogueFilters(new URLSearchParams("featured=true")).featured).toBeUndefined();
    expect(catalogueQuery({ q: "fog", state: "visible" })).toEqual({ q: "fog", state: "visible" });
  });
});

describe("a setting's typed value", () => {
  it("is checked by the contract's schema of its key", () => {
    expect(checkSetting("chat_cost_per_reply", " 3 ")).toEqual({ ok: true, value: 3 });
    expect(checkSetting("chat_cost_per_reply", "-1").ok).toBe(false);
    expect(checkSetting("chat_cost_per_reply", "100001").ok).toBe(false);
    expect(checkSetting("checkin_rewards", "[1,2,3,4,5,6,7]")).toEqual({ ok: true, value: [1, 2, 3, 4, 5, 6, 7] });
    const short = checkSetting("checkin_rewards", "[1,2]");
    expect(short).toEqual({ ok: false, error: "give the 7 days' rewards" });
    expect(checkSetting("checkin_rewards", "[1,2").ok).toBe(false);
    expect(checkSetting("task_rewards", '{"play-game": 5}').ok).toBe(false);
    expect(checkSetting("currency", "USD").ok).toBe(false);
    expect(checkSetting("currency", "eur")).toEqual({ ok: true, value: "eur" });
    expect(settingText("checkin_rewards", [1, 2])).toBe("[1,2]");
    expect(settingText("invite_reward", 30)).toBe("30");
  });
});

describe("moving a category", () => {
  it("swaps with its neighbour and stays put at either end", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});

describe("featuring a story", () => {
  it("offers feature on a visible story while there is room, move and unfeature on a featured one", () => {
    expect(featureActions({ state: "visible", featured_rank: null })).toEqual(["feature"]);
    expect(featureActions({ state: "visible", featured_rank: null }, FEATURED_MAX - 1)).toEqual(["feature"]);
    expect(featureActions({ state: "visible", featured_rank: null }, FEATURED_MAX)).toEqual([]);
    for (const state of ["hidden", "unpublished", "pending"] as const) expect(featureActions({ state, featured_rank: null })).toEqual([]);
    expect(featureActions({ state: "visible", featured_rank: 2 }, FEATURED_MAX)).toEqual(["move", "unfeature"]);
    expect(featureActions({ state: "hidden", featured_rank: 1 })).toEqual(["move", "unfeature"]);
  });

  it("offers the places up to one past the featured stories (a move: up to their number), at most the cap", () => {
    expect(featurePlaces(0, false)).toEqual([1]);
    expect(featurePlaces(3, false)).toEqual([1, 2, 3, 4]);
    expect(featurePlaces(3, true)).toEqual([1, 2, 3]);
    expect(featurePlaces(FEATURED_MAX, false)).toHaveLength(FEATURED_MAX);
    expect(featurePlaces(FEATURED_MAX, true)).toHaveLength(FEATURED_MAX);
  });
});
