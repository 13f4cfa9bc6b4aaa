import { describe, expect, it } from "vitest";
import { emailError, subscribeMessage } from "./subscribe-logic";

describe("subscribe form rules", () => {
  it("asks for an address, then a valid one", () => {
    expect(emailError("")).toBe("Enter your e-mail address.");
    expect(emailError("   ")).toBe("Enter your e-mail address.");
    expect(emailError("nope")).toMatch(/valid e-mail/);
    expect(emailError("ada@example")).toMatch(/valid e-mail/);
    expect(emailError("Ada@Example.com ")).toBeNull();
  });

  it("tells new, duplicate and failed subscriptions apart", () => {
    expect(subscribeMessage("subscribed", "ada@example.com", "Neon Requiem")).toContain("ada@example.com");
    expect(subscribeMessage("duplicate", "ada@example.com", "Neon Requiem")).toMatch(/already subscribed/);
    expect(subscribeMessage("error", "ada@example.com", "Neon Requiem")).toMatch(/could not/);
    expect(subscribeMessage("idle", "", "x")).toBe("");
  });
});
