import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApi, type TestApi } from "@storyloom/test-api";
import { ACCESS_TOKEN_TTL_S } from "@storyloom/contract";
import { createApiClient, type ApiClientOptions } from "./client";
import { initialSnapshot } from "./session";
import { memoryStorage, StorageKeys, type ClientStorage } from "./storage";
import { deadUrl, recordingFetch } from "./test-helpers";

let api: TestApi;
const TTL_S = 3600;

beforeAll(async () => {
  // Grace 0: a refresh token presented twice revokes its session at once (the "revoked" case).
  // A 1-hour access token expires long before its 7-day cookie, so "expired" is reachable.
  api = await startTestApi({ REFRESH_REUSE_GRACE_S: 0, ACCESS_TOKEN_TTL_S: TTL_S });
});
afterAll(async () => {
  await api?.stop();
});
afterEach(async () => {
  vi.useRealTimers();
  await api.setClock(0);
});

function setup(opts: Partial<ApiClientOptions> & { storage?: ClientStorage } = {}) {
  const rec = recordingFetch();
  const storage = opts.storage ?? memoryStorage();
  const client = createApiClient({ baseUrl: api.url, fetch: rec.fetch, storage, ...opts });
  return { client, rec, storage };
}

/** Moves the clock past the access token's lifetime: the client's (fake Date) and the API's alike. */
async function expireAccessToken(seconds = TTL_S + 60) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + seconds * 1000);
  await api.setClock(seconds * 1000);
}

/** Uses the stored refresh token twice behind the client's back: the server revokes the session. */
async function revokeSession(storage: ClientStorage) {
  const rt = storage.cookies.get(StorageKeys.refreshToken)!;
  const post = (body: unknown) =>
    fetch(`${api.url}/api/v1/user.refresh`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect((await post({ refresh_token: rt })).status).toBe(200);
  expect((await post({ refresh_token: rt })).status).toBe(401);
}

describe("session store", () => {
  it("holds the state in one zustand store: hydration's initial state, then storage's, then each change", async () => {
    const storage = memoryStorage();
    storage.cookies.set(StorageKeys.token, "t", 60);
    storage.local.set(StorageKeys.tokenExpiresAt, String(Date.now() + 60_000));
    const { client } = setup({ storage });
    const { store } = client.session;
    // What the server rendered (nothing known), so a hydrating reader matches it…
    expect(store.getInitialState()).toBe(initialSnapshot);
    // …while a reader after hydration sees the stored token at once.
    expect(store.getState()).toMatchObject({ status: "valid", ready: false });
    expect(client.session.getSnapshot()).toBe(store.getState());
    const seen: string[] = [];
    const stop = store.subscribe((s) => seen.push(`${s.status}:${s.ready}`));
    client.session.markReady(true);
    stop();
    expect(seen).toEqual(["valid:true"]);
    expect(store.getState().offline).toBe(true);
  });
});

describe("session: none", () => {
  it("registers a guest silently with a persistent device id and gender 'unknown'", async () => {
    const { client, rec, storage } = setup();
    expect(client.session.storedStatus()).toBe("none");
    const r = await client.call("whoami");
    expect(r.ok).toBe(true);
    const signUp = rec.to("guestSignUp");
    expect(signUp).toHaveLength(1);
    expect(signUp[0]!.body).toMatchObject({ gender: "unknown", device_id: storage.local.get(StorageKeys.deviceId) });
    expect(signUp[0]!.authorization).toBeNull();
    expect(client.session.storedStatus()).toBe("valid");
    expect(client.session.getSnapshot().userType).toBe("guest");
    expect(storage.local.get(StorageKeys.userType)).toBe("guest");
  });

  it("keeps the device id, so the same device gets the same guest back", async () => {
    const { client, storage } = setup();
    const first = await client.start();
    storage.cookies.remove(StorageKeys.token);
    storage.cookies.remove(StorageKeys.refreshToken);
    const again = createApiClient({ baseUrl: api.url, storage });
    const second = await again.start();
    expect(second.user?.uuid).toBe(first.user?.uuid);
  });

  it("answers AUTH_ERROR 'Authentication failed' when no guest can be registered", async () => {
    const client = createApiClient({ baseUrl: await deadUrl(), storage: memoryStorage() });
    const r = await client.call("whoami");
    expect(r).toMatchObject({ ok: false, code: "AUTH_ERROR", message: "Authentication failed" });
    expect(client.session.token()).toBeNull();
  });
});

describe("session: valid", () => {
  it("trusts a stored expiry in the future without asking the server", async () => {
    const { client, rec } = setup();
    await client.start();
    rec.reset();
    const r = await client.call("whoami");
    expect(r.ok).toBe(true);
    expect(rec.sent.map((s) => s.path)).toEqual(["/api/v1/user.whoami"]);
  });

  it("sends the bearer token on required calls and none on auth-'none' calls", async () => {
    const { client, rec } = setup();
    await client.start();
    const token = client.session.token();
    await client.call("whoami");
    await client.sendCode({ email: "not-an-address-check@example.com" });
    expect(rec.to("whoami").at(-1)!.authorization).toBe(`Bearer ${token}`);
    expect(rec.to("sendCode")[0]!.authorization).toBeNull();
  });

  it("asks whoami when the stored expiry passed, and keeps a token the server still accepts", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    const token = client.session.token();
    storage.local.set(StorageKeys.tokenExpiresAt, String(Date.now() - 1000));
    expect(client.session.storedStatus()).toBe("expired");
    rec.reset();
    expect(await client.session.getValidToken()).toBe(token);
    expect(rec.sent.map((s) => s.path)).toEqual(["/api/v1/user.whoami"]);
    expect(client.session.storedStatus()).toBe("valid");
  });
});

