"use client";
// Moderation: the review queue (pending, approved or rejected submissions, in the URL) and one
// version's detail, as players would see it (cover, avatars), read it and play it (the
// play-through), with Approve (optionally changing the rating) and Reject (a reason the author reads).
import type { ReviewItem } from "@storyloom/contract";
import { Badge, Button } from "@storyloom/ui";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterSelect } from "./filter-controls";
import { parseReviewFilters, REVIEW_STATES, withParams } from "./filters";
import { formatTime } from "./format";
import { ReasonDialog } from "./reason-dialog";
import { CastList, VersionCard } from "./review-art";

// The ink compiler and the preview are large: they load the first time a moderator opens a play-through.
const PlayThrough = lazy(() => import("./play-through").then((m) => ({ default: m.PlayThrough })));

/** The moderation screen. */
export function ModerationScreen() {
  const params = useSearchParams();
  const filters = parseReviewFilters(params);
  const q = useStaffQuery("adminReviewList", { state: filters.state, cursor: filters.cursor, limit: 50 });
  const open = q.data?.items.find((i) => i.version_id === filters.version);
  const columns = useColumns();
  return (
    <>
      <h1 className="text-lg font-semibold">Moderation</h1>
      <div className="mt-3 flex flex-wrap gap-3">
        <FilterSelect label="State" name="state" value={filters.state} options={REVIEW_STATES} />
      </div>
      <Section title="Submissions">
        <DataTable
          caption={`Submissions: ${filters.state}`}
          columns={columns}
          rows={q.data?.items}
          rowId={(r) => r.version_id}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          nextCursor={q.data?.next_cursor}
          empty={`No ${filters.state} submissions.`}
          selected={(r) => r.version_id === filters.version}
        />
      </Section>
      {filters.version && q.data && !open && <p className="mt-4 text-sm text-muted">That version is not on this page of {filters.state} submissions.</p>}
      {open && <VersionDetail key={open.version_id} item={open} />}
    </>
  );
}

/** The queue's columns; the title opens the version below the table. */
function useColumns(): Column<ReviewItem>[] {
  const params = useSearchParams();
  const path = usePathname();
  return useMemo(() => [
    {
      id: "title",
      header: "Title",
      cell: ({ row }) => (
        <Link className="underline" href={`${path}${withParams(params, { version: row.original.version_id, cursor: params.get("cursor") })}`}>
          {row.original.title}
        </Link>
      ),
    },
    { id: "author", header: "Author", cell: ({ row }) => `${row.original.author.name} (${row.original.author.email ?? `#${row.original.author.id}`})` },
    { id: "submitted", header: "Submitted", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.submitted_at)}</span> },
    { id: "rating", header: "Rating", cell: ({ row }) => row.original.rating },
    { id: "moderation", header: "Moderation", cell: ({ row }) => <Verdict item={row.original} /> },
    { id: "urgent", header: "Urgent reports", cell: ({ row }) => (row.original.urgent_reports > 0 ? <Badge tone="danger">{row.original.urgent_reports}</Badge> : "0") },
    { id: "state", header: "State", cell: ({ row }) => row.original.state },
  ], [params, path]);
}

/** The moderation endpoint's verdict: its status and categories. */
function Verdict({ item }: { item: ReviewItem }) {
  const m = item.moderation;
  if (!m) return <span className="text-muted">not checked</span>;
  return (
    <span>
      {m.status}
      {m.categories.length > 0 && `: ${m.categories.join(", ")}`}
    </span>
  );
}

