import { describe, expect, it } from "vitest";
import { REPORT_REASON_LABELS, SAFETY_TEXT_MAX } from "@storyloom/contract";
import { detailsCount, REPORT_REASONS, reportErrorText, reportTitle } from "./report-logic";

describe("the report dialog's rules", () => {
  it("offers every fixed reason, the urgent one first, with its label", () => {
    expect(REPORT_REASONS.map((r) => r.value)).toEqual(["minors", "non-consensual", "hate", "violence", "spam", "copyright", "other"]);
    expect(REPORT_REASONS[0]!.label).toBe(REPORT_REASON_LABELS.minors);
  });
  it("titles the dialog by what is reported", () => {
    expect(reportTitle({ kind: "story" })).toBe("Report this story");
    expect(reportTitle({ kind: "character" })).toBe("Report this character");
    expect(reportTitle({ kind: "message" })).toBe("Report this message");
  });
  it("counts the details against the contract's limit", () => {
    expect(detailsCount("")).toBe(`0 / ${SAFETY_TEXT_MAX.toLocaleString("en-US")}`);
    expect(detailsCount("x".repeat(1000))).toBe("1,000 / 1,000");
  });
  it("says clearly why a report failed", () => {
    expect(reportErrorText({ code: "RATE_LIMITED", message: "You can send 20 reports an hour; try again later" })).toBe(
      "You have sent many reports in a short time. You can send 20 reports an hour; try again later. You can also write to support.",
    );
    expect(reportErrorText({ code: "RATE_LIMITED", message: "" })).toMatch(/try again in an hour/);
    expect(reportErrorText({ code: "CONFLICT", message: "Your report was just resolved" })).toBe("Your report was just resolved");
    expect(reportErrorText({ code: "NOT_FOUND", message: "x" })).toMatch(/no longer be reported/);
    expect(reportErrorText({ code: "ERROR", message: "Network error" })).toMatch(/connection/);
    expect(reportErrorText({ code: "VALIDATION_ERROR", message: "details: too long" })).toBe("details: too long");
    expect(reportErrorText(null)).toMatch(/could not be sent/);
  });
});
