import { describe, expect, it } from "vitest";
import { formatCoins, formatDollars } from "./format";

describe("formatDollars", () => {
  it("divides cents by 100 and always shows two decimals", () => {
    expect(formatDollars(499)).toBe("$4.99");
    expect(formatDollars(500)).toBe("$5.00");
    expect(formatDollars(0)).toBe("$0.00");
    expect(formatDollars(5)).toBe("$0.05");
    expect(formatDollars(199999)).toBe("$1,999.99");
  });
});

describe("formatCoins", () => {
  it("groups thousands", () => {
    expect(formatCoins(500)).toBe("500");
    expect(formatCoins(12000)).toBe("12,000");
  });
});
