import { COIN_ADJUST_MAX } from "@storyloom/contract";
import { describe, expect, it } from "vitest";
import { checkCoinAmount, checkReason, isStaffRole, newIdempotencyKey } from "./rules";

describe("form rules", () => {
  it("signs a typed amount by the direction", () => {
    expect(checkCoinAmount("250", "grant")).toEqual({ ok: true, value: 250 });
    expect(checkCoinAmount(" 1,000 ", "deduct")).toEqual({ ok: true, value: -1000 });
  });

  it("refuses amounts the API would refuse: zero, signs, fractions, words, past the maximum", () => {
    for (const typed of ["0", "-5", "+5", "1.5", "1e3", "ten", "", String(COIN_ADJUST_MAX + 1)]) {
      expect(checkCoinAmount(typed, "grant").ok, typed).toBe(false);
    }
    expect(checkCoinAmount(String(COIN_ADJUST_MAX), "grant")).toEqual({ ok: true, value: COIN_ADJUST_MAX });
  });

  it("wants a reason of 3 to 1000 characters, trimmed", () => {
    expect(checkReason("  ok ").ok).toBe(false);
    expect(checkReason(" bug ")).toEqual({ ok: true, value: "bug" });
    expect(checkReason("x".repeat(1001)).ok).toBe(false);
  });

  it("makes one key per dialog, in the shape the API accepts", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it("lets only admin and super_admin in", () => {
    expect(["admin", "super_admin"].every(isStaffRole)).toBe(true);
    expect(["normal", "guest", "", null, undefined].some(isStaffRole)).toBe(false);
  });
});
