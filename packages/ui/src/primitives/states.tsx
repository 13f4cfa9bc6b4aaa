import type { ReactNode } from "react";
import { cx } from "../cx";
import { Button } from "./button";

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it, with an optional next step. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx("flex flex-col items-center gap-2 px-4 py-8 text-center", className)}>
      {icon && <div aria-hidden="true" className="text-4xl text-muted">{icon}</div>}
      <p className="font-semibold text-fg">{title}</p>
      {description && <p className="text-sm text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  message: string;
  /** When given, a "Try again" button calls it. */
  onRetry?: () => void;
  retryLabel?: string;
  /** True while a retry is in flight, so the button shows progress instead of inviting double clicks. */
  retrying?: boolean;
  className?: string;
}

/** A failed load: the message is announced (role=alert) and the user can retry. */
export function ErrorState({ message, onRetry, retryLabel = "Try again", retrying = false, className }: ErrorStateProps) {
  return (
    <div className={cx("flex flex-col items-center gap-3 px-4 py-8 text-center", className)}>
      <p role="alert" className="text-fg">
        {message}
      </p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
