import { describe, expect, it } from "vitest";
import { allZero, dashboardHref, funnelRows, money, parseDashboardView } from "./dashboard-view";

describe("the dashboard's view", () => {
  it("reads range and brand from the URL and falls back to 7 days, all brands", () => {
    expect(parseDashboardView(new URLSearchParams("range=30d&brand=playshot"))).toEqual({
      range: "30d",
      brand: "playshot",
    });
    expect(parseDashboardView(new URLSearchParams("range=90d&brand=other"))).toEqual({
      range: "7d",
      brand: "all",
    });
    expect(dashboardHref({ range: "today", brand: "unknown" })).toBe("/dashboard?range=today&brand=unknown");
  });

  it("shapes the funnel with each stage's share of the one before", () => {
    expect(funnelRows({ accounts: 4, registered: 3, payers: 1 }).map((r) => r.share)).toEqual([
      "",
      "75%",
      "33%",
    ]);
    expect(funnelRows({ accounts: 0, registered: 0, payers: 0 })[1]!.share).toBe("—");
  });

  it("knows an all-zero panel and formats cents", () => {
    const cols = [
      { key: "day" as const, label: "Day" },
      { key: "n" as const, label: "N", series: true },
    ];
    expect(allZero([{ day: "x", n: 0 }], cols)).toBe(true);
    expect(allZero([{ day: "x", n: 2 }], cols)).toBe(false);
    expect(money(1999)).toBe("$19.99");
  });
});
