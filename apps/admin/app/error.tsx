"use client";
import { ErrorState } from "@storyloom/ui";

/** A page that failed to render: the message and a retry. */
export default function RouteError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState message="This page failed to load." onRetry={reset} />;
}
