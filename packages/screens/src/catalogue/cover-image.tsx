import { preload } from "react-dom";
import { coverSources } from "./art-url";

/** Props of {@link CoverImage}. */
export interface CoverImageProps {
  src: string;
  /** Empty when the title next to the image already names it (decorative). */
  alt?: string;
  /** The `sizes` hint of a cover that scales with the layout, so the browser picks the raster copy the slot needs. */
  sizes?: string;
  /** The CSS width of a cover shown at a fixed size instead: it gets 1x and 2x candidates (spec densities 1 and 2). */
  fixedWidth?: number;
  /** Set for the one cover that is the page's largest paint: preloaded at high priority. */
  priority?: boolean;
  /** Above the fold but not the largest paint: loaded at once, at low priority and never preloaded. */
  eager?: boolean;
  /**
   * A small copy as a `data:` URL (see inlineLeadCover), painted with the first response under the
   * full copy, which then loads at once but without the preload: the picture is already on screen.
   */
  inline?: string | null;
  className?: string;
}

/**
 * A story cover filling its (positioned) parent: a plain <img> with the covers' WebP srcset (see
 * coverSources), so a card costs no client component to hydrate. The page's largest cover paints
 * from its inline copy when the page has one, else it is preloaded at high priority alone (on a slow
 * link the first row's four pictures would otherwise share its bandwidth); the rest of the first
 * screen loads at once but at low priority, the others lazily. Low priority also keeps React from
 * preloading those from the document's head, where they would take bandwidth from the page itself.
 */
export function CoverImage({ src, alt = "", sizes, fixedWidth, priority = false, eager = false, inline, className }: CoverImageProps) {
  const sources = coverSources(src, fixedWidth);
  const href = sources.src;
  const preloaded = priority && !inline;
  // A preloaded cover is one address (the largest copy), not a srcset: React then sends its preload
  // as a Link header, so the browser fetches it alongside the HTML instead of after parsing <head>.
  const srcSet = preloaded ? undefined : sources.srcSet;
  if (preloaded) preload(href, { as: "image", fetchPriority: "high" });
  const fill = `absolute inset-0 h-full w-full object-cover ${className ?? ""}`;
  const full = (
    <img
      src={href}
      srcSet={srcSet}
      sizes={srcSet && fixedWidth === undefined ? sizes : undefined}
      alt={alt}
      width={600}
      height={800}
      loading={priority || eager || inline ? "eager" : "lazy"}
      fetchPriority={preloaded ? "high" : "low"}
      decoding="async"
      className={fill}
    />
  );
  if (!inline) return full;
  // The inline copy is its own image under the full one, decoded with the first frame: a data: URL
  // in <img> loads while the HTML is parsed, so the picture is on screen with the first paint (as a
  // CSS background it loaded a task later and painted one frame after the text, ~100 ms).
  return (
    <>
      <img src={inline} alt="" aria-hidden="true" width={600} height={800} decoding="sync" className={fill} />
      {full}
    </>
  );
}
