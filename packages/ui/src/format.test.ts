import { describe, expect, it } from "vitest";
import { formatCoins, formatDollars } from "./format";

describe("formatDollars", () => {
  it("divides cents by 100 and always shows two decimals", () => {
    expect(formatDollars(499)).toBe("$4.99");
    expect(formatDollars(500)).toBe("$5.00");
    expect(formatDollars(0)).toBe("$0.00");
    expect(formatDollars(5)).toBe("$0.05");
    expect(formatDollars(199999)).toBe("$1,999.99");
    expect(formatDollars(123456789)).toBe("$1,234,567.89");
  });

  it("puts the sign before the dollar sign and rounds stray fractions of a cent", () => {
    expect(formatDollars(-250)).toBe("-$2.50");
    expect(formatDollars(-0)).toBe("$0.00");
    expect(formatDollars(499.6)).toBe("$5.00");
  });

  it("matches Intl's en-US currency format across magnitudes", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 1234567, 100000000, -1, -99999]) {
      expect(formatDollars(cents)).toBe(intl.format(cents / 100));
    }
  });

  it("shows no amount rather than NaN or Infinity", () => {
    expect(formatDollars(Number.NaN)).toBe("$0.00");
    expect(formatDollars(Number.POSITIVE_INFINITY)).toBe("$0.00");
  });
});

describe("formatCoins", () => {
  it("groups thousands", () => {
    expect(formatCoins(500)).toBe("500");
    expect(formatCoins(12000)).toBe("12,000");
    expect(formatCoins(1000000)).toBe("1,000,000");
  });

  it("matches Intl's en-US whole-number format", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 1001, 99999, 123456, 9876543210, -5, -12000]) {
      expect(formatCoins(n)).toBe(intl.format(n));
    }
  });

  it("rounds to a whole coin and never prints NaN", () => {
    expect(formatCoins(12.4)).toBe("12");
    expect(formatCoins(Number.NaN)).toBe("0");
  });
});
