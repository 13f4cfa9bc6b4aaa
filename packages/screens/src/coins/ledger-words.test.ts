import { describe, expect, it } from "vitest";
import { ledgerDate, ledgerReason, signedAmount } from "./ledger-words";

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
  });
  it("formats a timestamp and leaves garbage as is", () => {
    expect(ledgerDate("2026-11-23T07:47:46.110Z")).toMatch(/2026/);
    expect(ledgerDate("not a date")).toBe("not a date");
  });
});
