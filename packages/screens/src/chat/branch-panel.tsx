"use client";
import { lazy, Suspense, useId } from "react";
import { useApiMutation, useApiQuery } from "@storyloom/api-client/react";
import { Button, dangerText, ErrorState, Skeleton } from "@storyloom/ui";
import { errorText } from "../tasks/messages";
import { branchEntries, type BranchEntry } from "./branch-logic";

// The branch view's body (issue 45), loaded when it is opened: the branches of the player's chat of
// a story, each with the line it departs with and its newest line, and a button that shows it
// (free). On a desktop a small tree (drawn with @xyflow/react, its code loaded with it) sits above
// the list; the list is the control on every screen, for the keyboard and screen readers alike.

const BranchTree = lazy(() => import("./branch-tree"));

/** Props of {@link BranchPanel}. */
export interface BranchPanelProps {
  storyId: string;
  /** draw the tree too (a desktop: the panel beside the chat) */
  tree?: boolean;
}

function Loading() {
  return (
    <div role="status" aria-label="Loading the branches" className="flex flex-col gap-2">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

function BranchItem({ entry, busy, onShow }: { entry: BranchEntry; busy: boolean; onShow: (id: string) => void }) {
  const { branch, number, title } = entry;
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      aria-current={branch.active ? "true" : undefined}
      className={`flex flex-col gap-1 rounded-xl border p-3 ${branch.active ? "border-brand bg-surface-2" : "border-line"}`}
      style={{ marginInlineStart: `${Math.min(entry.depth, 4) * 0.75}rem` }}
      data-testid="branch-item"
    >
      <p id={headingId} className="text-sm font-semibold text-fg">
        Branch {number}
        {branch.active ? <span className="ml-2 text-xs font-normal text-muted">(shown)</span> : null}
      </p>
      <p className="line-clamp-2 break-words text-sm text-fg" data-testid="branch-line">
        {title}
      </p>
      {branch.last_line && branch.last_line !== branch.line ? (
        <p className="line-clamp-1 break-words text-xs text-muted">
          <span className="sr-only">Newest line: </span>… {branch.last_line}
        </p>
      ) : null}
      <p className="text-xs text-muted">{branch.messages === 1 ? "1 message" : `${branch.messages} messages`}</p>
      {branch.active ? null : (
        <Button size="sm" variant="secondary" className="self-start" disabled={busy} onClick={() => onShow(branch.id)}>
          Show this branch<span className="sr-only"> (branch {number})</span>
        </Button>
      )}
    </li>
  );
}

/** The branches of the caller's chat of `storyId`, and switching between them. */
export default function BranchPanel({ storyId, tree = false }: BranchPanelProps) {
  const list = useApiQuery("chatBranchList", { story_id: storyId });
  const show = useApiMutation("chatBranchSwitch");
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const entries = branchEntries(list.data.branches);
  const onShow = (id: string) => show.mutate({ story_id: storyId, branch_id: id });
  return (
    <div className="flex flex-col gap-3" data-testid="branch-panel">
      {entries.length < 2 ? (
        <p className="text-sm text-muted">
          One branch so far. Page (‹ ›) or regenerate an earlier reply, and the story goes on from there on a new branch; this one is kept.
        </p>
      ) : null}
      {tree && entries.length > 1 ? (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <BranchTree entries={entries} onShow={onShow} busy={show.isPending} />
        </Suspense>
      ) : null}
      {show.isError ? (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {errorText(show.error)}
        </p>
      ) : null}
      <ol aria-label="Branches of this chat" className="flex flex-col gap-2">
        {entries.map((e) => (
          <BranchItem key={e.branch.id} entry={e} busy={show.isPending} onShow={onShow} />
        ))}
      </ol>
    </div>
  );
}
