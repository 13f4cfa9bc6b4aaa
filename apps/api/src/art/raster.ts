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

/**
 * The SVG drawing `svg` (naturally `sourceWidth` wide) as a WebP `width` pixels wide, never
 * enlarged past the drawing.
 */
export function rasterize(svg: string, width: number, sourceWidth: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width: Math.min(width, sourceWidth) }).webp({ quality: QUALITY }).toBuffer();
}
