import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { coinLedger, rowsOf, sessions, users, verificationCodes } from "@storyloom/db";
import { readCode } from "@storyloom/test-api";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { signAccessToken } from "../src/auth/tokens";
import { call, newGuest } from "./http";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
let n = 0;
const email = (tag: string) => `${tag}-${process.pid}-${++n}@example.com`;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

async function login(target: RunningApi, address: string, userId?: string) {
  const sent = await call(target, "POST", "/api/v1/verify-code.send", { body: { email: address } });
  expect(sent.code).toBe("0");
  const code = await readCode(target, address.toLowerCase());
  return call<{ auth: { access_token: string; refresh_token: string }; user: Record<string, unknown> }>(target, "POST", "/api/v1/user.auth", {
    body: { email: address, code, user_id: userId },
  });
}

// Races (one device signing up at once, concurrent refreshes, reuse detection, code rate limits)
// are in auth.concurrency.test.ts, which also runs against two instances.
describe(`guest sign-up (${engine})`, () => {
  it("creates a guest with welcome coins and returns the same guest for the same device", async () => {
    const g = await newGuest(api);
    expect(g.user).toMatchObject({ role: "guest", is_guest: true, email: null, name: "Guest", coins: 20 });
    expect(g.auth.expires).toBe(604800);
    const again = await call<{ user: { uuid: string } }>(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id: g.device_id } });
    expect(again.data.user.uuid).toBe(g.user.uuid);
    const [row] = await api.ctx.db.select().from(users).where(eq(users.uuid, g.user.uuid));
    expect(row!.gender).toBe("unknown");
  });

  it("rejects a malformed device id", async () => {
    const r = await call(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id: "x" } });
    expect(r.status).toBe(400);
    expect(r.code).toBe("VALIDATION_ERROR");
    expect(r.message).toContain("device_id");
  });
});

describe(`whoami (${engine})`, () => {
  it("answers the user of the bearer token", async () => {
    const g = await newGuest(api);
    const r = await call<{ user: { uuid: string } }>(api, "GET", "/api/v1/user.whoami", { token: g.token });
    expect(r.code).toBe("0");
    expect(r.data.user.uuid).toBe(g.user.uuid);
  });

  it.each([
    ["missing", undefined],
    ["malformed", "not-a-token"],
    ["forged", "sl1.eyJzaWQiOiJ4In0.AAAA"],
  ])("answers 401 UNAUTHORIZED for a %s token", async (_label, token) => {
    const r = await call(api, "GET", "/api/v1/user.whoami", { token });
    expect(r.status).toBe(401);
    expect(r.code).toBe("UNAUTHORIZED");
  });

  it("answers 401 for an expired token and for one signed with another secret", async () => {
    const g = await newGuest(api);
    const [s] = await api.ctx.db.select().from(sessions).where(eq(sessions.userId, g.user.id));
    const expired = signAccessToken(api.ctx.config.TOKEN_SECRET, { sid: s!.id, uid: g.user.id, exp: Math.floor(Date.now() / 1000) - 1 });
    expect((await call(api, "GET", "/api/v1/user.whoami", { token: expired })).status).toBe(401);
    const foreign = signAccessToken("another-secret-of-sufficient-length", { sid: s!.id, uid: g.user.id, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await call(api, "GET", "/api/v1/user.whoami", { token: foreign })).status).toBe(401);
  });
});

describe(`refresh (${engine})`, () => {
  it("rotates: the new pair works, the old refresh token stops working", async () => {
    const g = await newGuest(api);
    const r = await call<{ auth: { access_token: string; refresh_token: string } }>(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } });
    expect(r.code).toBe("0");
    expect(r.data.auth.refresh_token).not.toBe(g.auth.refresh_token);
    expect((await call(api, "GET", "/api/v1/user.whoami", { token: r.data.auth.access_token })).code).toBe("0");
    const again = await call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } });
    expect(again.status).toBe(401);
  });

  it("refuses an unknown or expired refresh token", async () => {
    expect((await call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: "rt_unknown" } })).status).toBe(401);
    const short = await startTestApi({ REFRESH_TOKEN_TTL_S: 1 });
    try {
      const g = await newGuest(short);
      await new Promise((res) => setTimeout(res, 1100));
      const r = await call(short, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } });
      expect(r.status).toBe(401);
      expect(r.message).toMatch(/expired/i);
    } finally {
      await short.stop();
    }
  });
});

