import { preload } from "react-dom";
import { coverSources } from "./art-url";

/** Props of {@link CoverImage}. */
export interface CoverImageProps {
  src: string;
  /** Empty when the title next to the image already names it (decorative). */
  alt?: string;
  /** The `sizes` hint, so the browser picks the raster copy the slot needs. */
  sizes: string;
  /** Set for the one cover that is the page's largest paint: preloaded at high priority. */
  priority?: boolean;
  /** Above the fold but not the largest paint: loaded at once, at the normal priority. */
  eager?: boolean;
  className?: string;
}

/**
 * A story cover filling its (positioned) parent: a plain <img> with the covers' WebP srcset (see
 * coverSources), so a card costs no client component to hydrate. The page's largest cover is
 * preloaded at high priority alone (on a slow link the first row's four pictures would otherwise
 * share its bandwidth), the rest of the first screen loads at once, the others lazily.
 */
export function CoverImage({ src, alt = "", sizes, priority = false, eager = false, className }: CoverImageProps) {
  const sources = coverSources(src);
  const href = sources.src;
  // A priority cover is one address (the largest copy), not a srcset: React then sends its preload
  // as a Link header, so the browser fetches it alongside the HTML instead of after parsing <head>.
  const srcSet = priority ? undefined : sources.srcSet;
  if (priority) preload(href, { as: "image", fetchPriority: "high" });
  return (
    <img
      src={href}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={600}
      height={800}
      loading={priority || eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`absolute inset-0 h-full w-full object-cover ${className ?? ""}`}
    />
  );
}
