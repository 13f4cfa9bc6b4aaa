"use client";
// One chat of a player, read-only: the messages in order, removed ones marked, paged by the cursor in
// the URL.
import { EmptyState, ErrorState, Skeleton, cx } from "@storyloom/ui";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useStaffQuery } from "./console-provider";
import { formatTime } from "./format";
import { DataTablePager } from "./pager";

/** The chat of user `id` with story `storyId` (from the route). */
export function PlayerChatScreen({ id, storyId }: { id: string; storyId: string }) {
  const userId = Number(id);
  const cursor = useSearchParams().get("cursor") ?? undefined;
  const validCursor = cursor === undefined || /^[1-9][0-9]{0,17}$/.test(cursor);
  const valid = Number.isInteger(userId) && userId > 0 && userId <= 2_147_483_647;
  const q = useStaffQuery("adminPlayerChat", { user_id: userId, story_id: storyId, cursor: validCursor ? cursor : undefined, limit: 100 }, valid);
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href={`/players/${id}`}>
          Back to player #{id}
        </Link>
      </p>
      <h1 className="text-lg font-semibold">Chat with {storyId}</h1>
      <p className="text-sm text-muted">Read-only.</p>
      {!valid ? (
        <ErrorState message="That is not a player id." />
      ) : q.error ? (
        <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="mt-4 h-40 w-full" />
      ) : q.data.messages.length === 0 ? (
        <EmptyState title="No messages." />
      ) : (
        <>
          <ol className="mt-4 flex flex-col gap-2">
            {q.data.messages.map((m) => (
              <li key={m.id} className={cx("rounded border border-line p-2 text-sm", m.role === "user" ? "bg-surface-2" : "")}>
                <p className="text-xs text-muted">
                  {m.role}
                  {m.actor_id ? ` · ${m.actor_id}` : ""} · {formatTime(m.created_at)}
                  {m.removed ? " · removed by staff" : ""}
                </p>
                <p className={cx("whitespace-pre-wrap", m.removed && "line-through")}>{m.content}</p>
              </li>
            ))}
          </ol>
          <DataTablePager nextCursor={q.data.next_cursor} />
        </>
      )}
    </>
  );
}
