import type { BenchScenario } from "../scenario";

const json = { "content-type": "application/json" };
type Page = { data: { stories: { id: string; title: string; hook: string }[]; next_cursor: string | null } };

/** POST /api/v1/story.list, first page of 20 (the home catalogue): a public read every visitor makes. */
export const storyListScenario: BenchScenario = {
  name: "story.list (first page, 20)",
  // Identical queries within seconds are answered from the in-process cache.
  target: 0.6,
  async prepare() {
    return { method: "POST", path: "/api/v1/story.list", headers: json, body: JSON.stringify({ sort: "popular", limit: 20 }) };
  },
};

const SORTS = ["popular", "new", "trending"] as const;
const letters = "abcdefghijklmnopqrstuvwxyz";

/**
 * POST /api/v1/story.list with another query each request: a sort, often a category, a three-letter
 * search term (mostly taken from the catalogue's own text, so pages have stories in them) and half the
 * time a cursor from a real page. Nearly every query is new within the caches' lifetime, so the
 * answers come from the database.
 */
export const storyListUncachedScenario: BenchScenario = {
  name: "story.list uncached",
  target: 0.3,
  async prepare(api) {
    const post = async (body: object) => {
      const res = await fetch(`${api.url}/api/v1/story.list`, { method: "POST", headers: json, body: JSON.stringify(body) });
      return ((await res.json()) as Page).data;
    };
    const cats = (await (await fetch(`${api.url}/api/v1/category.list`)).json()) as { data: { categories: { id: string }[] } };
    const categories = cats.data.categories.map((c) => c.id);
    const cursors: Record<string, string[]> = {};
    const terms = new Set<string>();
    for (const sort of SORTS) {
      cursors[sort] = [];
      let cursor: string | null = null;
      do {
        const page: Page["data"] = await post({ sort, limit: 50, ...(cursor ? { cursor } : {}) });
        for (const s of page.stories) {
          const text = `${s.title} ${s.hook}`.toLowerCase();
          for (let i = 0; i + 3 <= text.length; i += 2) if (/^[a-z]{3}$/.test(text.slice(i, i + 3))) terms.add(text.slice(i, i + 3));
        }
        cursor = page.next_cursor;
        if (cursor) cursors[sort]!.push(cursor);
      } while (cursor);
    }
    const termList = [...terms];
    const any = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
    return {
      method: "POST",
      path: "/api/v1/story.list",
      headers: json,
      body: JSON.stringify({}),
      vary: () => {
        const sort = any(SORTS);
        const q = Math.random() < 0.9 ? any(termList) : Array.from({ length: 3 }, () => any([...letters])).join("");
        const cursor = Math.random() < 0.5 && cursors[sort]!.length ? any(cursors[sort]!) : undefined;
        const category_id = Math.random() < 0.6 ? any(categories) : undefined;
        return { body: JSON.stringify({ sort, q, limit: 20, ...(category_id ? { category_id } : {}), ...(cursor ? { cursor } : {}) }) };
      },
    };
  },
};
