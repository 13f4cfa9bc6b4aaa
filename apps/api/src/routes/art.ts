import type { FastifyInstance } from "fastify";
import { defaultPricePackages, seedCategories } from "@storyloom/db";
import { AVATAR_WIDTHS, RASTER_WIDTHS, rasterize } from "../art/raster";
import { avatarSvg, coverSvg, packageSvg } from "../art/svg";

// What the art needs (title, name, category) comes from the authored catalogue in code, so serving
// a picture never touches the database. Ids not in the catalogue still get a stable generic picture.
const storyArt = new Map<string, { title: string; category: string }>();
const actorArt = new Map<string, { name: string; category: string }>();
for (const c of seedCategories) {
  for (const s of c.stories) {
    storyArt.set(s.id, { title: s.title, category: c.id });
    for (const a of s.actors) actorArt.set(a.slug, { name: a.name, category: c.id });
  }
}
const packageTier = new Map(defaultPricePackages.map((p, i) => [p.id, i]));

const FILE = /^([a-z0-9][a-z0-9-]{0,79})\.(svg|webp)$/;
/** The drawn width of each kind of art (its SVG viewBox). */
const SOURCE_WIDTH: Record<string, number> = { cover: 600, avatar: 256, package: 480 };
// Stories written in the editor have ids "<title>-u<draft>": the picture shows the title part.
const titleOf = (id: string) =>
  id
    .replace(/-u\d+(?:-c\d+)?$/, "")
    .replace(/-/g, " ")
    .replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Serves generated art, cacheable forever: /api/v1/art/{cover|avatar|package}/<id>.svg, and the
 * same picture as <id>.webp?w=<width> (one of the sites' image widths, or an avatar's fixed sizes;
 * never enlarged).
 */
export function artRoutes(app: FastifyInstance): void {
  app.get<{ Params: { kind: string; file: string }; Querystring: Record<string, unknown> }>("/api/v1/art/:kind/:file", async (req, reply) => {
    const match = FILE.exec(req.params.file);
    const id = match?.[1];
    const kind = req.params.kind;
    let svg: string | null = null;
    if (id && kind === "cover") {
      const s = storyArt.get(id);
      svg = coverSvg(id, s?.title ?? titleOf(id), s?.category);
    } else if (id && kind === "avatar") {
      const a = actorArt.get(id);
      svg = avatarSvg(id, a?.name ?? titleOf(id), a?.category);
    } else if (id && kind === "package") {
      svg = packageSvg(id, packageTier.get(id) ?? 0);
    }
    if (!svg) return reply.status(404).send({ code: "NOT_FOUND", message: `No such art: ${kind}/${req.params.file}`, data: null });
    if (match?.[2] === "webp") {
      const w = req.query.w ?? String(SOURCE_WIDTH[kind]);
      const width = typeof w === "string" && /^\d{1,4}$/.test(w) ? Number(w) : NaN;
      const widths = kind === "avatar" ? [...AVATAR_WIDTHS, ...RASTER_WIDTHS] : RASTER_WIDTHS;
      if (req.query.w !== undefined && !widths.includes(width)) {
        return reply.status(400).send({ code: "VALIDATION_ERROR", message: `w: must be one of ${widths.join(", ")}`, data: null });
      }
      const webp = await rasterize(`${kind}/${id}`, svg, width, SOURCE_WIDTH[kind]!);
      return reply.header("content-type", "image/webp").header("cache-control", "public, max-age=31536000, immutable").send(webp);
    }
    // The picture of an id never changes, so browsers and CDNs may keep it for a year.
    return reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(svg);
  });
}
