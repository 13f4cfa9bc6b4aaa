import { describe, expect, it } from "vitest";
import { auditQuery, parseAuditFilters, parsePlayerSearch, parseReportFilters, parseReviewFilters, withParams } from "./filters";

const p = (s: string) => new URLSearchParams(s);

describe("URL filters", () => {
  it("reads the review queue's state, cursor and open version, defaulting to pending", () => {
    expect(parseReviewFilters(p("state=rejected&cursor=42&version=7"))).toEqual({ state: "rejected", cursor: "42", version: "7" });
    expect(parseReviewFilters(p("state=deleted&cursor=0&version=x"))).toEqual({ state: "pending", cursor: undefined, version: undefined });
    expect(parseReviewFilters(p(""))).toEqual({ state: "pending" });
  });

  it("reads the report status, dropping a cursor the API would refuse", () => {
    expect(parseReportFilters(p("status=actioned&cursor=abc_-1"))).toEqual({ status: "actioned", cursor: "abc_-1" });
    expect(parseReportFilters(p("status=all&cursor=a%20b"))).toEqual({ status: "open", cursor: undefined });
  });

  it("reads the player query, trimmed, and none when blank or too long", () => {
    expect(parsePlayerSearch(p("q=%20ada@example.com%20"))).toEqual({ q: "ada@example.com", cursor: undefined });
    expect(parsePlayerSearch(p("q=%20%20")).q).toBeUndefined();
    expect(parsePlayerSearch(p(`q=${"x".repeat(255)}`)).q).toBeUndefined();
  });

  it("reads the audit filters; a malformed staff id, day or reversed range is dropped", () => {
    expect(parseAuditFilters(p("staff_id=12&action=coins.adjust&target_kind=user&target_id=9&from=2026-11-01&to=2026-11-02"))).toEqual({
      staff_id: "12",
      action: "coins.adjust",
      target_kind: "user",
      target_id: "9",
      from: "2026-11-01",
      to: "2026-11-02",
      cursor: undefined,
    });
    const bad = parseAuditFilters(p("staff_id=-1&from=yesterday&to=2026-13"));
    expect(bad.staff_id).toBeUndefined();
    expect(bad.from).toBeUndefined();
    expect(bad.to).toBe(undefined);
    expect(parseAuditFilters(p("from=2026-11-05&to=2026-11-01"))).toMatchObject({ from: "2026-11-05", to: undefined });
  });

  it("turns the audit days into a whole-day ISO range for the API", () => {
    expect(auditQuery({ action: "review.decide", from: "2026-11-01", to: "2026-11-01" })).toEqual({
      action: "review.decide",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-01T23:59:59.999Z",
    });
    expect(auditQuery({})).toEqual({});
  });

  it("changes a filter, starting again at the first page unless the cursor is what changes", () => {
    expect(withParams(p("state=pending&cursor=40"), { state: "approved" })).toBe("?state=approved");
    expect(withParams(p("state=pending"), { cursor: "40" })).toBe("?state=pending&cursor=40");
    expect(withParams(p("q=ada"), { q: "  " })).toBe("");
  });
});
