"use client";
import { useState } from "react";
import { useCheckIn, useClaimCheckIn } from "@storyloom/api-client/react";
import { trackCheckIn } from "@storyloom/tracking";
import { Button, DiamondIcon, ErrorState, Skeleton, useToast } from "@storyloom/ui";

/** The 7-day check-in calendar: claimed, today and upcoming days with their rewards, and the claim. */
export function CheckInCalendar() {
  const checkIn = useCheckIn();
  const claim = useClaimCheckIn();
  const toast = useToast();
  const [message, setMessage] = useState<string | null>(null);

  if (checkIn.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading check-in calendar
        </span>
        <div className="grid grid-cols-7 gap-1.5">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      </div>
    );
  }
  if (checkIn.isError) return <ErrorState message="Couldn't load your check-in calendar." onRetry={() => void checkIn.refetch()} retrying={checkIn.isFetching} />;

  const { days, claimed_today, streak, next_reward } = checkIn.data;
  const onClaim = () => {
    setMessage(null);
    claim.mutate(undefined, {
      onSuccess: (data) => {
        setMessage(`Checked in: +${data.reward} coins. Come back tomorrow for ${data.next_reward} more.`);
        toast.success(`+${data.reward} coins for checking in`);
        trackCheckIn({ day: new Date().toISOString().slice(0, 10), coins: data.reward });
      },
      onError: (err) => {
        // Already claimed (e.g. in another tab): not a failure for the visitor, just show today's state.
        if (err.status === 409) {
          setMessage("You have already checked in today. Come back tomorrow!");
          void checkIn.refetch();
        } else toast.error(err.message || "Check-in failed, please try again.");
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <ol className="grid grid-cols-7 gap-1.5" aria-label="Check-in days">
        {days.map((d) => {
          const state = d.claimed ? "claimed" : d.today ? "today" : "upcoming";
          return (
            <li
              key={d.day}
              aria-current={d.today ? "date" : undefined}
              className={`flex flex-col items-center gap-1 rounded-xl border px-0.5 py-2 text-center text-xs ${
                state === "claimed" ? "border-brand bg-brand/15" : state === "today" ? "border-brand bg-surface-2 ring-2 ring-brand" : "border-line bg-surface-2"
              }`}
            >
              <span className="font-semibold">Day {d.day}</span>
              <DiamondIcon width={18} height={18} />
              <span className="font-semibold tabular-nums">+{d.reward}</span>
              <span className="sr-only">coins, {state === "claimed" ? "claimed" : state === "today" ? (claimed_today ? "claimed today" : "today") : "upcoming"}</span>
              <span aria-hidden="true" className="text-[10px] text-muted">
                {state === "claimed" ? "✓" : state === "today" ? "Today" : ""}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted">
        Streak: <strong className="text-fg">{streak}</strong> {streak === 1 ? "day" : "days"}
      </p>
      <Button size="lg" fullWidth onClick={onClaim} loading={claim.isPending} loadingText="Checking in…" disabled={claimed_today}>
        {claimed_today ? `Checked in today · tomorrow +${next_reward}` : `Check in for +${next_reward} coins`}
      </Button>
      <p aria-live="polite" className="min-h-5 text-center text-sm">
        {message}
      </p>
    </div>
  );
}
