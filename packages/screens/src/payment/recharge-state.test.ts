import { describe, expect, it } from "vitest";
import { MAX_CHECKS, lookupId, rechargeView, readRechargeParams } from "./recharge-state";

describe("readRechargeParams / lookupId", () => {
  it("reads the card provider's return", () => {
    const p = readRechargeParams({ token: "t", provider: "stripe", session_id: "cs_123" });
    expect(p).toEqual({ token: "t", provider: "stripe", sessionId: "cs_123", orderId: undefined });
    expect(lookupId(p)).toBe("cs_123");
  });
  it("reads the redirect provider's order id and ignores an unfilled placeholder", () => {
    expect(lookupId(readRechargeParams({ provider: "onlypay", order_id: ["op_1", "op_2"] }))).toBe("op_1");
    expect(lookupId(readRechargeParams({ provider: "stripe", session_id: "{CHECKOUT_SESSION_ID}" }))).toBeNull();
  });
});

describe("rechargeView", () => {
  const base = { id: "cs_1", loading: false, error: false, checks: 1 };
  it("never claims success without a paid order", () => {
    expect(rechargeView({ ...base, id: null })).toBe("unconfirmed");
    expect(rechargeView({ ...base, error: true })).toBe("unconfirmed");
    expect(rechargeView({ ...base, loading: true })).toBe("verifying");
    expect(rechargeView({ ...base, status: "pending" })).toBe("verifying");
    expect(rechargeView({ ...base, status: "paid" })).toBe("success");
  });
  it("reports a failed or cancelled order, and stops verifying after the last check", () => {
    expect(rechargeView({ ...base, status: "failed" })).toBe("failed");
    expect(rechargeView({ ...base, status: "cancelled" })).toBe("failed");
    expect(rechargeView({ ...base, status: "pending", checks: MAX_CHECKS })).toBe("unconfirmed");
  });
});
