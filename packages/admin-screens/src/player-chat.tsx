"use client";
// One chat of a player, read-only: one branch of it (issue 45) as the player reads it, newest message
// first, removed ones marked, paged by the cursor in the URL. The shown branch by default; the list of
// branches links to each (the one listed is marked current), and a message id (a reported message,
// on any branch) opens the branch holding it at the page holding it, the message marked.
import { Badge, EmptyState, ErrorState, Skeleton, cx, dangerText } from "@storyloom/ui";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useId } from "react";
import { useStaffQuery } from "./console-provider";
import { FilterForm } from "./filter-controls";
import { withParams } from "./filters";
import { formatTime } from "./format";
import { DataTablePager } from "./pager";
import { badMessageParam, branchName, branchSummary, parseTranscriptView } from "./player-chat-view";

/** The chat of user `id` with story `storyId` (from the route). */
export function PlayerChatScreen({ id, storyId }: { id: string; storyId: string }) {
  const userId = Number(id);
  const params = useSearchParams();
  const path = usePathname();
  const view = parseTranscriptView(params);
  const headingId = useId();
  const valid = Number.isInteger(userId) && userId > 0 && userId <= 2_147_483_647;
  const q = useStaffQuery("adminPlayerChat", { user_id: userId, story_id: storyId, ...view, limit: 100 }, valid);
  const branches = q.data?.branches ?? [];
  const listed = q.data ? branches.find((b) => b.id === q.data.branch_id) : undefined;
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href={`/players/${id}`}>
          Back to player #{id}
        </Link>
      </p>
      <h1 className="text-lg font-semibold">Chat with {storyId}</h1>
      <p className="text-sm text-muted">Read-only.</p>
      <div className="mt-3">
        <FilterForm fields={[{ name: "message", label: "Message id", value: view.message_id ?? "", placeholder: "e.g. a reported message" }]} submitLabel="Open its branch" />
        {badMessageParam(params) && <p role="alert" className={`mt-1 text-sm ${dangerText}`}>That is not a message id.</p>}
      </div>
      {!valid ? (
        <ErrorState message="That is not a player id." />
      ) : q.error ? (
        <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="mt-4 h-40 w-full" />
      ) : (
        <>
          {branches.length > 1 && (
            <nav aria-label="Branches of this chat" className="mt-4">
              <h2 className="text-base font-semibold">Branches</h2>
              <p className="text-sm text-muted">The player reads the shown branch; the others are kept as they were and the player can switch to them.</p>
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {branches.map((b) => {
                  const current = b.id === q.data.branch_id;
                  return (
                    <li key={b.id}>
                      <Link
                        href={`${path}${withParams(params, { branch: b.id, message: undefined })}`}
                        aria-current={current ? "page" : undefined}
                        className={cx("underline", current && "font-semibold")}
                      >
                        {branchName(branches, b.id)}
                      </Link>{" "}
                      {b.shown ? <Badge tone="success">shown to the player</Badge> : <Badge tone="neutral">parked</Badge>} <span className="text-muted">{branchSummary(branches, b)}</span>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
          <h2 id={headingId} className="mt-4 text-base font-semibold">
            {listed && branches.length > 1 ? `${branchName(branches, listed.id)}: ${listed.shown ? "shown to the player" : "not shown to the player (parked)"}` : "Messages"}
          </h2>
          {view.message_id && (
            <p className="mt-1 text-sm">
              Shown from the looked-up message #{view.message_id}, with what came just after it.{" "}
              <Link className="underline" href={`${path}${withParams(params, { branch: q.data.branch_id, message: undefined, cursor: undefined })}`}>
                Read this branch from its newest message
              </Link>
            </p>
          )}
          {q.data.messages.length === 0 ? (
            <EmptyState title="No messages." />
          ) : (
            <>
              <ol aria-labelledby={headingId} className="mt-2 flex flex-col gap-2">
                {q.data.messages.map((m) => {
                  const sought = m.id === view.message_id;
                  return (
                    <li
                      key={m.id}
                      aria-current={sought ? "true" : undefined}
                      className={cx("rounded border border-line p-2 text-sm", m.role === "user" ? "bg-surface-2" : "", sought && "border-2 border-brand")}
                    >
                      <p className="text-xs text-muted">
                        #{m.id} · {m.role}
                        {m.actor_id ? ` · ${m.actor_id}` : ""} · {formatTime(m.created_at)}
                        {m.copy_of ? ` · copy of #${m.copy_of} (the turn as this branch tells it)` : ""}
                        {m.removed ? " · removed by staff" : ""}
                        {sought ? " · the message looked up" : ""}
                      </p>
                      <p className={cx("whitespace-pre-wrap", m.removed && "line-through")}>{m.content}</p>
                    </li>
                  );
                })}
              </ol>
              <DataTablePager nextCursor={q.data.next_cursor} />
            </>
          )}
        </>
      )}
    </>
  );
}
