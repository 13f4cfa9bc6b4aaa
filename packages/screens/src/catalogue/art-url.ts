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

/** A raster copy the API serves: the width asked for and the width it really has (never enlarged). */
type Variant = readonly [request: number, actual: number];

/** Widths of the raster copies offered for a cover (the spec's 320 and 640; the drawing is 600 wide). */
const COVER_VARIANTS: readonly Variant[] = [
  [320, 320],
  [640, 600],
];

/**
 * Widths of an avatar's raster copies: avatars are shown at fixed sizes from 32 to 192 CSS px, below
 * the spec's smallest width (320), so the API serves these too (the drawing is 256 wide).
 */
export const AVATAR_WIDTHS: readonly number[] = [48, 64, 96, 128, 256];

/**
 * Candidates for a picture of a fixed CSS width (spec section 9: densities 1 and 2): for each
 * density the smallest copy that covers it (or the largest there is); one address when both agree.
 */
function densitySources(variant: (w: number) => string, cssWidth: number, variants: readonly Variant[]): ArtSources {
  const pick = (density: number) => (variants.find(([, actual]) => actual >= cssWidth * density) ?? variants[variants.length - 1]!)[0];
  const [one, two] = [pick(1), pick(2)];
  if (one === two) return { src: variant(one) };
  return { src: variant(one), srcSet: `${variant(one)} 1x, ${variant(two)} 2x` };
}

/**
 * The sources of a story cover: the API's generated covers in the spec's widths, any other as it is.
 * A cover that scales with the layout gets width descriptors (the `sizes` hint picks); one shown at
 * a fixed `fixedWidth` (CSS px) gets 1x and 2x candidates.
 */
export function coverSources(url: string, fixedWidth?: number): ArtSources {
  const path = artUrl(url);
  const m = /^(\/api\/v1\/art\/cover\/[a-z0-9][a-z0-9-]*)\.webp$/.exec(path);
  if (!m) return { src: path };
  const variant = (w: number) => `${m[1]}.webp?w=${w}`;
  if (fixedWidth !== undefined) return densitySources(variant, fixedWidth, COVER_VARIANTS);
  return { src: variant(640), srcSet: COVER_VARIANTS.map(([w, actual]) => `${variant(w)} ${actual}w`).join(", ") };
}

/** The sources of an avatar shown `size` CSS px wide: 1x and 2x copies of the API's art, any other picture as it is. */
export function avatarSources(url: string, size: number): ArtSources {
  const path = artUrl(url);
  const m = /^(\/api\/v1\/art\/avatar\/[a-z0-9][a-z0-9-]*)\.webp$/.exec(path);
  if (!m) return { src: path };
  return densitySources((w) => `${m[1]}.webp?w=${w}`, size, AVATAR_WIDTHS.map((w) => [w, w] as const));
}
