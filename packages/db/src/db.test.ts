import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { createTestDb } from "./testing";
import type { DbHandle } from "./client";
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
