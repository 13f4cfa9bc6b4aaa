import { describe, expect, it } from "vitest";
import { createApiClient } from "./client";
import { defaultStorage } from "./storage";

describe("server side (no window, no document)", () => {
  it("creates a client and reads its session without touching browser globals", () => {
    expect(typeof window).toBe("undefined");
    const client = createApiClient({ baseUrl: "http://127.0.0.1:1" });
    expect(client.session.getSnapshot()).toMatchObject({ status: "none", user: null, ready: false, displayName: "Guest" });
    expect(client.referral()).toEqual({});
    defaultStorage().cookies.set("token", "t", 60);
    expect(client.session.storedStatus()).toBe("none");
  });
});
