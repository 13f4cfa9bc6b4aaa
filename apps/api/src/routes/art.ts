import type { FastifyInstance } from "fastify";
import { defaultPricePackages, seedCategories } from "@storyloom/db";
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

const FILE = /^([a-z0-9][a-z0-9-]{0,79})\.svg$/;
const titleOf = (id: string) => id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** Serves generated SVG art: /api/v1/art/{cover|avatar|package}/<id>.svg, cacheable forever. */
export function artRoutes(app: FastifyInstance): void {
  app.get<{ Params: { kind: string; file: string } }>("/api/v1/art/:kind/:file", async (req, reply) => {
    const id = FILE.exec(req.params.file)?.[1];
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
    // The picture of an id never changes, so browsers and CDNs may keep it for a year.
    return reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(svg);
  });
}
