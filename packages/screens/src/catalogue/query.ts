// The home catalogue's filter lives in the URL (?q=&category=&sort=) so a filtered list can be
// shared, reloaded and rendered on the server. These helpers are the one reading and writing of it.

/** The sort orders the catalogue offers (story.list `sort`). */
export const SORTS = [
  { id: "popular", label: "Popular" },
  { id: "new", label: "New" },
  { id: "trending", label: "Trending" },
] as const;

/** One sort order id. */
export type SortId = (typeof SORTS)[number]["id"];

/** The catalogue filter as the home page reads it from its URL. */
export interface CatalogueFilter {
  q: string;
  category: string | null;
  sort: SortId;
}

/**
 * Stories in the server-rendered first page: two full rows of the widest (5-column) grid, five of
 * a phone's. Kept short because every card in the HTML is laid out, painted and hydrated before
 * the page is interactive; the rest follow as the end of the list nears.
 */
export const FIRST_PAGE_SIZE = 10;
/** Stories per page after the first. */
export const PAGE_SIZE = 20;
/** The search box waits this long after the last keystroke before it changes the URL. */
export const SEARCH_DEBOUNCE_MS = 350;

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
type Params = Record<string, string | string[] | undefined> | URLSearchParams;

function first(params: Params, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) ?? undefined : params[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the filter from search params, dropping values the API would reject instead of failing. */
export function parseFilter(params: Params): CatalogueFilter {
  const q = (first(params, "q") ?? "").trim().slice(0, 100);
  const category = first(params, "category");
  const sort = first(params, "sort");
  return {
    q,
    category: category && SLUG.test(category) ? category : null,
    sort: SORTS.some((s) => s.id === sort) ? (sort as SortId) : "popular",
  };
}

/** The home URL for a filter; defaults are left out so the plain catalogue stays at "/". */
export function filterHref(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.category) params.set("category", filter.category);
  if (filter.sort !== "popular") params.set("sort", filter.sort);
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

/** The story.list body for one page of a filter: the first page is the short one. */
export function listInput(filter: CatalogueFilter, cursor: string | null = null) {
  return {
    sort: filter.sort,
    limit: cursor ? PAGE_SIZE : FIRST_PAGE_SIZE,
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.category ? { category_id: filter.category } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** A compact count for cards: 31020 → "31K", 1250000 → "1.3M". */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${n < 10_000 ? (n / 1000).toFixed(1).replace(/\.0$/, "") : Math.round(n / 1000)}K`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

/**
 * Cards whose covers can be in the first screenful on any viewport: they load at once, not lazily.
 * (Here, not in the client grid module: a server component importing a constant from a
 * "use client" module gets a client reference, not the number.)
 */
export const FIRST_ROW = 4;
