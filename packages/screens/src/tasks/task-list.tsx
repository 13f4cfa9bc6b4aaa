"use client";
import { useState, type ComponentType } from "react";
import type { DailyTask, TaskId } from "@storyloom/contract";
import { useDailyTasks } from "@storyloom/api-client/react";
import { Badge, DiamondIcon, EmptyState, ErrorState, Skeleton } from "@storyloom/ui";
import { CreateStoryAction, InviteAction, PlayAction, ShareAction, type Announce } from "./task-actions";

const actions: Record<TaskId, ComponentType<{ task: DailyTask; announce: Announce }>> = {
  "play-game": PlayAction,
  "share-game": ShareAction,
  "create-story": CreateStoryAction,
  "invite-friend": InviteAction,
};

/** One task: title, description, progress, reward, state and its own action. */
function TaskRow({ task }: { task: DailyTask }) {
  const [result, setResult] = useState<string | null>(null);
  const Action = actions[task.id];
  const percent = Math.round((Math.min(task.progress, task.target) / Math.max(1, task.target)) * 100);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-2 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{task.title}</h3>
          <p className="text-sm text-muted">{task.description}</p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 font-semibold tabular-nums">
          <DiamondIcon width={16} height={16} />+{task.reward}
          <span className="sr-only"> coins</span>
        </span>
      </div>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`${task.title} progress`}
          aria-valuemin={0}
          aria-valuemax={task.target}
          aria-valuenow={Math.min(task.progress, task.target)}
          className="h-2 flex-1 overflow-hidden rounded-full bg-line"
        >
          <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-xs tabular-nums text-muted">
          {Math.min(task.progress, task.target)}/{task.target}
        </span>
        {task.claimed && <Badge tone="success">Claimed</Badge>}
      </div>
      {Action && <Action task={task} announce={setResult} />}
      <p aria-live="polite" className="text-sm empty:hidden">
        {result}
      </p>
    </li>
  );
}

/** Today's four tasks with progress, reward and claim; resets at 00:00 UTC. */
export function TaskList() {
  const tasks = useDailyTasks();
  if (tasks.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading daily tasks
        </span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (tasks.isError) return <ErrorState message="Couldn't load today's tasks." onRetry={() => void tasks.refetch()} retrying={tasks.isFetching} />;
  if (tasks.data.tasks.length === 0) return <EmptyState title="No tasks today" description="New tasks arrive at midnight UTC." />;
  return (
    <ul className="flex flex-col gap-3">
      {tasks.data.tasks.map((t) => (
        <TaskRow key={t.id} task={t} />
      ))}
    </ul>
  );
}
