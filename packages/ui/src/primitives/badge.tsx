import type { ReactNode } from "react";
import { cx } from "../cx";

/** Colour tones of {@link Badge}. */
export type BadgeTone = "brand" | "success" | "warning" | "danger" | "neutral";

const tones: Record<BadgeTone, string> = {
  brand: "bg-brand text-white",
  // emerald-700: white on emerald-600 is 3.8:1, under WCAG AA for the badge's small text.
  success: "bg-emerald-700 text-white",
  warning: "bg-amber-500 text-black",
  danger: "bg-red-600 text-white",
  neutral: "bg-surface-2 text-fg",
};

/** A small pill label such as "20% OFF". */
export function Badge({ tone = "brand", className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold leading-5", tones[tone], className)}>
      {children}
    </span>
  );
}
