import sharp from "sharp";

// Raster copies of the generated art. Browsers lay out and paint SVG text on the page's main
// thread, once per picture (about a millisecond and a half per cover on a fast desktop, four times
// that on the phones we target); a WebP is decoded off the main thread. So the sites show covers as
// WebP at the size they need and keep the SVG as the source of truth.

/** Widths a raster copy may be asked for: the sites' image widths (spec section 9). */
export const RASTER_WIDTHS: readonly number[] = [320, 640, 768, 1024, 1280, 1536];
/** Avatars are shown at fixed sizes (32–192 CSS px) below those widths: their 1x and 2x copies. */
export const AVATAR_WIDTHS: readonly number[] = [48, 64, 96, 128, 256];

// Not the spec's 100: at 100 the covers are 3.2x larger, the home page's lead cover no longer fits
// its 8 KB inline copy, and its LCP went from 1162 to 1989 ms (README, differences from the spec).
const QUALITY = 72;
const MAX_CACHED = 600;
const cache = new Map<string, Promise<Buffer>>();

/**
 * The SVG drawing `svg` (naturally `sourceWidth` wide) as a WebP `width` pixels wide, never
 * enlarged past the drawing. Memoised by `key` and width (least recently used go first): the art of
 * an id never changes, and concurrent requests for the same picture share one encode.
 */
export function rasterize(key: string, svg: string, width: number, sourceWidth: number): Promise<Buffer> {
  const w = Math.min(width, sourceWidth);
  const k = `${key}@${w}`;
  const hit = cache.get(k);
  if (hit) {
    cache.delete(k);
    cache.set(k, hit);
    return hit;
  }
  const work = sharp(Buffer.from(svg)).resize({ width: w }).webp({ quality: QUALITY }).toBuffer();
  cache.set(k, work);
  work.catch(() => cache.delete(k));
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return work;
}
