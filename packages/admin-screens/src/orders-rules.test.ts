import { describe, expect, it } from "vitest";
import { checkRefundAmount, formatCents, orderQuery, parseOrderFilters } from "./orders-rules";

describe("orders filters", () => {
  it("keeps only the values the API accepts and turns days into a whole-day range", () => {
    const f = parseOrderFilters(new URLSearchParams("status=paid&provider=paypal&brand=unknown&from=2026-11-01&to=2026-10-01&cursor=ord_abc"));
    expect(f).toEqual({ status: "paid", provider: undefined, brand: "unknown", from: "2026-11-01", to: undefined, cursor: "ord_abc" });
    expect(orderQuery(f)).toEqual({ status: "paid", brand: "unknown", cursor: "ord_abc", from: "2026-11-01T00:00:00.000Z" });
    expect(parseOrderFilters(new URLSearchParams("status=all&cursor=bad cursor"))).toMatchObject({ status: undefined, cursor: undefined });
  });
});

describe("refund amount", () => {
  it("reads dollars as cents within 1 cent and what is left", () => {
    expect(checkRefundAmount("2", 499)).toEqual({ ok: true, value: 200 });
    expect(checkRefundAmount("$4.99", 499)).toEqual({ ok: true, value: 499 });
    expect(checkRefundAmount("0.5", 499)).toEqual({ ok: true, value: 50 });
    expect(checkRefundAmount("5", 499)).toEqual({ ok: false, error: "At most $4.99 can be refunded." });
    for (const bad of ["", "0", "0.00", "1.999", "-1", "abc"]) expect(checkRefundAmount(bad, 499).ok, bad).toBe(false);
    expect(formatCents(1234)).toBe("$12.34");
  });
});