/** One version as players would see it, with the decisions. */
function VersionDetail({ item }: { item: ReviewItem }) {
  return (
    <article className="mt-6 rounded border border-line p-4" aria-labelledby="version-title">
      <VersionCard item={item} headingId="version-title" />
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Story</dt>
        <dd>{item.story_id}</dd>
        <dt className="text-muted">Category</dt>
        <dd>{item.category_id}</dd>
        <dt className="text-muted">Tags</dt>
        <dd>{item.tags.join(", ") || "—"}</dd>
        <dt className="text-muted">Rating</dt>
        <dd>{item.rating}</dd>
        <dt className="text-muted">Moderation</dt>
        <dd>
          <Verdict item={item} />
          {item.moderation?.error && ` (${item.moderation.error})`}
        </dd>
        <dt className="text-muted">State</dt>
        <dd>
          {item.state}
          {item.reason && ` — ${item.reason}`}
          {item.live && " (an earlier version is live)"}
        </dd>
      </dl>
      {item.state === "pending" && <Decisions item={item} />}
      <Section title="Characters">
        <CastList item={item} />
      </Section>
      <PlayThroughSection script={item.script} />
      <Section title="Script">
        <Script text={item.script} />
      </Section>
    </article>
  );
}

/** The play-through, opened on demand: the script compiled and played in the story editor's preview. */
function PlayThroughSection({ script }: { script: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = (
    <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
      {open ? "Close the play-through" : "Play through"}
    </Button>
  );
  return (
    <Section title="Play-through" actions={toggle}>
      <div id={id}>
        {open ? (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                Loading the preview…
              </p>
            }
          >
            <PlayThrough script={script} />
          </Suspense>
        ) : (
          <p className="text-sm text-muted">Plays the script from its start, choice by choice, as a player meets it.</p>
        )}
      </div>
    </Section>
  );
}

/** The script in monospace with line numbers. */
function Script({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <div className="max-h-[60vh] overflow-auto rounded border border-line bg-surface-2" tabIndex={0} role="region" aria-label="Script text">
      <ol className="py-2 font-mono text-xs leading-5">
        {lines.map((line, i) => (
          <li key={i} className="flex">
            <span aria-hidden="true" className="w-10 shrink-0 select-none pr-3 text-right text-muted">
              {i + 1}
            </span>
            <span className="whitespace-pre-wrap break-words">{line || " "}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Approve (with an optional rating change) or reject (a reason of 3+ characters). */
function Decisions({ item }: { item: ReviewItem }) {
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const [rating, setRating] = useState(item.rating);
  const router = useRouter();
  const params = useSearchParams();
  const path = usePathname();
  const decide = useStaffMutation("adminReviewDecide", (d) => `“${d.item.title}” ${d.item.state === "approved" ? "approved" : "rejected"}.`);
  const run = (decision: "approve" | "reject", reason: string) =>
    decide.mutate(
      { version_id: item.version_id, decision, reason, ...(decision === "approve" && rating !== item.rating ? { rating } : {}) },
      {
        onSuccess: () => {
          setDialog(null);
          router.replace(`${path}${withParams(params, { version: null, cursor: params.get("cursor") })}`);
        },
      },
    );
  return (
    <div className="mt-4 flex gap-2">
      <Button size="sm" onClick={() => setDialog("approve")}>
        Approve
      </Button>
      <Button size="sm" variant="danger" onClick={() => setDialog("reject")}>
        Reject
      </Button>
      <ReasonDialog
        open={dialog === "approve"}
        onClose={() => setDialog(null)}
        title={`Approve “${item.title}”?`}
        description="The story goes live in the catalogue of both brands."
        confirmLabel="Approve"
        reasonOptional
        busy={decide.isPending}
        onConfirm={(reason) => run("approve", reason)}
        extra={
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Rating
            <select value={rating} onChange={(e) => setRating(e.target.value as typeof rating)} className="rounded border border-line bg-surface-2 p-2 font-normal">
              <option value="general">general</option>
              <option value="mature">mature</option>
            </select>
          </label>
        }
      />
      <ReasonDialog
        open={dialog === "reject"}
        onClose={() => setDialog(null)}
        title={`Reject “${item.title}”?`}
        description="The author reads the reason."
        confirmLabel="Reject"
        danger
        busy={decide.isPending}
        onConfirm={(reason) => run("reject", reason)}
      />
    </div>
  );
}
