import { z } from "zod";
import { STORY_LIMITS } from "./constants";

// A submitted version's generated art, for staff reviewing it. The public art route draws only the
// catalogue's stories (a pending one is not in it yet), and it answers an <img> with no credentials;
// this one draws any version's cover and character avatars as players will see them once approved,
// for staff only. It answers a picture, not the `{ code, message, data }` envelope (errors keep the
// envelope), so it sits beside the endpoint table rather than in it.

/** Path of the staff review art call (GET, bearer token of a staff member). */
export const REVIEW_ART_PATH = "/api/v1/admin/review.art";

/** Widths a raster copy may be asked for: a cover's (the sites' image widths) and an avatar's fixed sizes too. */
export const REVIEW_ART_WIDTHS = {
  cover: [320, 640, 768, 1024, 1280, 1536],
  avatar: [48, 64, 96, 128, 256, 320, 640, 768, 1024, 1280, 1536],
} as const;

/** The query of the review art call. */
export const ReviewArtQuery = z
  .object({
    version_id: z.string().regex(/^[1-9][0-9]{0,17}$/, "must be a version id"),
    kind: z.enum(["cover", "avatar"]),
    /** the character's place in the version's cast, from 0 (avatars only) */
    character: z.coerce.number().int().min(0).max(STORY_LIMITS.characters - 1).optional(),
    /** svg: the drawing itself; webp: the raster copy the sites show (the default) */
    format: z.enum(["webp", "svg"]).default("webp"),
    /** a raster copy's width (webp only; one of REVIEW_ART_WIDTHS of the kind; default: the drawing's own) */
    w: z.coerce.number().int().optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.kind === "avatar") !== (q.character !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["character"], message: q.kind === "avatar" ? "required for an avatar" : "only for an avatar" });
    }
    if (q.w !== undefined) {
      const widths: readonly number[] = REVIEW_ART_WIDTHS[q.kind];
      if (q.format !== "webp") ctx.addIssue({ code: "custom", path: ["w"], message: "only for webp" });
      else if (!widths.includes(q.w)) ctx.addIssue({ code: "custom", path: ["w"], message: `must be one of ${widths.join(", ")}` });
    }
  });
export type ReviewArtQuery = z.infer<typeof ReviewArtQuery>;

/** The address of one picture of a version (relative to the API's origin). */
export function reviewArtPath(q: { version_id: string; kind: "cover" | "avatar"; character?: number; format?: "webp" | "svg"; w?: number }): string {
  const params: [string, string | number | undefined][] = [["version_id", q.version_id], ["kind", q.kind], ["character", q.character], ["format", q.format], ["w", q.w]];
  const query = params.flatMap(([k, v]) => (v === undefined ? [] : [`${k}=${encodeURIComponent(v)}`])).join("&");
  return `${REVIEW_ART_PATH}?${query}`;
}
