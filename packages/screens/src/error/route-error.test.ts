import { describe, expect, it } from "vitest";
import { routeErrorStatus } from "./route-error-status";

const withDigest = (message: string, digest?: string) => Object.assign(new Error(message), digest ? { digest } : {});

describe("routeErrorStatus", () => {
  it("is 0 (the connection case) when offline or when a fetch failed", () => {
    expect(routeErrorStatus(withDigest("boom", "123"), false)).toBe(0);
    expect(routeErrorStatus(new TypeError("Failed to fetch"), true)).toBe(0);
    expect(routeErrorStatus(new TypeError("NetworkError when attempting to fetch resource."), true)).toBe(0);
  });
  it("is a server error when the server render failed (it carries a digest)", () => {
    expect(routeErrorStatus(withDigest("An error occurred in the Server Components render.", "2913"), true)).toBe(500);
  });
  it("is no status (the unknown case) for anything that broke in the browser", () => {
    expect(routeErrorStatus(new TypeError("x is undefined"), true)).toBeUndefined();
    expect(routeErrorStatus(new Error("oops"), true)).toBeUndefined();
  });
});
