import { preload } from "react-dom";
import { coverSources } from "./art-url";

/** Props of {@link CoverImage}. */
export interface CoverImageProps {
  src: string;
  /** Empty when the title next to the image already names it (decorative). */
  alt?: string;
  /** The `sizes` hint, so the browser picks the raster copy the slot needs. */
  sizes: string;
  /** Set for the above-the-fold covers that are the page's largest paint. */
  priority?: boolean;
  className?: string;
}

/**
 * A story cover filling its (positioned) parent: a plain <img> with the covers' WebP srcset (see
 * coverSources), so a card costs no client component to hydrate. Priority covers are preloaded
 * with high fetch priority (Next sends the preload as a Link header, before the HTML); the rest
 * load lazily.
 */
export function CoverImage({ src, alt = "", sizes, priority = false, className }: CoverImageProps) {
  const { src: href, srcSet } = coverSources(src);
  if (priority) preload(href, { as: "image", fetchPriority: "high", imageSrcSet: srcSet, imageSizes: srcSet ? sizes : undefined });
  return (
    <img
      src={href}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={600}
      height={800}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`absolute inset-0 h-full w-full object-cover ${className ?? ""}`}
    />
  );
}
