import type { BenchScenario } from "../scenario";

/** POST /api/v1/story.list, first page of 20 (the home catalogue): a public read every visitor makes. */
export const storyListScenario: BenchScenario = {
  name: "story.list (first page, 20)",
  async prepare() {
    return {
      method: "POST",
      path: "/api/v1/story.list",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sort: "popular", limit: 20 }),
    };
  },
};
