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
}

/**
 * A story cover filling its (positioned) parent through next/image. Vector covers skip the
 * optimiser: it does not rasterise SVG and they are already small and sharp at every width.
 */
export function CoverImage({ src, alt = "", sizes, priority = false, className }: CoverImageProps) {
  return (
    <Image
      src={artUrl(src)}
      alt={alt}
      fill
      sizes={sizes}
      // Next 16: `preload` puts a preload link in <head>; fetchPriority lifts the request above scripts.
      preload={priority}
      fetchPriority={priority ? "high" : undefined}
      unoptimized={/\.svg(\?|$)/i.test(src)}
      className={`object-cover ${className ?? ""}`}
    />
  );
}
