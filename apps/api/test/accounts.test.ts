import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { balanceAndLedger } from "./db";
import { call } from "./http";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

describe(`guest sign-up is one transaction (${engine})`, () => {
  it("a failure writing the welcome coins leaves no guest behind; the retry makes a guest with its coins", async () => {
    const device_id = `tx-device-${process.pid}-${Date.now()}`;
    // A real failure between the user row and its welcome credit: the database refuses the credit.
    await api.handle.exec(`
      create function fail_welcome() returns trigger language plpgsql as $$
      begin raise exception 'welcome credit refused (test)'; end $$;
      create trigger fail_welcome before insert on coin_ledger for each row when (new.reason = 'welcome') execute function fail_welcome();`);
    try {
      const failed = await call(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id } });
      expect(failed.status).toBe(500);
      expect(await api.ctx.db.select().from(users).where(eq(users.deviceId, device_id))).toHaveLength(0);
    } finally {
      await api.handle.exec("drop trigger fail_welcome on coin_ledger; drop function fail_welcome();");
    }
    const retry = await call<{ user: { id: number; coins: number } }>(api, "POST", "/api/v1/user-guest.sign-up", { body: { device_id } });
    expect(retry.status).toBe(200);
    expect(retry.data.user.coins).toBe(20);
    expect(await balanceAndLedger(api.handle.db, retry.data.user.id)).toEqual({ coins: 20, sum: 20 });
  });
});
