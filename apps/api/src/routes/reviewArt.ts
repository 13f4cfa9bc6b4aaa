import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { REVIEW_ART_PATH, ReviewArtQuery } from "@storyloom/contract";
import { storyVersions } from "@storyloom/db";
import type { AppContext } from "../context";
import { ArtCache } from "../art/cache";
import { rasterize } from "../art/raster";
import { avatarSvg, coverSvg } from "../art/svg";
import { authenticate } from "../auth/session";
import { notFound, unauthorized } from "../errors";
import { validationError } from "../http";
import { requireStaff } from "../services/audit";
import { privateNoStore } from "../services/publicRead";

/** The drawn width of each kind of art (its SVG viewBox), as in the public art route. */
const SOURCE_WIDTH = { cover: 600, avatar: 256 } as const;
// Staff look at a handful of versions at a time: a small cache spares re-encoding a cover each time
// the detail is opened again. A version is frozen once submitted, so its pictures never change.
const CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The drawing of a version's cover or of one of its characters' avatars, with the ids and fields
 * approval gives them (the story id; `<story>-c<n>` for the n-th character), so staff see the
 * picture players will see. NOT_FOUND for an unknown version or a character it does not have.
 */
async function versionDrawing(ctx: AppContext, q: ReviewArtQuery): Promise<string> {
  const id = Number(q.version_id);
  const [v] = await ctx.db
    .select({ storyId: storyVersions.storyId, title: storyVersions.title, categoryId: storyVersions.categoryId, characters: storyVersions.characters })
    .from(storyVersions)
    .where(eq(storyVersions.id, id));
  if (!v) throw notFound(`No story version with id ${q.version_id}`);
  if (q.kind === "cover") return coverSvg(v.storyId, v.title, v.categoryId);
  const index = q.character!;
  const c = v.characters[index];
  if (!c) throw notFound(`Version ${q.version_id} has no character ${index}`);
  return avatarSvg(`${v.storyId}-c${index + 1}`, c.name, v.categoryId);
}

/**
 * GET /api/v1/admin/review.art?version_id=&kind=cover|avatar[&character=][&format=webp|svg][&w=]:
 * a submitted version's cover or a character's avatar, whatever its review state, for staff only
 * (a bearer token: 401 without one, 403 for anyone not staff). The console shows it through an
 * object URL, since an <img> cannot send the token. Never stored by any cache, like every staff answer.
 */
export function reviewArtRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = new ArtCache(CACHE_BYTES);
  app.get(REVIEW_ART_PATH, async (req, reply) => {
    const user = await authenticate(ctx, req.headers.authorization);
    if (!user) throw unauthorized();
    requireStaff(user);
    privateNoStore(reply);
    const parsed = ReviewArtQuery.safeParse(req.query);
    if (!parsed.success) throw validationError(parsed.error, "query");
    const q = parsed.data;
    const svg = await versionDrawing(ctx, q);
    const source = SOURCE_WIDTH[q.kind];
    const width = Math.min(q.w ?? source, source);
    const key = `${q.version_id}/${q.kind}/${q.character ?? ""}/${q.format === "svg" ? "svg" : width}`;
    const body = await cache.render(key, () => (q.format === "svg" ? Promise.resolve(Buffer.from(svg)) : rasterize(svg, width, source)));
    return reply.header("content-type", q.format === "svg" ? "image/svg+xml; charset=utf-8" : "image/webp").send(body);
  });
}
