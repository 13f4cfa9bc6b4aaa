"use client";
import { useEffect, useRef } from "react";
import type { Notice } from "@storyloom/contract";
import { useMarkNoticesRead, useNotices } from "@storyloom/api-client/react";
import { Badge, EmptyState, ErrorState, Skeleton } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";

/** A site path a notice may link to; anything else is shown without a link. */
const sitePath = (link: string | null) => (link && /^\/(?!\/)/.test(link) ? link : null);

function NoticeItem({ notice, fresh }: { notice: Notice; fresh: boolean }) {
  const link = sitePath(notice.link);
  return (
    <li className="flex flex-col gap-1 rounded-2xl border border-line bg-surface-2 p-4" data-testid="notice">
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        {fresh ? <Badge tone="brand">New</Badge> : null}
        <time dateTime={notice.created_at}>{new Date(notice.created_at).toLocaleString()}</time>
      </p>
      <p className="whitespace-pre-line text-fg">{notice.body}</p>
      {link ? (
        <Link href={link} className="self-start text-sm font-semibold underline underline-offset-4">
          Open
        </Link>
      ) : null}
    </li>
  );
}

/**
 * The player's notices, newest first. Those unread when the list arrived are marked "New", and
 * all of them are marked read on the server once shown (the badge on the profile then clears).
 */
export function NoticesView() {
  const list = useNotices();
  const markRead = useMarkNoticesRead();
  // The ids that were unread when first shown: they keep their "New" mark while the page is open.
  const fresh = useRef<Set<string> | null>(null);
  const data = list.data;
  if (data && !fresh.current) fresh.current = new Set(data.notices.filter((n) => !n.read).map((n) => n.id));
  const { mutate } = markRead;
  useEffect(() => {
    if (data && data.unread > 0) mutate({});
  }, [data, mutate]);

  if (list.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading your notices
        </span>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (list.isError) return <ErrorState message="We couldn't load your notices." onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.notices.length === 0) return <EmptyState title="No notices" description="When staff act on something you reported, or on one of your stories, you'll find it here." />;
  return (
    <ul aria-label="Your notices" className="flex flex-col gap-3">
      {list.data.notices.map((n) => (
        <NoticeItem key={n.id} notice={n} fresh={fresh.current?.has(n.id) ?? false} />
      ))}
    </ul>
  );
}

/** The link to the notices page with its unread count (for the profile page). */
export function NoticesLink({ className }: { className: string }) {
  const list = useNotices();
  const unread = list.data?.unread ?? 0;
  return (
    <Link href="/user/notices" className={className} aria-label={unread > 0 ? `Notices, ${unread} unread` : "Notices"}>
      Notices
      {unread > 0 ? (
        <span aria-hidden="true" className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-semibold text-white" data-testid="notice-count">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}
