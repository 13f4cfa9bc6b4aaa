import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
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
});
