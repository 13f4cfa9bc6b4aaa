"use client";
import { useSession } from "@storyloom/api-client/react";
import { Skeleton } from "@storyloom/ui";
import { CheckInCalendar } from "./check-in-calendar";
import { TaskList } from "./task-list";

/** The daily tasks page body: the check-in calendar and the tasks (the header chip shows the balance). */
export function DailyTasksView() {
  const ready = useSession((s) => s.ready);
  return (
    <div className="flex flex-col gap-8 px-4 py-6">
      <div>
        <h1 className="text-2xl font-semibold">Daily tasks</h1>
        {/* The balance itself is the header's coins chip, updated by every claim. */}
        <p className="mt-1 text-sm text-muted">Check in every day and finish tasks to earn free coins. Tasks reset at 00:00 UTC.</p>
      </div>
      {!ready ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            Loading
          </span>
          <Skeleton className="h-24" />
          <Skeleton className="h-28" />
        </div>
      ) : (
        <>
          <section aria-labelledby="checkin-title" className="flex flex-col gap-3">
            <h2 id="checkin-title" className="text-lg font-semibold">
              Daily check-in
            </h2>
            <CheckInCalendar />
          </section>
          <section aria-labelledby="tasks-title" className="flex flex-col gap-3">
            <h2 id="tasks-title" className="text-lg font-semibold">
              Today&apos;s tasks
            </h2>
            <TaskList />
          </section>
        </>
      )}
    </div>
  );
}
