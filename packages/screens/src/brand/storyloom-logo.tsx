// Storyloom's mark, on its own: screens that need only the logo (the error pages, which
// load with every page) take it without the rest of the brand table.
import { useId } from "react";
import type { LogoProps } from "./types";

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
