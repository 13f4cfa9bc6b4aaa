// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_TOKEN_KEY, storedPaymentToken, takePaymentToken, withPaymentToken } from "./index";

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("payment token handoff", () => {
  it("adds the token to a return URL, keeping its hash", () => {
    expect(withPaymentToken("https://s.ai/r?provider=onlypay#top", "t")).toBe("https://s.ai/r?provider=onlypay&token=t#top");
    expect(withPaymentToken("https://s.ai/r", null)).toBe("https://s.ai/r");
  });
  it("takes ?token= from the address, keeps it for the tab and removes it from the address bar", () => {
    window.history.replaceState(null, "", "/recharge-success?provider=stripe&token=abc&session_id=cs_1");
    expect(takePaymentToken()).toBe("abc");
    expect(sessionStorage.getItem(PAYMENT_TOKEN_KEY)).toBe("abc");
    expect(window.location.search).toBe("?provider=stripe&session_id=cs_1");
    // A reload no longer has it in the URL, and reads it back from the tab's storage.
    expect(takePaymentToken()).toBeNull();
    expect(storedPaymentToken()).toBe("abc");
  });
  it("answers null when there is none", () => {
    expect(storedPaymentToken()).toBeNull();
  });
});
