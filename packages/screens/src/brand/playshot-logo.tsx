// PlayShot's mark, on its own: screens that need only the logo (the error pages, which
// load with every page) take it without the rest of the brand table.
import type { LogoProps } from "./types";

/** PlayShot's mark: a play triangle in a tilted rounded square with a spark in the corner. */
export function PlayShotLogo({ decorative = false, ...props }: LogoProps) {
  return (
    <svg viewBox="0 0 48 48" width={32} height={32} role={decorative ? undefined : "img"} aria-hidden={decorative || undefined} aria-label={decorative ? undefined : "PlayShot"} {...props}>
      <rect x="5" y="5" width="38" height="38" rx="10" transform="rotate(-8 24 24)" fill="#e11d48" />
      <path d="M19 15l15 9-15 9z" fill="#fff" />
      <path d="M39 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#22d3ee" />
    </svg>
  );
}
