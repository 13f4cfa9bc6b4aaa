import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { defaultPricePackages, rowsOf } from "@storyloom/db";
import type { AppContext } from "../context";
import { ArtCache } from "../art/cache";
import { AVATAR_WIDTHS, RASTER_WIDTHS, rasterize } from "../art/raster";
import { avatarSvg, coverSvg, packageSvg } from "../art/svg";
import { addressBucket } from "../clientAddress";
import { TtlCache } from "../services/publicRead";
import { hitRateLimit } from "../services/rateLimit";

// A package's tier (its colour and sparkle) is its place among the authored packages: fixed per id.
const packageTier = new Map(defaultPricePackages.map((p, i) => [p.id, i]));
const FILE = /^([a-z0-9][a-z0-9-]{0,79})\.(svg|webp)$/;
/** The drawn width of each kind of art (its SVG viewBox). */
const SOURCE_WIDTH: Record<string, number> = { cover: 600, avatar: 256, package: 480 };

/** A picture that may be drawn, and whether it belongs to a mature story (kept out of shared caches). */
interface Drawing {
  svg: string;
  mature: boolean;
}

/**
 * The drawing of `kind`/`id` when the database has it: the cover of a story in the catalogue
 * (visible: published, approved, not hidden), an avatar of a character of one, a price package's
 * background; null for anything else.
 */
async function drawing(ctx: AppContext, kind: string, id: string): Promise<Drawing | null> {
  const { db } = ctx;
  if (kind === "cover") {
    const [s] = rowsOf<{ title: string; category_id: string; rating: string }>(
      await db.execute(sql`select title, category_id, rating from stories where id = ${id} and visible`),
    );
    return s ? { svg: coverSvg(id, s.title, s.category_id), mature: s.rating === "mature" } : null;
  }
  if (kind === "avatar") {
    const [a] = rowsOf<{ name: string; category_id: string; rating: string }>(
      await db.execute(sql`select a.name, s.category_id, s.rating from actors a join stories s on s.id = a.story_id where a.slug = ${id} and s.visible`),
    );
    return a ? { svg: avatarSvg(id, a.name, a.category_id), mature: a.rating === "mature" } : null;
  }
  if (kind === "package") {
    const [p] = rowsOf(await db.execute(sql`select 1 from price_packages where id = ${id}`));
    return p ? { svg: packageSvg(id, packageTier.get(id) ?? 0), mature: false } : null;
  }
  return null;
}

// What each id may show, per database: re-read every 5 s and emptied when the catalogue changes, so
// a story taken down stops being drawn here at once even when its picture is rendered already.
const drawable = new TtlCache<Drawing | null>(5_000, 2_000, "catalogue");

// The picture of an id never changes (immutable: no revalidation while fresh), but a story may be
// taken down: shared caches keep a story's art ten minutes at most, a mature story's art is kept by
// browsers only, and a package's art for a year.
const STORY_ART = "public, max-age=600, immutable";
const MATURE_ART = "private, max-age=600, immutable";
const FOREVER = "public, max-age=31536000, immutable";

const notFound = (kind: string, file: string) => ({ code: "NOT_FOUND", message: `No such art: ${kind}/${file}`, data: null });

/**
 * Serves generated art: /api/v1/art/{cover|avatar|package}/<id>.svg, and the same picture as
 * <id>.webp?w=<width> (one of the sites' image widths, or an avatar's fixed sizes; never enlarged).
 * Only ids the database has are drawn, and of stories only those of the catalogue; a picture not in
 * this instance's cache (ART_CACHE_BYTES) counts against its client address's ART_PER_IP_PER_MINUTE.
 */
export function artRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config, db } = ctx;
  const cache = new ArtCache(config.ART_CACHE_BYTES);
  app.get<{ Params: { kind: string; file: string }; Querystring: Record<string, unknown> }>("/api/v1/art/:kind/:file", async (req, reply) => {
    const match = FILE.exec(req.params.file);
    const kind = req.params.kind;
    const sourceWidth = SOURCE_WIDTH[kind];
    if (!match || sourceWidth === undefined) return reply.status(404).send(notFound(kind, req.params.file));
    const [, id, format] = match as unknown as [string, string, "svg" | "webp"];
    let width = sourceWidth;
    if (format === "webp" && req.query.w !== undefined) {
      const w = req.query.w;
      const widths = kind === "avatar" ? [...AVATAR_WIDTHS, ...RASTER_WIDTHS] : RASTER_WIDTHS;
      width = typeof w === "string" && /^\d{1,4}$/.test(w) ? Number(w) : NaN;
      if (!widths.includes(width)) {
        return reply.status(400).send({ code: "VALIDATION_ERROR", message: `w: must be one of ${widths.join(", ")}`, data: null });
      }
    }
    const key = format === "svg" ? `${kind}/${id}.svg` : `${kind}/${id}@${Math.min(width, sourceWidth)}`;
    let picture = cache.get(key);
    // Asked only once an id is past the limit or was drawn before: a stranger's unknown ids are counted.
    if (!picture) await hitRateLimit(db, `art-ip:${addressBucket(req.ip)}`, config.ART_PER_IP_PER_MINUTE, 60, "Too many pictures asked for from this network; try again in a minute");
    const art = await drawable.get(db, `${kind}/${id}`, () => drawing(ctx, kind, id));
    if (!art) return reply.status(404).send(notFound(kind, req.params.file));
    picture ??= cache.render(key, () => (format === "svg" ? Promise.resolve(Buffer.from(art.svg)) : rasterize(art.svg, width, sourceWidth)));
    const body = await picture;
    // The picture of an id never changes; only whether it may still be shown does.
    return reply
      .header("content-type", format === "svg" ? "image/svg+xml; charset=utf-8" : "image/webp")
      .header("cache-control", kind === "package" ? FOREVER : art.mature ? MATURE_ART : STORY_ART)
      .send(body);
  });
}
