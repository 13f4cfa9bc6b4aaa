import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { createTestDb } from "./testing";
import { executePrepared, rowsOf, type DbHandle } from "./client";
import { pricePackages, sysconfig, users } from "./schema/index";
import { seed } from "./seed/index";

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

describe(`database (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("starts migrated and seeded", async () => {
    const [row] = await h.db.select({ n: count() }).from(pricePackages);
    expect(row!.n).toBeGreaterThanOrEqual(5);
  });
  it("seeding again changes nothing", async () => {
    const before = await h.db.select().from(sysconfig);
    await seed(h.db);
    expect(await h.db.select().from(sysconfig)).toEqual(before);
  });
  it("refuses a negative balance", async () => {
    const [u] = await h.db.insert(users).values({ name: "Guest" }).returning();
    await expect(h.db.update(users).set({ coins: -1 }).where(eq(users.id, u!.id))).rejects.toThrow();
  });
  it("runs a hot statement prepared on PostgreSQL, answering as execute does", async () => {
    const q = (n: number) => sql`select ${n}::int as n, ${`t${n}`} as t, '2026-11-27 10:00:00+00'::timestamptz as at, json_build_object('n', ${n}::int) as j`;
    for (const n of [1, 2, 3]) expect(rowsOf(await executePrepared(h.db, q(n)))).toEqual(rowsOf(await h.db.execute(q(n))));
    // The statement finds itself among its connection's prepared statements, by the name it was given.
    const self = sql`select name from pg_prepared_statements where statement = current_query() and ${1}::int = 1`;
    const names = rowsOf<{ name: string }>(await executePrepared(h.db, self)).map((r) => r.name);
    expect(names).toEqual(h.kind === "postgres" ? [expect.stringMatching(/^stmt_[0-9a-f]{16}$/)] : []);
    // Inside a transaction it is the transaction's own statement.
    await h.db.transaction(async (tx) => expect(rowsOf(await executePrepared(tx, q(4)))).toEqual([{ n: 4, t: "t4", at: expect.any(String), j: { n: 4 } }]));
  });
  it.skipIf(!process.env.DATABASE_URL)("keeps serving after the server ends its idle connections", async () => {
    await h.db.select({ n: count() }).from(users); // at least one idle connection in the pool
    const admin = new pg.Client({ connectionString: h.url });
    await admin.connect();
    try {
      const ended = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200)); // the termination notices reach the pool
    const [row] = await h.db.select({ n: count() }).from(pricePackages);
    expect(row!.n).toBeGreaterThanOrEqual(5);
  });
});
