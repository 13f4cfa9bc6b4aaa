import { connection } from "next/server";
import { serverRead } from "@storyloom/api-client/server";
import type { StorySummary } from "@storyloom/contract";
import { artUrl } from "../catalogue/art-url";
import { publicApiBase, serverApiBase } from "../env";

/** How long the popular list is reused between requests: fresh enough for a marketing page. */
const REVALIDATE_S = 300;
/** A landing page must not hang on a slow API; past this it renders without a featured story. */
const TIMEOUT_MS = 2500;

/**
 * The popular stories a landing page can feature, or [] when the API is unreachable or answers
 * something unexpected. Rendering is dynamic (the build never needs the API) while the list
 * itself is cached for a few minutes.
 */
export async function fetchPopularStories(categoryId?: string): Promise<StorySummary[]> {
  await connection();
  const input = categoryId ? { category_id: categoryId, sort: "popular" as const, limit: 6 } : { sort: "popular" as const, limit: 6 };
  const r = await serverRead("storyList", input, { baseUrl: serverApiBase(), revalidate: REVALIDATE_S, timeoutMs: TIMEOUT_MS });
  return r.ok ? r.data.stories : [];
}

/**
 * The story a landing page features: the most popular one of its preferred categories (or tags),
 * else the most popular story overall, else none (the API is unreachable or empty).
 */
export async function fetchFeatured(prefer: readonly string[]): Promise<StorySummary | undefined> {
  const popular = await fetchPopularStories();
  const match = pickFeatured(popular, prefer);
  // An empty top list means the API is down or has no stories: asking again would not help.
  if (!match || prefer.length === 0 || matchesAny(match, prefer)) return match;
  // The overall top list may hold none of this page's genre; ask for the genre's own top list
  // (the first preference is the category id, the rest are tags).
  const inCategory = await fetchPopularStories(prefer[0]);
  return inCategory[0] ?? match;
}

function matchesAny(story: StorySummary, prefer: readonly string[]): boolean {
  const wanted = prefer.map((p) => p.toLowerCase());
  return wanted.includes(story.category_id) || story.tags.some((t) => wanted.includes(t.toLowerCase()));
}

/** The first story matching one of the preferred categories or tags, else the most popular one. */
export function pickFeatured(stories: StorySummary[], prefer: readonly string[]): StorySummary | undefined {
  return stories.find((s) => matchesAny(s, prefer)) ?? stories[0];
}

/** An absolute address for a cover the API gave as a path, so the browser can load it. */
export function publicAssetUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return artUrl(url);
  return `${publicApiBase()}${url.startsWith("/") ? "" : "/"}${url}`;
}
