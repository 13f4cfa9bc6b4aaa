import { connection } from "next/server";
import { endpoints, okEnvelope, type StorySummary } from "@storyloom/contract";
import { publicApiBase, serverApiBase } from "../env";

const listAnswer = okEnvelope(endpoints.storyList.output);

/** How long the popular list is reused between requests: fresh enough for a marketing page. */
const REVALIDATE_S = 300;
/** A landing page must not hang on a slow API; past this it renders without a featured story. */
const TIMEOUT_MS = 2500;

/**
 * The popular stories a landing page can feature, or [] when the API is unreachable or answers
 * something unexpected. Rendering is dynamic (the build never needs the API) while the list
 * itself is cached for a few minutes.
 */
export async function fetchPopularStories(): Promise<StorySummary[]> {
  await connection();
  try {
    const res = await fetch(`${serverApiBase()}${endpoints.storyList.path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sort: "popular", limit: 6 }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      next: { revalidate: REVALIDATE_S },
    });
    if (!res.ok) return [];
    const parsed = listAnswer.safeParse(await res.json());
    return parsed.success ? parsed.data.data.stories : [];
  } catch {
    return [];
  }
}

/** The first story matching one of the preferred categories or tags, else the most popular one. */
export function pickFeatured(stories: StorySummary[], prefer: readonly string[]): StorySummary | undefined {
  const wanted = prefer.map((p) => p.toLowerCase());
  const matches = (s: StorySummary) =>
    wanted.includes(s.category_id) || s.tags.some((t) => wanted.includes(t.toLowerCase()));
  return stories.find(matches) ?? stories[0];
}

/** An absolute address for a cover the API gave as a path, so the browser can load it. */
export function publicAssetUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicApiBase()}${url.startsWith("/") ? "" : "/"}${url}`;
}
