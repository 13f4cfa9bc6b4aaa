import { z } from "zod";
import { STORY_LIMITS as L } from "./constants";
import { Rating, ReviewState, Slug, Timestamp } from "./entities";
import { AdminLimit, StaffReason } from "./safety";
import { StoryTag, StoryTitle } from "./story-draft";

// The console's Catalogue: every story (visible or not), hide/show, unpublish, rating, category,
// the seeded stories' metadata, the featured stories (at the top of the players' popular list) and
// the order of the categories. Every call is under /api/v1/admin.

const Int = z.number().int();

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), "must not contain control characters");

/** Longest description staff may give a seeded story. */
export const CATALOGUE_DESCRIPTION_MAX = 2_000;
/** Most categories one reorder may list (all of them, each once). */
export const CATEGORY_SORT_MAX = 200;
/**
 * Most stories featured at once. A featured story that leaves the catalogue (hidden, unpublished) keeps
 * its place, unseen by players, and counts until staff unfeature it.
 */
export const FEATURED_MAX = 12;

/** Where a story stands in the catalogue, as the console filters it (hidden first, then unpublished, then review). */
export const CatalogueState = z.enum(["visible", "hidden", "unpublished", "pending"]);
export type CatalogueState = z.infer<typeof CatalogueState>;

/** A story as the console's Catalogue lists it. */
export const CatalogueStory = z.object({
  id: Slug,
  title: z.string(),
  hook: z.string(),
  description: z.string(),
  category_id: Slug,
  tags: z.array(z.string()),
  rating: Rating,
  state: CatalogueState,
  published: z.boolean(),
  review_state: ReviewState,
  hidden_reason: z.string().nullable(),
  /** who wrote it in the story editor; null for a seeded (authored) story, whose metadata staff may edit */
  author: z.object({ id: Int, name: z.string() }).nullable(),
  play_count: Int,
  /** its place among the featured stories (1 first), or null when it is not featured */
  featured_rank: Int.nullable(),
  created_at: Timestamp,
});
export type CatalogueStory = z.infer<typeof CatalogueStory>;

/** A category with its place in the catalogue's order. */
export const CatalogueCategory = z.object({ id: Slug, name: z.string(), sort: Int, story_count: Int });
export type CatalogueCategory = z.infer<typeof CatalogueCategory>;

/** What each Catalogue call takes. */
export const catalogueInputs = {
  storyList: z.object({
    /** part of a title, or a story id */
    q: z.string().trim().max(200).optional(),
    category_id: Slug.optional(),
    rating: Rating.optional(),
    state: CatalogueState.optional(),
    /** "yes": featured stories only; "no": the others */
    featured: z.enum(["yes", "no"]).optional(),
    /** the id of the last story of the previous page */
    cursor: Slug.optional(),
    limit: AdminLimit,
  }),
  storyHide: z.object({ story_id: Slug, reason: StaffReason }).strict(),
  /**
   * Features a visible story at `position` (1 first; default and past the end: last), moving the later
   * ones down; with `position`, an already featured story moves there instead.
   */
  storyFeature: z
    .object({ story_id: Slug, reason: StaffReason, position: Int.min(1, "at least 1").max(FEATURED_MAX, `at most ${FEATURED_MAX}`).optional() })
    .strict(),
  storyUnfeature: z.object({ story_id: Slug, reason: StaffReason }).strict(),
  storyCategory: z.object({ story_id: Slug, category_id: Slug, reason: StaffReason }).strict(),
  storyEdit: z
    .object({
      story_id: Slug,
      title: StoryTitle.optional(),
      hook: text(L.hookChars).optional(),
      description: text(CATALOGUE_DESCRIPTION_MAX).optional(),
      tags: z.array(StoryTag).max(L.tags, `at most ${L.tags} tags`).optional(),
      reason: StaffReason,
    })
    .strict()
    .refine((v) => v.title !== undefined || v.hook !== undefined || v.description !== undefined || v.tags !== undefined, "change at least one of title, hook, description, tags"),
  categorySort: z
    .object({
      /** every category id, each once, in the new order */
      order: z
        .array(Slug)
        .min(1, "list the categories")
        .max(CATEGORY_SORT_MAX)
        .refine((ids) => new Set(ids).size === ids.length, "a category is listed twice"),
      reason: StaffReason,
    })
    .strict(),
};

/** What each Catalogue call answers. */
export const catalogueOutputs = {
  storyList: z.object({ stories: z.array(CatalogueStory), next_cursor: z.string().nullable() }),
  story: z.object({ story: CatalogueStory }),
  categories: z.object({ categories: z.array(CatalogueCategory) }),
};
