import { describe, expect, it } from "vitest";
import { isAnalyticsBlocked, isTrackingOptedOut } from "./optOut";

describe("tracking opt-out", () => {
  it("skips tracking when do-not-track is 1 or the local flag is true", () => {
    expect(isTrackingOptedOut({ doNotTrack: "1" })).toBe(true);
    expect(isTrackingOptedOut({ optOutFlag: "true" })).toBe(true);
    expect(isTrackingOptedOut({ doNotTrack: "0", optOutFlag: "false" })).toBe(false);
    expect(isTrackingOptedOut({})).toBe(false);
  });
  it("blocks analytics only on do-not-track", () => {
    expect(isAnalyticsBlocked({ doNotTrack: "1", optOutFlag: null })).toBe(true);
    expect(isAnalyticsBlocked({ doNotTrack: null, optOutFlag: "true" })).toBe(false);
  });
});
