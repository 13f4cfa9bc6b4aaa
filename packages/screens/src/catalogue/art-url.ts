/** Where the sites serve the API's generated art: the same path on their own origin, proxied to the API. */
export const ART_PATH = "/api/v1/art/";

/**
 * The site-relative address of the API's generated art (covers, avatars), as its WebP copy. Loaded
 * from the page's own origin, a picture needs no second connection before it can paint (it is the
 * largest paint of most pages); as a raster it is decoded off the main thread, where an SVG's text
 * would be laid out and painted on it. Any other image URL passes through unchanged.
 */
export function artUrl(url: string): string {
  const m = /^https?:\/\/[^/]+(\/api\/v1\/art\/.*)$/i.exec(url);
  const path = m ? m[1]! : url;
  return path.replace(/^(\/api\/v1\/art\/[a-z]+\/[a-z0-9][a-z0-9-]*)\.svg$/, "$1.webp");
}

/** A picture as an <img> takes it: the fallback address and, when there is a choice, a srcset. */
export interface ArtSources {
  src: string;
  srcSet?: string;
}

/** Widths of the raster copies offered for a cover (the spec's 320 and 640; the drawing is 600 wide). */
const COVER_VARIANTS: readonly [request: number, actual: number][] = [
  [320, 320],
  [640, 600],
];

/** The sources of a story cover: the API's generated covers in the spec's widths, any other as it is. */
export function coverSources(url: string): ArtSources {
  const path = artUrl(url);
  const m = /^(\/api\/v1\/art\/cover\/[a-z0-9][a-z0-9-]*)\.webp$/.exec(path);
  if (!m) return { src: path };
  const variant = (w: number) => `${m[1]}.webp?w=${w}`;
  return { src: variant(640), srcSet: COVER_VARIANTS.map(([w, actual]) => `${variant(w)} ${actual}w`).join(", ") };
}
