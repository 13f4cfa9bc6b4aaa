import { cx } from "../cx";

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  className?: string;
  /** Lets tests and callers count placeholders without depending on classes. */
  "data-testid"?: string;
}

/** A shimmering placeholder block; hidden from assistive tech, the container announces loading. */
export function Skeleton({ className, ...rest }: SkeletonProps) {
  return <div aria-hidden="true" data-skeleton="" className={cx("ui-skeleton rounded-xl bg-surface-2", className)} {...rest} />;
}