describe("session: expired", () => {
  it("refreshes an expired token with the refresh token (fake clock past the expiry)", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    const [oldToken, oldRefresh] = [client.session.token(), storage.cookies.get(StorageKeys.refreshToken)];
    await expireAccessToken();
    expect(client.session.storedStatus()).toBe("expired");
    rec.reset();
    const r = await client.call("whoami");
    expect(r.ok).toBe(true);
    expect(rec.count("refresh")).toBe(1);
    expect(rec.count("guestSignUp")).toBe(0);
    expect(client.session.token()).not.toBe(oldToken);
    expect(storage.cookies.get(StorageKeys.refreshToken)).not.toBe(oldRefresh);
    expect(Number(storage.local.get(StorageKeys.tokenExpiresAt))).toBeGreaterThan(Date.now());
  });

  it("clears all stored auth and registers a new guest when the refresh fails", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    storage.session.set(StorageKeys.paymentToken, "pay");
    await revokeSession(storage);
    await expireAccessToken();
    rec.reset();
    const seen: string[] = [];
    client.session.subscribe((s) => seen.push(s.status));
    expect((await client.call("whoami")).ok).toBe(true);
    expect(rec.sent.map((s) => s.path)).toEqual(["/api/v1/user.whoami", "/api/v1/user.refresh", "/api/v1/user-guest.sign-up", "/api/v1/user.whoami"]);
    expect(seen).toContain("expired");
    expect(seen).toContain("none");
    expect(storage.session.get(StorageKeys.paymentToken)).toBeNull();
    expect(client.session.storedStatus()).toBe("valid");
  });

  it("after 7 days the access cookie is gone; the 30-day refresh token keeps the account", async () => {
    const { client, rec, storage } = setup();
    const before = await client.start();
    await expireAccessToken(ACCESS_TOKEN_TTL_S + 60);
    expect(storage.cookies.get(StorageKeys.token)).toBeNull();
    expect(client.session.storedStatus()).toBe("none");
    rec.reset();
    const r = await client.call("whoami");
    expect(r.ok && r.data.user.uuid).toBe(before.user!.uuid);
    expect(rec.count("refresh")).toBe(1);
    expect(rec.count("guestSignUp")).toBe(0);
  });

  it("registers a new guest when there is no refresh token", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    storage.cookies.remove(StorageKeys.refreshToken);
    await expireAccessToken();
    rec.reset();
    expect((await client.call("whoami")).ok).toBe(true);
    expect(rec.count("refresh")).toBe(0);
    expect(rec.count("guestSignUp")).toBe(1);
  });

  it("keeps the stored auth when the refresh gets no answer (offline), answering AUTH_ERROR", async () => {
    const storage = memoryStorage();
    await createApiClient({ baseUrl: api.url, storage }).start();
    storage.cookies.set(StorageKeys.token, "sl1.bad.token", 60);
    storage.local.set(StorageKeys.tokenExpiresAt, "0");
    const offline = createApiClient({ baseUrl: await deadUrl(), storage });
    // whoami gets no answer → the token is kept (no verdict) and the call itself fails as a network error.
    expect(await offline.call("whoami")).toMatchObject({ ok: false, code: "ERROR", message: "Network error", status: 0 });
    expect(storage.cookies.get(StorageKeys.refreshToken)).not.toBeNull();
  });
});

