import { cx } from "../cx";

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Diameter in pixels. */
  size?: number;
  /** When given, the spinner announces itself (role=status); otherwise it is decorative. */
  label?: string;
  className?: string;
}

/** A rotating ring drawn with the current text colour; the keyframes live in styles.css. */
export function Spinner({ size = 16, label, className }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cx("ui-spinner inline-block shrink-0 rounded-full border-2 border-current border-r-transparent", className)}
      style={{ width: size, height: size }}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
