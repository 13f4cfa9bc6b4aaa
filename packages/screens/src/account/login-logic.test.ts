import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, looksLikeEmail, normalizeCode, retryAfterSeconds, safeNextPath } from "./login-logic";

describe("safeNextPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeNextPath("/user/coins")).toBe("/user/coins");
    expect(safeNextPath(["/story/the-lighthouse?x=1", "/other"])).toBe("/story/the-lighthouse?x=1");
  });
  it("refuses other origins, control characters and the login pages themselves", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/a\nb", "/user/login", "/auth/login?next=/x", "", undefined, null]) {
      expect(safeNextPath(bad)).toBe(DEFAULT_AFTER_LOGIN);
    }
  });
});

describe("normalizeCode", () => {
  it("keeps the digits of a pasted code, at most six", () => {
    expect(normalizeCode("Code: 123 456")).toBe("123456");
    expect(normalizeCode("12-34-56-78")).toBe("123456");
    expect(normalizeCode("abc")).toBe("");
  });
});

describe("looksLikeEmail / retryAfterSeconds", () => {
  it("checks the shape of an address", () => {
    expect(looksLikeEmail(" ada@example.com ")).toBe(true);
    expect(looksLikeEmail("ada@example")).toBe(false);
    expect(looksLikeEmail("ada example.com")).toBe(false);
  });
  it("reads the server's wait or falls back to 60 s", () => {
    expect(retryAfterSeconds({ retry_after: 42.2 })).toBe(43);
    expect(retryAfterSeconds({ retry_after: "x" })).toBe(60);
    expect(retryAfterSeconds(null)).toBe(60);
  });
});