describe("401 retry", () => {
  it("re-obtains a token after a 401 and retries once", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    // The stored expiry says valid but the server does not know this token.
    storage.cookies.set(StorageKeys.token, "sl1.forged.token", 60);
    rec.reset();
    const r = await client.call("whoami");
    expect(r.ok).toBe(true);
    expect(rec.sent.map((s) => s.path)).toEqual(["/api/v1/user.whoami", "/api/v1/user.refresh", "/api/v1/user.whoami"]);
  });

  it("answers AUTH_ERROR when the 401 cannot be recovered from", async () => {
    const { client, storage } = setup();
    await client.start();
    storage.cookies.set(StorageKeys.token, "sl1.forged.token", 60);
    storage.cookies.remove(StorageKeys.refreshToken);
    // Guest sign-up now fails too: the device id is taken over by a broken one that the server refuses.
    const broken = createApiClient({ baseUrl: api.url, storage, fetch: (input, init) => (String(input).includes("sign-up") ? Promise.reject(new TypeError("offline")) : fetch(input, init)) });
    expect(await broken.call("whoami")).toMatchObject({ ok: false, code: "AUTH_ERROR", message: "Authentication failed", status: 401 });
  });
});

describe("one pending attempt", () => {
  it("20 calls at once with an expired token cause exactly one refresh and all succeed", async () => {
    const { client, rec } = setup();
    await client.start();
    await expireAccessToken();
    rec.reset();
    const results = await Promise.all(Array.from({ length: 20 }, () => client.call("whoami")));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(rec.count("refresh")).toBe(1);
    expect(rec.count("guestSignUp")).toBe(0);
  });

  it("20 calls at once with a revoked refresh token cause exactly one new guest registration", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    await revokeSession(storage);
    await expireAccessToken();
    rec.reset();
    const results = await Promise.all(Array.from({ length: 20 }, () => client.call("whoami")));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(rec.count("refresh")).toBe(1);
    expect(rec.count("guestSignUp")).toBe(1);
  });

  it("20 calls whose token the server refuses share one renewal after their 401s", async () => {
    const { client, rec, storage } = setup();
    await client.start();
    storage.cookies.set(StorageKeys.token, "sl1.forged.token", 60);
    rec.reset();
    const results = await Promise.all(Array.from({ length: 20 }, () => client.call("whoami")));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(rec.count("refresh")).toBe(1);
    expect(rec.count("whoami")).toBe(40);
  });

  it("a logout during a pending attempt keeps that attempt from storing tokens afterwards", async () => {
    const { client, storage } = setup();
    const pending = client.session.getValidToken();
    client.logout();
    expect(await pending).toBeNull();
    expect(storage.cookies.get(StorageKeys.token)).toBeNull();
    expect(client.session.getSnapshot().status).toBe("none");
  });

  it("simultaneous getValidToken calls on a fresh device share one guest sign-up", async () => {
    const { client, rec } = setup();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => client.session.getValidToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(rec.count("guestSignUp")).toBe(1);
  });
});
