import type { BenchScenario } from "../scenario";

/**
 * GET /api/v1/story.get of a random published story, as a guest: over a catalogue much larger than
 * the story cache holds, most answers come from the database.
 */
export const storyGetUncachedScenario: BenchScenario = {
  name: "story.get uncached",
  target: 0.3,
  async prepare(api) {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(`${api.url}/api/v1/story.list`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sort: "new", limit: 50, ...(cursor ? { cursor } : {}) }),
      });
      const page = ((await res.json()) as { data: { stories: { id: string }[]; next_cursor: string | null } }).data;
      ids.push(...page.stories.map((s) => s.id));
      cursor = page.next_cursor;
    } while (cursor);
    const path = (id: string) => `/api/v1/story.get?id=${encodeURIComponent(id)}`;
    return { method: "GET", path: path(ids[0]!), vary: () => ({ path: path(ids[Math.floor(Math.random() * ids.length)]!) }) };
  },
};
