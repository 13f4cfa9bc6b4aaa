import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { users, verificationCodes } from "@storyloom/db";
import { readCode } from "@storyloom/test-api";
import { startTestApi, testInstances } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";

// Races on sessions and sign-in codes. HTTP in, database checks out: with API_TEST_INSTANCES=2 the
// same suite runs against two API processes behind a round-robin proxy, so racing requests land on
// different instances and only the database can keep them apart.

const where = `${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${testInstances()} instance(s)`;
let api: RunningApi;
let strict: RunningApi; // refresh reuse grace 0, 3 codes per network per hour
let n = 0;
const email = (tag: string) => `${tag}-${process.pid}-${++n}@example.com`;

beforeAll(async () => {
  [api, strict] = await Promise.all([startTestApi(), startTestApi({ REFRESH_REUSE_GRACE_S: 0, CODE_SEND_PER_IP_PER_HOUR: 3 })]);
});
afterAll(async () => {
  await Promise.all([api?.stop(), strict?.stop()]);
});

describe(`guest sign-up races (${where})`, () => {
  it("makes one guest when one device signs up 10 times at once", async () => {
    const device_id = `race-device-${process.pid}-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call<{ user: { uuid: string } }>(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.data.user.uuid)).size).toBe(1);
    const rows = await api.ctx.db.select().from(users).where(eq(users.deviceId, device_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.coins).toBe(20);
  });
});

describe(`refresh rotation and reuse detection (${where})`, () => {
  it("20 concurrent refreshes of one token: exactly one succeeds", async () => {
    const g = await newGuest(api);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } })),
    );
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);
  });

  it("a reused refresh token within the grace window is refused without revoking the family", async () => {
    const g = await newGuest(api);
    const r = await call<{ auth: { access_token: string; refresh_token: string } }>(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } });
    expect((await call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } })).status).toBe(401);
    expect((await call(api, "GET", "/api/v1/user.whoami", { token: r.data.auth.access_token })).code).toBe("0");
    expect((await call(api, "POST", "/api/v1/user.refresh", { body: { refresh_token: r.data.auth.refresh_token } })).code).toBe("0");
  });

  it("reuse after the grace window revokes the whole family, on every instance", async () => {
    const g = await newGuest(strict);
    const r1 = await call<{ auth: { access_token: string; refresh_token: string } }>(strict, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } });
    await new Promise((res) => setTimeout(res, 20));
    const reuse = await call(strict, "POST", "/api/v1/user.refresh", { body: { refresh_token: g.auth.refresh_token } });
    expect(reuse.status).toBe(401);
    expect(reuse.message).toMatch(/reuse/i);
    // Every token of the family is dead now, whichever instance is asked.
    for (let i = 0; i < 2 * testInstances(); i++) {
      expect((await call(strict, "GET", "/api/v1/user.whoami", { token: r1.data.auth.access_token })).status).toBe(401);
    }
    expect((await call(strict, "POST", "/api/v1/user.refresh", { body: { refresh_token: r1.data.auth.refresh_token } })).status).toBe(401);
    const back = await call<{ auth: { access_token: string } }>(strict, "POST", "/api/v1/user-guest.sign-up", { body: { device_id: g.device_id } });
    expect((await call(strict, "GET", "/api/v1/user.whoami", { token: back.data.auth.access_token })).code).toBe("0");
  });
});

describe(`sign-in codes and their rate limits (${where})`, () => {
  it("10 concurrent sends to one address: one code, the other nine RATE_LIMITED", async () => {
    const address = email("burst");
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", "/api/v1/verify-code.send", { body: { email: address } })));
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    expect(answers.filter((a) => a.code === "RATE_LIMITED")).toHaveLength(9);
    expect(await api.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.email, address))).toHaveLength(1);
  });

  it("10 concurrent sends from one network with a limit of 3 per hour: exactly 3 codes", async () => {
    const addresses = Array.from({ length: 10 }, () => email("net"));
    const answers = await Promise.all(addresses.map((address) => call(strict, "POST", "/api/v1/verify-code.send", { body: { email: address } })));
    expect(answers.filter((a) => a.code === "0")).toHaveLength(3);
    expect(answers.filter((a) => a.code === "RATE_LIMITED")).toHaveLength(7);
  });

  it("10 concurrent logins with one code: one session, nine CODE_INVALID", async () => {
    const address = email("login");
    await call(api, "POST", "/api/v1/verify-code.send", { body: { email: address } });
    const code = await readCode(api, address);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", "/api/v1/user.auth", { body: { email: address, code } })));
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    expect(answers.filter((a) => a.code === "CODE_INVALID")).toHaveLength(9);
    expect(await api.ctx.db.select().from(users).where(eq(users.email, address))).toHaveLength(1);
  });

  it("10 concurrent wrong guesses use up the code's 5 tries: the right code is refused after", async () => {
    const address = email("guess");
    await call(api, "POST", "/api/v1/verify-code.send", { body: { email: address } });
    const code = await readCode(api, address);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api, "POST", "/api/v1/user.auth", { body: { email: address, code: wrong } })));
    expect(answers.every((a) => a.code === "CODE_INVALID")).toBe(true);
    const [row] = await api.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.email, address));
    expect(row!.attempts).toBe(5);
    expect(row!.consumedAt).not.toBeNull();
    expect((await call(api, "POST", "/api/v1/user.auth", { body: { email: address, code } })).code).toBe("CODE_INVALID");
    expect(await api.ctx.db.select().from(users).where(and(eq(users.email, address), isNull(users.mergedInto)))).toHaveLength(0);
  });
});
