// The Catalogue, Settings and Staff screens' rules: the Catalogue's filters as the URL keeps them, which
// featured-story actions a row offers, a setting's typed value checked by the contract's schema of its
// key, and moving a category in a list.
import { CatalogueState, FEATURED_MAX, Rating, SettingValues, type CatalogueStory, type SettingKey } from "@storyloom/contract";
import type { Checked } from "./rules";
import type { Params } from "./filters";

/** What a filter select offers for "no filter". */
export const ANY = "any";
/** The states a story can be filtered by, "any" first. */
export const CATALOGUE_STATES = [ANY, ...CatalogueState.options] as const;
/** The ratings a story can be filtered by, "any" first. */
export const CATALOGUE_RATINGS = [ANY, ...Rating.options] as const;
/** The featured filter's choices, "any" first: featured stories only ("yes") or the others ("no"). */
export const CATALOGUE_FEATURED = [ANY, "yes", "no"] as const;
type Featured = "yes" | "no";

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The Catalogue's view as the URL holds it. */
export interface CatalogueFilters {
  q?: string;
  category_id?: string;
  rating?: Rating;
  state?: CatalogueState;
  featured?: Featured;
  cursor?: string;
}

/** The Catalogue's view from the URL: anything the API would refuse is dropped (the default view instead). */
export function parseCatalogueFilters(params: Params): CatalogueFilters {
  const q = params.get("q")?.trim();
  const category = params.get("category_id");
  const cursor = params.get("cursor");
  const rating = Rating.safeParse(params.get("rating"));
  const state = CatalogueState.safeParse(params.get("state"));
  const featured = params.get("featured");
  return {
    q: q && q.length <= 200 ? q : undefined,
    category_id: category && SLUG.test(category) ? category : undefined,
    rating: rating.success ? rating.data : undefined,
    state: state.success ? state.data : undefined,
    featured: featured === "yes" || featured === "no" ? featured : undefined,
    cursor: cursor && SLUG.test(cursor) ? cursor : undefined,
  };
}

/** The Catalogue's filters as the API's catalogue.list takes them (unset ones left out). */
export function catalogueQuery(f: CatalogueFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/** A featured-story action of a row: feature it, move it to another place, or unfeature it. */
export type FeatureAction = "feature" | "move" | "unfeature";

/**
 * The featured-story actions a story's row offers: a featured one can move or be unfeatured (even
 * once out of the catalogue, where it still holds its place); a visible one can be featured while
 * fewer than the most are (`featuredCount`; unknown: offered, the API says when it is full).
 */
export function featureActions(story: Pick<CatalogueStory, "state" | "featured_rank">, featuredCount?: number): FeatureAction[] {
  if (story.featured_rank !== null) return ["move", "unfeature"];
  if (story.state !== "visible") return [];
  return featuredCount !== undefined && featuredCount >= FEATURED_MAX ? [] : ["feature"];
}

/**
 * The places a feature dialog offers (1 first): every place up to one past the featured stories for a
 * new one, up to their number for a move, never past the most there can be.
 */
export function featurePlaces(featuredCount: number, moving: boolean): number[] {
  const n = Math.min(moving ? featuredCount : featuredCount + 1, FEATURED_MAX);
  return Array.from({ length: Math.max(n, 1) }, (_, i) => i + 1);
}

/** Whether a setting is one number (typed in a number field) rather than a list or a map (typed as JSON). */
export function isNumberSetting(key: SettingKey): boolean {
  return key === "chat_cost_per_reply" || key === "new_guest_coins" || key === "invite_reward";
}

/** A setting's value as its field shows it: a number or a string as typed, anything else as JSON. */
export function settingText(key: SettingKey, value: unknown): string {
  if (isNumberSetting(key) || key === "currency") return String(value);
  return JSON.stringify(value);
}

/**
 * A setting's typed text checked by the contract's schema of its key (the API checks the same):
 * numbers as digits, the currency as text, lists and maps as JSON.
 */
export function checkSetting(key: SettingKey, text: string): Checked<unknown> {
  let value: unknown = text.trim();
  if (isNumberSetting(key)) {
    if (!/^\d+$/.test(text.trim())) return { ok: false, error: "Type a whole number (0 or more)." };
    value = Number(text.trim());
  } else if (key !== "currency") {
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, error: "Type valid JSON (e.g. [10, 20, 30] or {\"play-game\": 5})." };
    }
  }
  const parsed = SettingValues[key].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: [...issue.path, issue.message].join(": ") };
}

/** `list` with the item at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  const out = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return out;
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}
