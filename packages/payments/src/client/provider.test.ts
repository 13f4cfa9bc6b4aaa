import { describe, expect, it } from "vitest";
import { chooseProvider } from "./provider";

describe("chooseProvider", () => {
  it("prefers the configured provider", () => {
    expect(chooseProvider({ configured: "onlypay", host: "storyloom.ai" })).toBe("onlypay");
    expect(chooseProvider({ configured: "stripe", title: "PlayShot" })).toBe("stripe");
  });
  it("falls back to the host, then the title", () => {
    expect(chooseProvider({ host: "www.playshot.ai" })).toBe("onlypay");
    expect(chooseProvider({ host: "localhost", title: "PlayShot - AI-Powered Interactive Stories" })).toBe("onlypay");
    expect(chooseProvider({ host: "storyloom.ai" })).toBe("stripe");
  });
  it("defaults to the card provider", () => {
    expect(chooseProvider({})).toBe("stripe");
    expect(chooseProvider({ configured: "paypal", host: "example.com" })).toBe("stripe");
  });
});
