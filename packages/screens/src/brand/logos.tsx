// Each brand draws its own mark: Storyloom a woven open book, PlayShot a tilted play button with a
// spark. Inline SVG keeps the logo in the first paint with no extra request.
import { useId, type SVGProps } from "react";

/** Props of a brand logo: an accessible name is given unless the logo sits next to its wordmark. */
export interface LogoProps extends SVGProps<SVGSVGElement> {
  /** Hide from assistive tech when the brand name is already written beside it. */
  decorative?: boolean;
}

/** Storyloom's mark: two pages of an open book crossed by a woven thread. */
export function StoryloomLogo({ decorative = false, ...props }: LogoProps) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 48 48" width={32} height={32} role={decorative ? undefined : "img"} aria-hidden={decorative || undefined} aria-label={decorative ? undefined : "Storyloom"} {...props}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradient})`} />
      <path d="M10 14c5-2 10-1 14 2v20c-4-3-9-4-14-2z" fill="#fff" opacity=".95" />
      <path d="M38 14c-5-2-10-1-14 2v20c4-3 9-4 14-2z" fill="#fff" opacity=".75" />
      <path d="M8 26c6 4 10-6 16 0s10-4 16 0" fill="none" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

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
