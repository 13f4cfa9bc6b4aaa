import { cx } from "../cx";

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** Image address; without one the initials of `name` are shown. */
  src?: string | null;
  /** 1x/2x candidates of the picture (e.g. `a.webp?w=48 1x, a.webp?w=96 2x`), for sharp avatars on dense screens. */
  srcSet?: string;
  /** Person's display name, used for the alt text and the initials. */
  name: string;
  size?: number;
  className?: string;
}

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  return letters || "?";
}

/** A round user picture, falling back to initials so a missing avatar never leaves a hole. */
export function Avatar({ src, srcSet, name, size = 40, className }: AvatarProps) {
  const box = cx("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-2 text-fg", className);
  if (src) {
    // Lazy: an avatar is never a page's largest paint, and an eager <img> would be preloaded from the
    // document's head by React, taking bandwidth from the page itself on a slow link.
    return (
      <img
        src={src}
        srcSet={srcSet}
        alt={name}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={cx(box, "object-cover")}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span role="img" aria-label={name} className={box} style={{ width: size, height: size, fontSize: size * 0.4 }}>
      <span aria-hidden="true" className="font-semibold">
        {initials(name)}
      </span>
    </span>
  );
}
