// The runaway memo's rule (services/ink.ts): a verdict of the script itself (step budget, output
// cap) refuses the same play at once from then on; a wall-clock deadline, which a busy machine can
// also hit, only from its second strike within the memo's window.
import { describe, expect, it } from "vitest";
import { refusesAtOnce, strike } from "../src/services/ink";

const MINUTE = 60_000;

describe("the runaway memo", () => {
  it("refuses at once after one run past the step budget or the output cap", () => {
    const known = { at: 0, strikes: strike(undefined, false, 0) };
    expect(refusesAtOnce(known, MINUTE)).toBe(true);
  });

  it("plays a timed-out turn again once, and refuses it from the second time-out", () => {
    const first = { at: 0, strikes: strike(undefined, true, 0) };
    expect(refusesAtOnce(first, MINUTE)).toBe(false);
    const second = { at: MINUTE, strikes: strike(first, true, MINUTE) };
    expect(refusesAtOnce(second, 2 * MINUTE)).toBe(true);
  });

  it("forgets a strike after ten minutes", () => {
    const old = { at: 0, strikes: strike(undefined, true, 0) };
    // Eleven minutes later a second time-out is a first strike again.
    expect(strike(old, true, 11 * MINUTE)).toBe(1);
    expect(refusesAtOnce({ at: 0, strikes: 2 }, 11 * MINUTE)).toBe(false);
  });

  it("refuses nothing it has not seen", () => {
    expect(refusesAtOnce(undefined, 0)).toBe(false);
  });
});
