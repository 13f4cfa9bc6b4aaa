"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { ErrorState } from "@storyloom/ui";

/** A server-rendered read failed: say so and let the user re-run the server render in place. */
export function RefreshError({ message }: { message: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return <ErrorState message={message} retrying={pending} onRetry={() => startTransition(() => router.refresh())} />;
}
