import { describe, expect, it } from "vitest";
import { Lorebook } from "@storyloom/contract";
import { seedCategories } from "./catalogue";
import { seedLorebooks } from "./content/lorebooks";

describe("seeded lorebooks", () => {
  const ids = new Set(seedCategories.flatMap((c) => c.stories.map((s) => s.id)));

  it("belong to seeded stories and hold what the story editor would accept", () => {
    expect(Object.keys(seedLorebooks).length).toBeGreaterThan(0);
    for (const [id, entries] of Object.entries(seedLorebooks)) {
      expect(ids.has(id), id).toBe(true);
      const parsed = Lorebook.safeParse(entries);
      expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data).toEqual(entries);
    }
  });
});
