import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { createTestDb } from "../testing";
import type { DbHandle } from "../client";
import { actors, categories, stories } from "../schema/index";
import { seed } from "./index";
import { seedCategories } from "./catalogue";

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

describe("seeded catalogue", () => {
  it("has at least 24 stories in at least 6 categories, each with 1-3 characters", async () => {
    const cats = await h.db.select().from(categories);
    const rows = await h.db.select().from(stories);
    expect(cats.length).toBeGreaterThanOrEqual(6);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const cast = await h.db.select().from(actors);
    for (const s of rows) {
      const n = cast.filter((a) => a.storyId === s.id).length;
      expect(n, s.id).toBeGreaterThanOrEqual(1);
      expect(n, s.id).toBeLessThanOrEqual(3);
      expect(s.script).toContain("-> END");
      expect(s.tags.length).toBeGreaterThan(0);
    }
  });

  it("has globally unique character slugs", () => {
    const slugs = seedCategories.flatMap((c) => c.stories.flatMap((s) => s.actors.map((a) => a.slug)));
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("seeding again changes nothing", async () => {
    const read = async () => ({
      c: await h.db.select().from(categories).orderBy(asc(categories.id)),
      s: await h.db.select().from(stories).orderBy(asc(stories.id)),
      a: await h.db.select().from(actors).orderBy(asc(actors.id)),
    });
    const before = await read();
    await seed(h.db);
    expect(await read()).toEqual(before);
  });
});
