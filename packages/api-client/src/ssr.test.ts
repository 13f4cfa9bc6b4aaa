import { describe, expect, it } from "vitest";
import { createApiClient } from "./client";
import { defaultStorage, requestStorage, StorageKeys } from "./storage";

describe("server side (no window, no document)", () => {
  it("creates a client and reads its session without touching browser globals", () => {
    expect(typeof window).toBe("undefined");
    const client = createApiClient({ baseUrl: "http://127.0.0.1:1" });
    expect(client.session.getSnapshot()).toMatchObject({ status: "none", user: null, ready: false, displayName: "Guest" });
    expect(client.referral()).toEqual({});
    defaultStorage().cookies.set("token", "t", 60);
    expect(client.session.storedStatus()).toBe("none");
  });

  it("reads the visitor's cookies from a request's Cookie header", () => {
    const storage = requestStorage("theme=dark; token=abc%2E1; refresh_token=rt_x");
    expect(storage.cookies.get(StorageKeys.token)).toBe("abc.1");
    expect(storage.cookies.get(StorageKeys.refreshToken)).toBeNull();
    expect(createApiClient({ baseUrl: "http://127.0.0.1:1", storage }).session.storedStatus()).toBe("valid");
    expect(storage.cookies.get(StorageKeys.userInfo)).toBeNull();
    expect(requestStorage(undefined).cookies.get(StorageKeys.token)).toBeNull();
  });
});
