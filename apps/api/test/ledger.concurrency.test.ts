import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import { startTestApi, testInstances } from "../src/testing";
import type { RunningApi } from "../src/server";
import { ApiError } from "../src/errors";
import { applyLedger } from "../src/services/ledger";
import { balanceAndLedger } from "./db";
import { newGuest } from "./http";

// The ledger is one statement (ledger.ts): these calls drive it on the real database, alone, inside a
// caller's transaction, and racing itself.

const where = `${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${testInstances()} instance(s)`;
let api: RunningApi;
let db: Db;
beforeAll(async () => {
  api = await startTestApi();
  db = api.handle.db;
});
afterAll(() => api.stop());

const entries = async (key: string) => Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from coin_ledger where idempotency_key = ${key}`))[0]!.n);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
  );

describe(`the ledger statement (${where})`, () => {
  it("credits once per key, refuses an uncovered debit and writes nothing for it", async () => {
    const g = await newGuest(api);
    const { coins: start } = await balanceAndLedger(db, g.id);
    const key = `test:credit:${g.id}`;
    expect(await applyLedger(db, { userId: g.id, amount: 7, reason: "test", idempotencyKey: key })).toEqual({ applied: true, balance: start + 7 });
    expect(await applyLedger(db, { userId: g.id, amount: 7, reason: "test", idempotencyKey: key })).toEqual({ applied: false, balance: start + 7 });
    expect(await refusal(applyLedger(db, { userId: g.id, amount: -(start + 8), reason: "test", idempotencyKey: `test:big:${g.id}` }))).toBe("INSUFFICIENT_COINS");
    expect(await entries(`test:big:${g.id}`)).toBe(0);
    expect(await refusal(applyLedger(db, { userId: 2_000_000_000, amount: 1, reason: "test", idempotencyKey: `test:nobody:${g.id}` }))).toBe("NOT_FOUND");
    expect(await entries(`test:nobody:${g.id}`)).toBe(0);
    expect(await balanceAndLedger(db, g.id)).toEqual({ coins: start + 7, sum: start + 7 });
  });

  it("leaves the caller's transaction usable after a refusal", async () => {
    const g = await newGuest(api);
    const { coins: start } = await balanceAndLedger(db, g.id);
    const codes = await db.transaction(async (tx) => {
      const refused = await refusal(applyLedger(tx, { userId: g.id, amount: -(start + 1), reason: "test", idempotencyKey: `test:tx-big:${g.id}` }));
      const after = await applyLedger(tx, { userId: g.id, amount: -1, reason: "test", idempotencyKey: `test:tx-small:${g.id}` });
      return { refused, after };
    });
    expect(codes).toEqual({ refused: "INSUFFICIENT_COINS", after: { applied: true, balance: start - 1 } });
    expect(await balanceAndLedger(db, g.id)).toEqual({ coins: start - 1, sum: start - 1 });
  });

  it("20 racing debits of one key move the balance once; 20 of different keys stop at zero", async () => {
    const g = await newGuest(api);
    const { coins: start } = await balanceAndLedger(db, g.id);
    expect(start).toBeGreaterThan(2);
    const key = `test:race:${g.id}`;
    const same = await Promise.all(Array.from({ length: 20 }, () => applyLedger(db, { userId: g.id, amount: -2, reason: "test", idempotencyKey: key })));
    expect(same.filter((r) => r.applied)).toHaveLength(1);
    expect(same.every((r) => r.balance === start - 2)).toBe(true);
    expect(await entries(key)).toBe(1);
    // Each debit takes 1 coin; only as many as the balance covers are written.
    const left = start - 2;
    const many = await Promise.all(
      Array.from({ length: left + 5 }, (_, i) => refusal(applyLedger(db, { userId: g.id, amount: -1, reason: "test", idempotencyKey: `test:drain:${g.id}:${i}` }))),
    );
    expect(many.filter((c) => c === null)).toHaveLength(left);
    expect(many.filter((c) => c === "INSUFFICIENT_COINS")).toHaveLength(5);
    expect(await balanceAndLedger(db, g.id)).toEqual({ coins: 0, sum: 0 });
  });
});
