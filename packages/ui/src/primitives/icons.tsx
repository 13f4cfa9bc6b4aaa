import type { SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * The coin symbol. Always decorative (aria-hidden): callers put the word "coins" beside it
 * in text or VisuallyHidden, so a screen reader hears "500 coins" rather than "image 500".
 */
export function DiamondIcon({ width = 16, height = 16, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" focusable="false" {...props}>
      <path d="M6.5 3h11l4.5 6-10 12L2 9z" fill="#38bdf8" />
      <path d="M2 9h20M8.5 9 12 21l3.5-12M6.5 3 8.5 9l3.5-6 3.5 6 2-6" fill="none" stroke="#0c4a6e" strokeOpacity=".45" strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}

/** A thin "×" used by close buttons; decorative, the button carries the label. */
export function CloseIcon({ width = 20, height = 20, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" focusable="false" {...props}>
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
