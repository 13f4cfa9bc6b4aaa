import { describe, expect, it } from "vitest";
import { parseCallbackTokens } from "./social-callback-tokens";

describe("parseCallbackTokens", () => {
  it("reads the fragment first", () => {
    expect(parseCallbackTokens("#access_token=a1&refresh_token=r1&expires_in=3600", "?token=q")).toEqual({ tokens: { access_token: "a1", refresh_token: "r1", expires: 3600 } });
  });
  it("falls back to the query and marks an unknown expiry as 0 (verify first)", () => {
    expect(parseCallbackTokens("", "?token=t2&refreshToken=r2")).toEqual({ tokens: { access_token: "t2", refresh_token: "r2", expires: 0 } });
    expect(parseCallbackTokens("", "?token=t3")).toEqual({ tokens: { access_token: "t3", refresh_token: "", expires: 0 } });
  });
  it("reports a provider error or a missing token", () => {
    expect(parseCallbackTokens("#error=access_denied", "")).toEqual({ error: "access_denied" });
    expect(parseCallbackTokens("", "?error=x&error_description=User+cancelled")).toEqual({ error: "User cancelled" });
    expect(parseCallbackTokens("", "")).toHaveProperty("error");
    expect(parseCallbackTokens("#access_token=a%20b", "")).toHaveProperty("error");
  });
});
