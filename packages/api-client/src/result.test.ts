import { describe, expect, it } from "vitest";
import { ApiError, failure, isUnauthorized, unwrap, withFallbackMessage } from "./result";

describe("results", () => {
  it("treats status 401, code UNAUTHORIZED and code '401' as a refused token", () => {
    expect(isUnauthorized(failure("X", "m", 401))).toBe(true);
    expect(isUnauthorized(failure("UNAUTHORIZED", "m", 200))).toBe(true);
    expect(isUnauthorized(failure("401", "m", 200))).toBe(true);
    expect(isUnauthorized(failure("FORBIDDEN", "m", 403))).toBe(false);
    expect(isUnauthorized({ ok: true, code: "0", message: "", data: null, status: 200 })).toBe(false);
  });

  it("prefers the server's message and uses the fallback for client-made failures", () => {
    expect(withFallbackMessage(failure("CODE_INVALID", "Wrong code", 400), "Login failed").ok || null).toBeNull();
    expect(withFallbackMessage(failure("CODE_INVALID", "Wrong code", 400), "Login failed")).toMatchObject({ message: "Wrong code" });
    expect(withFallbackMessage(failure("CODE_INVALID", "", 400), "Login failed")).toMatchObject({ message: "Login failed" });
    expect(withFallbackMessage(failure("ERROR", "Network error", 0), "Login failed")).toMatchObject({ code: "ERROR", message: "Login failed" });
    expect(withFallbackMessage(failure("AUTH_ERROR", "Authentication failed", 401), "Login failed")).toMatchObject({ code: "AUTH_ERROR", message: "Login failed" });
  });

  it("unwrap returns data or throws an ApiError carrying code and status", () => {
    expect(unwrap({ ok: true, code: "0", message: "", data: 7, status: 200 })).toBe(7);
    expect(() => unwrap(failure("NOT_FOUND", "No story", 404))).toThrow(ApiError);
    try {
      unwrap(failure("NOT_FOUND", "No story", 404));
    } catch (e) {
      expect(e).toMatchObject({ code: "NOT_FOUND", status: 404, message: "No story" });
    }
  });
});
