"use client";
// Reports, grouped by what was reported: how many, why, by how many signed-in players, an excerpt;
// the status filter is in the URL. A group is resolved with one action and a reason; every reporter
// is told (the API's notices).
import { REPORT_REASON_LABELS, type ReportGroup } from "@storyloom/contract";
import { Badge, Button } from "@storyloom/ui";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterSelect } from "./filter-controls";
import { parseReportFilters, REPORT_STATUSES } from "./filters";
import { formatTime } from "./format";
import { ReasonDialog } from "./reason-dialog";

/** The resolutions a group can get, with what each does. */
const ACTIONS = {
  dismiss: "Dismiss (nothing wrong)",
  hide: "Hide from the catalogue",
  unpublish: "Unpublish the story",
  delete_message: "Delete the message",
} as const;
type Action = keyof typeof ACTIONS;

/** The actions that fit a target: a message can be deleted, a story or character hidden or unpublished. */
function actionsFor(group: ReportGroup): Action[] {
  return group.target_kind === "message" ? ["dismiss", "delete_message"] : ["dismiss", "hide", "unpublish"];
}

/** The reports screen. */
export function ReportsScreen() {
  const filters = parseReportFilters(useSearchParams());
  const q = useStaffQuery("adminReportList", { status: filters.status, cursor: filters.cursor, limit: 50 });
  const [resolving, setResolving] = useState<{ group: ReportGroup; action: Action } | null>(null);
  const resolve = useStaffMutation("adminReportResolve", (d) => `Reports of ${d.group.target_kind} ${d.group.target_id} resolved (${d.group.status}).`);
  const columns = useMemo<Column<ReportGroup>[]>(
    () => [
      { id: "target", header: "Target", cell: ({ row }) => <span className="whitespace-nowrap">{`${row.original.target_kind} ${row.original.target_id}`}</span> },
      { id: "excerpt", header: "Excerpt", cell: ({ row }) => <span className="line-clamp-2 max-w-xs">{row.original.excerpt}</span> },
      { id: "count", header: "Reports", cell: ({ row }) => row.original.count },
      { id: "registered", header: "Signed-in reporters", cell: ({ row }) => row.original.registered_reporters },
      {
        id: "reasons",
        header: "Reasons",
        cell: ({ row }) => (
          <ul>
            {row.original.reasons.map((r) => (
              <li key={r.reason}>
                {r.reason === "minors" ? <Badge tone="danger">{REPORT_REASON_LABELS[r.reason]}</Badge> : REPORT_REASON_LABELS[r.reason]} × {r.count}
              </li>
            ))}
          </ul>
        ),
      },
      { id: "details", header: "Details", cell: ({ row }) => <span className="line-clamp-3 max-w-xs">{row.original.details.join(" · ") || "—"}</span> },
      { id: "last", header: "Last report", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.last_at)}</span> },
      { id: "status", header: "Status", cell: ({ row }) => `${row.original.status}${row.original.hidden ? " (hidden)" : ""}` },
      {
        id: "actions",
        header: "Resolve",
        cell: ({ row }) =>
          row.original.status === "open" ? (
            <div className="flex flex-wrap gap-1">
              {actionsFor(row.original).map((action) => (
                <Button key={action} size="sm" variant={action === "dismiss" ? "secondary" : "danger"} onClick={() => setResolving({ group: row.original, action })}>
                  {action === "delete_message" ? "Delete" : action[0]!.toUpperCase() + action.slice(1)}
                  <span className="sr-only">{` reports of ${row.original.target_kind} ${row.original.target_id}`}</span>
                </Button>
              ))}
            </div>
          ) : null,
      },
    ],
    [],
  );
  return (
    <>
      <h1 className="text-lg font-semibold">Reports</h1>
      <div className="mt-3">
        <FilterSelect label="Status" name="status" value={filters.status} options={REPORT_STATUSES} />
      </div>
      <Section title="Reported targets">
        <DataTable
          caption={`Reports: ${filters.status}`}
          columns={columns}
          rows={q.data?.groups}
          rowId={(g) => `${g.target_kind}:${g.target_id}`}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          nextCursor={q.data?.next_cursor}
          empty={`No ${filters.status} reports.`}
        />
      </Section>
      {resolving && (
        <ReasonDialog
          open
          onClose={() => setResolving(null)}
          title={`${ACTIONS[resolving.action]}?`}
          description={`${resolving.group.count} report(s) of ${resolving.group.target_kind} ${resolving.group.target_id}: “${resolving.group.excerpt}”. Every reporter is told the outcome.`}
          confirmLabel="Resolve"
          danger={resolving.action !== "dismiss"}
          busy={resolve.isPending}
          onConfirm={(reason) =>
            resolve.mutate({ target_kind: resolving.group.target_kind, target_id: resolving.group.target_id, action: resolving.action, reason }, { onSuccess: () => setResolving(null) })
          }
        />
      )}
    </>
  );
}
