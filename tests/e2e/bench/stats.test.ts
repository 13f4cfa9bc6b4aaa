import { describe, expect, it } from "vitest";
import { cumulativeLayoutShift, median, pairedDifference, spread, t95, totalBlockingTime, verdictOf } from "./stats";

describe("median and spread", () => {
  it("takes the middle value, the upper one of an even count", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });
  it("prints min–max, or nothing for one value", () => {
    expect(spread([1.234, 0.5, 2], 2)).toBe("0.50–2.00");
    expect(spread([7])).toBe("");
  });
});

describe("pairedDifference", () => {
  it("gives the mean of B − A and a 90% interval from Student's t", () => {
    // Differences 10, 12, 8, 11, 9: mean 10, sd 1.58, t(4) 2.132 → ±1.51.
    const d = pairedDifference([100, 100, 100, 100, 100], [110, 112, 108, 111, 109]);
    expect(d.pairs).toBe(5);
    expect(d.mean).toBeCloseTo(10, 6);
    expect(d.high - d.mean).toBeCloseTo((2.132 * Math.sqrt(2.5)) / Math.sqrt(5), 6);
    expect(verdictOf(d)).toBe("B slower");
  });
  it("shows no difference when the interval spans zero", () => {
    const d = pairedDifference([100, 200, 150, 120], [130, 170, 160, 110]);
    expect(d.low).toBeLessThan(0);
    expect(d.high).toBeGreaterThan(0);
    expect(verdictOf(d)).toBe("no difference shown");
  });
  it("calls B faster only when the whole interval is below zero", () => {
    expect(verdictOf(pairedDifference([300, 310, 305, 298], [250, 262, 255, 249]))).toBe("B faster");
  });
  it("refuses unpaired lists", () => {
    expect(() => pairedDifference([1, 2], [1])).toThrow(/2 A values but 1 B/);
  });
  it("uses the next lower listed degrees of freedom (a wider interval)", () => {
    expect(t95(9)).toBe(1.833);
    expect(t95(22)).toBe(1.725);
    expect(t95(0)).toBeNaN();
  });
});

describe("cumulativeLayoutShift", () => {
  it("sums shifts within a session window and keeps the largest window", () => {
    const cls = cumulativeLayoutShift([
      { startTime: 100, value: 0.02, hadRecentInput: false },
      { startTime: 600, value: 0.03, hadRecentInput: false },
      // more than 1 s later: a new window
      { startTime: 2000, value: 0.04, hadRecentInput: false },
    ]);
    expect(cls).toBeCloseTo(0.05, 6);
  });
  it("leaves out shifts right after input", () => {
    expect(cumulativeLayoutShift([{ startTime: 100, value: 0.3, hadRecentInput: true }])).toBe(0);
  });
  it("closes a window at 5 s even when shifts keep coming", () => {
    const shifts = Array.from({ length: 12 }, (_, i) => ({ startTime: i * 900, value: 0.01, hadRecentInput: false }));
    // 0…4500 ms is one window (6 shifts); 5400 ms starts the next.
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.06, 6);
  });
});

describe("totalBlockingTime", () => {
  it("counts each long task's time past 50 ms between FCP and the tap", () => {
    const tasks = [
      { startTime: 50, duration: 300 }, // before FCP
      { startTime: 500, duration: 120 },
      { startTime: 900, duration: 40 },
      { startTime: 1200, duration: 80 },
      { startTime: 3000, duration: 500 }, // after the tap
    ];
    expect(totalBlockingTime(tasks, 400, 2000)).toBe(70 + 30);
  });
});
