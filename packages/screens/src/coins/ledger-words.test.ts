import { describe, expect, it } from "vitest";
import { ledgerDate, ledgerReason, shortfallText, signedAmount } from "./ledger-words";

describe("ledgerReason", () => {
  it("names every reason the API writes", () => {
    expect(ledgerReason("welcome")).toBe("Welcome bonus");
    expect(ledgerReason("check-in")).toBe("Daily check-in");
    expect(ledgerReason("task:play-game")).toBe("Daily task: play a story");
    expect(ledgerReason("task:invite-friend")).toBe("Daily task: invite a friend");
    expect(ledgerReason("invite")).toBe("Friend joined with your invite");
    expect(ledgerReason("chat")).toBe("Story reply");
    expect(ledgerReason("guest-coins")).toBe("Guest coins carried over");
    expect(ledgerReason("merged-into-account")).toBe("Moved to your account");
    expect(ledgerReason("refund")).toBe("Refund");
    expect(ledgerReason("dispute")).toBe("Payment disputed");
  });
  it("tidies unknown reasons instead of hiding them", () => {
    expect(ledgerReason("purchase:stripe")).toBe("Coin purchase");
    expect(ledgerReason("admin_grant")).toBe("Admin grant");
    expect(ledgerReason("task:new-thing")).toBe("Daily task: new thing");
    expect(ledgerReason("")).toBe("Coins");
  });
});

describe("signedAmount / ledgerDate", () => {
  it("signs credits and debits", () => {
    expect(signedAmount(20)).toBe("+20");
    expect(signedAmount(-1500)).toBe("\u22121,500");
    // A reversal the balance could not cover at all records 0.
    expect(signedAmount(0)).toBe("0");
  });
  it("words the part of a reversal a balance could not cover", () => {
    expect(shortfallText(1)).toBe("1 coin could not be taken back (balance too low)");
    expect(shortfallText(1200)).toBe("1,200 coins could not be taken back (balance too low)");
  });
  it("formats a timestamp and leaves garbage as is", () => {
    expect(ledgerDate("2026-11-23T07:47:46.110Z")).toMatch(/2026/);
    expect(ledgerDate("not a date")).toBe("not a date");
  });
  it("reads like Intl's en-US medium date and short time, in local time", () => {
    // Local times (no zone suffix), so the test holds in any time zone the machine runs in.
    expect(ledgerDate("2026-11-23T07:05:00")).toBe("Nov 23, 2026, 7:05 AM");
    expect(ledgerDate("2026-01-02T00:30:00")).toBe("Jan 2, 2026, 12:30 AM");
    expect(ledgerDate("2026-06-15T12:00:00")).toBe("Jun 15, 2026, 12:00 PM");
    expect(ledgerDate("2026-12-31T23:59:00")).toBe("Dec 31, 2026, 11:59 PM");
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
    for (const iso of ["2026-03-08T02:30:00Z", "2026-07-04T18:45:12Z", "2025-11-23T07:47:46.110Z"]) {
      // ICU puts a narrow no-break space before AM/PM; ours is a plain space.
      expect(ledgerDate(iso)).toBe(intl.format(new Date(iso)).replace(/\u202f/g, " "));
    }
  });
});
