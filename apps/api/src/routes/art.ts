import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { defaultPricePackages, rowsOf } from "@storyloom/db";
import type { AppContext } from "../context";
import { ArtCache } from "../art/cache";
import { AVATAR_WIDTHS, RASTER_WIDTHS, rasterize } from "../art/raster";
import { avatarSvg, coverSvg, packageSvg } from "../art/svg";
import { addressBucket } from "../clientAddress";
import { hitRateLimit } from "../services/rateLimit";

// A package's tier (its colour and sparkle) is its place among the authored packages: fixed per id.
const packageTier = new Map(defaultPricePackages.map((p, i) => [p.id, i]));
const FILE = /^([a-z0-9][a-z0-9-]{0,79})\.(svg|webp)$/;
/** The drawn width of each kind of art (its SVG viewBox). */
const SOURCE_WIDTH: Record<string, number> = { cover: 600, avatar: 256, package: 480 };

/**
 * The drawing of `kind`/`id` when the database has it: a published story's cover, an avatar of a
 * character of a published story, a price package's background; null for anything else.
 */
async function drawing(ctx: AppContext, kind: string, id: string): Promise<string | null> {
  const { db } = ctx;
  if (kind === "cover") {
    const [s] = rowsOf<{ title: string; category_id: string }>(await db.execute(sql`select title, category_id from stories where id = ${id} and published`));
    return s ? coverSvg(id, s.title, s.category_id) : null;
  }
  if (kind === "avatar") {
    const [a] = rowsOf<{ name: string; category_id: string }>(
      await db.execute(sql`select a.name, s.category_id from actors a join stories s on s.id = a.story_id where a.slug = ${id} and s.published`),
    );
    return a ? avatarSvg(id, a.name, a.category_id) : null;
  }
  if (kind === "package") {
    const [p] = rowsOf(await db.execute(sql`select 1 from price_packages where id = ${id}`));
    return p ? packageSvg(id, packageTier.get(id) ?? 0) : null;
  }
  return null;
}

const notFound = (kind: string, file: string) => ({ code: "NOT_FOUND", message: `No such art: ${kind}/${file}`, data: null });

/**
 * Serves generated art, cacheable forever: /api/v1/art/{cover|avatar|package}/<id>.svg, and the
 * same picture as <id>.webp?w=<width> (one of the sites' image widths, or an avatar's fixed sizes;
 * never enlarged). Only ids the database has are drawn; a picture not in this instance's cache
 * (ART_CACHE_BYTES) counts against its client address's ART_PER_IP_PER_MINUTE.
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
    if (!picture) {
      await hitRateLimit(db, `art-ip:${addressBucket(req.ip)}`, config.ART_PER_IP_PER_MINUTE, 60, "Too many pictures asked for from this network; try again in a minute");
      const svg = await drawing(ctx, kind, id);
      if (!svg) return reply.status(404).send(notFound(kind, req.params.file));
      picture = cache.render(key, () => (format === "svg" ? Promise.resolve(Buffer.from(svg)) : rasterize(svg, width, sourceWidth)));
    }
    const body = await picture;
    // The picture of an id never changes, so browsers and CDNs may keep it for a year.
    return reply
      .header("content-type", format === "svg" ? "image/svg+xml; charset=utf-8" : "image/webp")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(body);
  });
}
