import Image from "next/image";
import { artUrl } from "./art-url";

/** Props of {@link CoverImage}. */
export interface CoverImageProps {
  src: string;
  /** Empty when the title next to the image already names it (decorative). */
  alt?: string;
  /** The `sizes` hint, so the browser picks one of the spec's widths. */
  sizes: string;
  /** Set for the above-the-fold image that is the page's LCP element. */
  priority?: boolean;
  className?: string;
  /** The picture itself as a `data:` URL (see inlineArt), painted with the page's first response. */
  inlineSrc?: string;
}

/**
 * A story cover filling its (positioned) parent through next/image. Vector covers skip the
 * optimiser: it does not rasterise SVG and they are already small and sharp at every width.
 */
export function CoverImage({ src, alt = "", sizes, priority = false, className, inlineSrc }: CoverImageProps) {
  return (
    <Image
      src={inlineSrc ?? artUrl(src)}
      alt={alt}
      fill
      sizes={sizes}
      // Next 16: `preload` puts a preload link in <head>; fetchPriority lifts the request above scripts.
      preload={priority && !inlineSrc}
      fetchPriority={priority ? "high" : undefined}
      // Decoded with the frame that first paints the page, not one or more frames later: the
      // largest paint then lands before any script runs.
      decoding={priority ? "sync" : "async"}
      unoptimized={Boolean(inlineSrc) || /\.svg(\?|$)/i.test(src)}
      className={`object-cover ${className ?? ""}`}
    />
  );
}
