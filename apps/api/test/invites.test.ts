import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCode } from "@storyloom/test-api";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { clearSysconfigCache } from "../src/services/sysconfig";
import { balanceAndLedger } from "./db";
import { callEndpoint, newGuest } from "./http";

// Defect: creditInviter read sysconfig through the outer connection inside the login transaction.
// With a cold cache on PGlite (one connection, a transaction mutex) that read waits for the very
// transaction that is waiting for it: the login hangs forever. Other tests warm the cache first.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

describe(`an invited guest's login with a cold sysconfig cache (${engine})`, () => {
  it("completes and pays the inviter once", async () => {
    const inviter = await newGuest(api);
    const { invite_code } = (await callEndpoint<{ invite_code: string }>(api, "inviteCode", {}, inviter.token)).data;
    const friend = await newGuest(api, invite_code);
    const { invite_reward } = (await callEndpoint<{ invite_reward: number }>(api, "sysconfigList")).data;
    const before = await balanceAndLedger(api.handle.db, inviter.id);
    const email = `cold-${friend.id}@example.com`;
    await callEndpoint(api, "sendCode", { email });
    const code = await readCode(api, email);

    clearSysconfigCache(api.ctx.db);
    // A hang shows as this race's timeout instead of the whole file's.
    const login = await Promise.race([
      callEndpoint(api, "login", { email, code, user_id: friend.uuid }),
      new Promise<"hung">((r) => setTimeout(() => r("hung"), 5_000).unref()),
    ]);
    expect(login).not.toBe("hung");
    expect((login as { status: number }).status).toBe(200);
    const after = await balanceAndLedger(api.handle.db, inviter.id);
    expect(after.coins).toBe(before.coins + invite_reward);
    expect(after.coins).toBe(after.sum);
  });
});