describe(`verification codes (${engine})`, () => {
  it("mails a 6-digit code, stores only its hash, and allows one send per e-mail per 60 s", async () => {
    const address = email("code");
    const r = await call(api, "POST", "/api/v1/verify-code.send", { body: { email: address } });
    expect(r.data).toEqual({ expires_in: 600, resend_in: 60 });
    const code = await readCode(api, address);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await api.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.email, address));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeCloseTo(600_000, -4);
    const second = await call(api, "POST", "/api/v1/verify-code.send", { body: { email: address.toUpperCase() } });
    expect(second.status).toBe(429);
    expect(second.code).toBe("RATE_LIMITED");
    expect(Number((second.data as { retry_after: number }).retry_after)).toBeGreaterThan(50);
  });

  it("sends no bearer-less rejection: code-send and login need no token", async () => {
    const r = await call(api, "POST", "/api/v1/verify-code.send", { body: { email: email("notoken"), code_type: "login" } });
    expect(r.code).toBe("0");
  });
});

describe(`login by e-mail code (${engine})`, () => {
  it("turns the current guest into a normal user, keeping coins", async () => {
    const g = await newGuest(api);
    const address = email("convert");
    const r = await login(api, address, g.user.uuid);
    expect(r.code).toBe("0");
    expect(r.data.user).toMatchObject({ uuid: g.user.uuid, email: address, role: "normal", is_guest: false, coins: 20 });
    const who = await call<{ user: { email: string } }>(api, "GET", "/api/v1/user.whoami", { token: r.data.auth.access_token });
    expect(who.data.user.email).toBe(address);
  });

  it("logs into the existing account and merges the guest: coins move through the ledger", async () => {
    const address = email("existing");
    const first = await login(api, address);
    const accountUuid = first.data.user.uuid as string;
    const g = await newGuest(api);
    await api.ctx.db.execute(sql`delete from rate_limits where key = ${`code-email:${address}`}`); // skip the 60 s wait
    const second = await login(api, address, g.user.uuid);
    expect(second.data.user.uuid).toBe(accountUuid);
    expect(second.data.user.coins).toBe(20);
    expect((await call(api, "GET", "/api/v1/user.whoami", { token: g.token })).status).toBe(401);
    const [acc] = await api.ctx.db.select().from(users).where(eq(users.uuid, accountUuid));
    const sum = rowsOf<{ s: number }>(await api.ctx.db.execute(sql`select coalesce(sum(amount),0)::int as s from coin_ledger where user_id = ${acc!.id}`))[0]!.s;
    expect(sum).toBe(acc!.coins);
    const guestEntries = await api.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, g.user.id));
    expect(guestEntries.map((e) => e.amount).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("counts wrong codes; the fifth kills the code", async () => {
    const address = email("wrong");
    await call(api, "POST", "/api/v1/verify-code.send", { body: { email: address } });
    const code = await readCode(api, address);
    const wrong = code === "000000" ? "111111" : "000000";
    const messages = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(api, "POST", "/api/v1/user.auth", { body: { email: address, code: wrong } });
      expect(r.code).toBe("CODE_INVALID");
      messages.push(r.message);
    }
    expect(messages[0]).toMatch(/4 tries left/);
    const late = await call(api, "POST", "/api/v1/user.auth", { body: { email: address, code } });
    expect(late.code).toBe("CODE_INVALID");
  });

  it("refuses an expired code and a code used twice", async () => {
    const address = email("expired");
    await call(api, "POST", "/api/v1/verify-code.send", { body: { email: address } });
    const code = await readCode(api, address);
    await api.ctx.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.email, address));
    expect((await call(api, "POST", "/api/v1/user.auth", { body: { email: address, code } })).code).toBe("CODE_EXPIRED");

    const other = email("twice");
    const ok = await login(api, other);
    expect(ok.code).toBe("0");
    const code2 = await readCode(api, other);
    expect((await call(api, "POST", "/api/v1/user.auth", { body: { email: other, code: code2 } })).code).toBe("CODE_INVALID");
  });

  it("answers an unknown stored role as normal", async () => {
    const address = email("role");
    const r = await login(api, address);
    await api.ctx.db.update(users).set({ role: "moderator" }).where(eq(users.email, address));
    const who = await call<{ user: { role: string } }>(api, "GET", "/api/v1/user.whoami", { token: r.data.auth.access_token });
    expect(who.data.user.role).toBe("normal");
    await api.ctx.db.update(users).set({ role: "super_admin" }).where(eq(users.email, address));
    const admin = await call<{ user: { role: string } }>(api, "GET", "/api/v1/user.whoami", { token: r.data.auth.access_token });
    expect(admin.data.user.role).toBe("super_admin");
  });
});

