"use client";
import { EmptyState, ErrorState, Skeleton } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";
import { AgeGateNotice, isAgeGate } from "./age-gate";

// What every gated page (story, character, chat) shows while it reads or when it cannot: apart from
// the story article, so the chat and character routes do not carry the story page's code.

/** Placeholder while the session starts and the story is read. */
export function GateLoading({ what }: { what: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4 px-4 py-6">
      <span className="sr-only" role="status">
        Loading {what}
      </span>
      <Skeleton className="mx-auto aspect-[3/4] w-48" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-16" />
    </div>
  );
}

/** A story read in the browser failed: why, in words (age gate, gone, or a retry). */
export function GateFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  if (isAgeGate(error)) return <AgeGateNotice />;
  if ((error as { status?: number }).status === 404) {
    return (
      <EmptyState
        title="This story isn't available"
        description="It may have been taken out of the catalogue."
        action={
          <Link href="/" className="font-semibold underline underline-offset-4">
            Browse stories
          </Link>
        }
      />
    );
  }
  return <ErrorState message="We couldn't load this story." onRetry={onRetry} retrying={retrying} />;
}
