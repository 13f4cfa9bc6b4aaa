"use client";
import Link from "next/link";
import { useSession } from "@storyloom/api-client/react";
import { Skeleton } from "@storyloom/ui";
import { CoinBalance } from "../account/coin-balance";
import { CheckInCalendar } from "./check-in-calendar";
import { TaskList } from "./task-list";

/** The daily tasks page body: balance (updated by every claim), the check-in calendar and the tasks. */
export function DailyTasksView() {
  const { ready, user } = useSession();
  return (
    <div className="flex flex-col gap-8 px-4 py-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Daily tasks</h1>
        <Link href="/user/coins" className="rounded-full border border-line bg-surface-2 px-3 py-1.5 text-sm" aria-label={user ? `Your balance: ${user.coins} coins` : "Your coins"}>
          {user ? <CoinBalance coins={user.coins} /> : <span aria-hidden="true">…</span>}
        </Link>
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