describe(`user-info.update (${engine})`, () => {
  it("updates name, username and avatar and refuses a taken username", async () => {
    const a = await newGuest(api);
    const b = await newGuest(api);
    const uname = `reader_${process.pid}_${n++}`;
    const r = await call<{ user: Record<string, unknown> }>(api, "POST", "/api/v1/user-info.update", {
      token: a.token,
      body: { name: "Ada", username: uname, avatar_url: "https://example.com/a.png" },
    });
    expect(r.data.user).toMatchObject({ name: "Ada", username: uname, avatar_url: "https://example.com/a.png" });
    const taken = await call(api, "POST", "/api/v1/user-info.update", { token: b.token, body: { username: uname.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.code).toBe("CONFLICT");
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(51) }, "name"],
    [{ username: "no spaces" }, "username"],
    [{ avatar_url: "javascript:alert(1)" }, "avatar_url"],
    [{ coins: 1_000_000 }, "coins"],
  ])("refuses %j naming the field", async (body, field) => {
    const g = await newGuest(api);
    const r = await call<{ fields: { path: string }[] }>(api, "POST", "/api/v1/user-info.update", { token: g.token, body });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.data.fields)).toContain(field);
    const who = await call<{ user: { coins: number; name: string } }>(api, "GET", "/api/v1/user.whoami", { token: g.token });
    expect(who.data.user).toMatchObject({ coins: 20, name: "Guest" });
  });

  it("needs a token", async () => {
    expect((await call(api, "POST", "/api/v1/user-info.update", { body: { name: "x" } })).status).toBe(401);
  });
});

describe(`the envelope and HTTP hygiene (${engine})`, () => {
  it("answers unknown routes with 404 NOT_FOUND", async () => {
    const r = await call(api, "GET", "/api/v1/nope");
    expect(r).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
  it("answers bad JSON, a wrong media type and a huge body with 4xx envelopes", async () => {
    expect((await call(api, "POST", "/api/v1/user.refresh", { rawBody: "{oops" })).status).toBe(400);
    expect((await call(api, "POST", "/api/v1/user.refresh", { rawBody: "a=b", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: "x".repeat(300_000) } })).status).toBe(413);
    expect((await call(api, "POST", "/api/v1/user.refresh", { rawBody: "null" })).status).toBe(400);
  });
  it("sends security headers and CORS only to brand origins", async () => {
    const ok = await fetch(`${api.url}/healthz`, { headers: { origin: "http://localhost:3000" } });
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    const evil = await fetch(`${api.url}/healthz`, { headers: { origin: "https://evil.example" } });
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe(`CORS preflight (${engine})`, () => {
  it("answers a brand origin's preflight and gives others nothing", async () => {
    const ok = await fetch(`${api.url}/api/v1/user.whoami`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:3001", "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:3001");
    expect(ok.headers.get("access-control-allow-headers")).toContain("Authorization");
    const evil = await fetch(`${api.url}/api/v1/user.whoami`, { method: "OPTIONS", headers: { origin: "https://evil.example" } });
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
  });
});
