// @vitest-environment happy-dom
import { describe, expect, inject, it, vi } from "vitest";
import { createApiClient } from "./client";
import { browserStorage, defaultStorage, isInsecureDevOrigin, memoryStorage, readCookie, serializeCookie, StorageKeys, type BrowserEnv } from "./storage";

const api = { url: inject("apiUrl") };

/** The page's storage, but with a cookie setter that also records the exact strings written. */
function recordingEnv(location: { protocol: string; hostname: string }) {
  const written: string[] = [];
  const env: BrowserEnv = {
    document: {
      get cookie() {
        return document.cookie;
      },
      set cookie(v: string) {
        written.push(v);
        // happy-dom drops Secure cookies on http; the page-level behaviour is checked separately.
        document.cookie = v.replace("; Secure", "");
      },
    },
    localStorage,
    sessionStorage,
    location,
  };
  return { env: () => env, written };
}

describe("browser storage (spec sections 3 and 9)", () => {
  it("keeps tokens and user info in cookies with the spec's max-ages, Secure and SameSite=Lax", async () => {
    const { env, written } = recordingEnv({ protocol: "https:", hostname: "storyloom.ai" });
    const client = createApiClient({ baseUrl: api.url, storage: browserStorage(env) });
    await client.start();
    const byName = (n: string) => written.find((w) => w.startsWith(`${n}=`))!;
    expect(byName(StorageKeys.token)).toMatch(/; Path=\/; Max-Age=604800; SameSite=Lax; Secure$/);
    expect(byName(StorageKeys.refreshToken)).toMatch(/; Max-Age=2592000; SameSite=Lax; Secure$/);
    expect(byName(StorageKeys.userInfo)).toMatch(/; Max-Age=604800; SameSite=Lax; Secure$/);
    expect(readCookie(document.cookie, StorageKeys.token)).toBe(client.session.token());
    expect(JSON.parse(readCookie(document.cookie, StorageKeys.userInfo)!)).toMatchObject({ is_guest: true });
    // Local storage: device id, expiry timestamp, user type.
    expect(localStorage.getItem(StorageKeys.deviceId)).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(Number(localStorage.getItem(StorageKeys.tokenExpiresAt))).toBeGreaterThan(Date.now());
    expect(localStorage.getItem(StorageKeys.userType)).toBe("guest");
    // Payment token: session storage only.
    client.session.setPaymentToken("pay-1");
    expect(sessionStorage.getItem(StorageKeys.paymentToken)).toBe("pay-1");
    expect(localStorage.getItem(StorageKeys.paymentToken)).toBeNull();
    expect(client.session.paymentToken()).toBe("pay-1");
    client.logout();
    expect(readCookie(document.cookie, StorageKeys.token)).toBeNull();
    expect(byName(StorageKeys.token)).toBeDefined();
    expect(written.at(-1)).toMatch(/Max-Age=0/);
  });

  it("leaves out Secure only on plain-http localhost (development)", () => {
    expect(isInsecureDevOrigin({ protocol: "http:", hostname: "localhost" })).toBe(true);
    expect(isInsecureDevOrigin({ protocol: "http:", hostname: "127.0.0.1" })).toBe(true);
    expect(isInsecureDevOrigin({ protocol: "http:", hostname: "storyloom.ai" })).toBe(false);
    expect(isInsecureDevOrigin({ protocol: "https:", hostname: "localhost" })).toBe(false);
    expect(serializeCookie("token", "a b", 10, false)).toBe("token=a%20b; Path=/; Max-Age=10; SameSite=Lax");
    const { env, written } = recordingEnv({ protocol: "http:", hostname: "localhost" });
    browserStorage(env).cookies.set("token", "x", 604800);
    expect(written[0]).toBe("token=x; Path=/; Max-Age=604800; SameSite=Lax");
  });

  it("uses the page's storage by default in a browser, and the device id survives a new client", async () => {
    expect(defaultStorage().local.get(StorageKeys.deviceId)).toBe(localStorage.getItem(StorageKeys.deviceId));
    const client = createApiClient({ baseUrl: api.url });
    const snap = await client.start();
    expect(snap.status).toBe("valid");
    // On this http://localhost page the cookies are written without Secure, so the page can read them.
    expect(readCookie(document.cookie, StorageKeys.token)).toBe(client.session.token());
  });

  it("memory cookies expire by max-age like a browser's", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const s = memoryStorage();
      s.cookies.set("token", "t", 10);
      s.local.set("device_id", "d");
      vi.setSystemTime(Date.now() + 11_000);
      expect(s.cookies.get("token")).toBeNull();
      expect(s.local.get("device_id")).toBe("d");
    } finally {
      vi.useRealTimers();
    }
  });
});
