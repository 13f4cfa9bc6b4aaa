"use client";
// The audit log: every staff action, newest first, filtered by staff member, action, target and
// date range (all in the URL), paged by cursor.
import type { StaffAction } from "@storyloom/contract";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterForm } from "./filter-controls";
import { auditQuery, parseAuditFilters } from "./filters";
import { formatTime } from "./format";

const columns: Column<StaffAction>[] = [
  { id: "when", header: "When", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
  { id: "staff", header: "Staff", cell: ({ row }) => <Link className="underline" href={`/audit?staff_id=${row.original.staff.id}`}>{`${row.original.staff.name} (#${row.original.staff.id})`}</Link> },
  { id: "action", header: "Action", cell: ({ row }) => <span className="font-mono text-xs">{row.original.action}</span> },
  {
    id: "target",
    header: "Target",
    cell: ({ row }) =>
      row.original.target_kind === "user" ? (
        <Link className="underline" href={`/players/${row.original.target_id}`}>{`user ${row.original.target_id}`}</Link>
      ) : (
        `${row.original.target_kind} ${row.original.target_id}`
      ),
  },
  { id: "reason", header: "Reason", cell: ({ row }) => <span className="line-clamp-2 max-w-xs">{row.original.reason || "—"}</span> },
  { id: "detail", header: "Detail", cell: ({ row }) => <span className="line-clamp-2 max-w-sm font-mono text-xs">{row.original.detail ? JSON.stringify(row.original.detail) : ""}</span> },
];

/** The audit log screen. */
export function AuditScreen() {
  const filters = parseAuditFilters(useSearchParams());
  const q = useStaffQuery("adminAuditList", { ...auditQuery(filters), limit: 50 });
  const formKey = JSON.stringify({ ...filters, cursor: undefined });
  return (
    <>
      <h1 className="text-lg font-semibold">Audit log</h1>
      <div className="mt-3">
        <FilterForm
          key={formKey}
          submitLabel="Filter"
          fields={[
            { name: "staff_id", label: "Staff id", value: filters.staff_id },
            { name: "action", label: "Action", value: filters.action, placeholder: "coins.grant" },
            { name: "target_kind", label: "Target kind", value: filters.target_kind, placeholder: "user" },
            { name: "target_id", label: "Target id", value: filters.target_id },
            { name: "from", label: "From (day)", value: filters.from, type: "date" },
            { name: "to", label: "To (day)", value: filters.to, type: "date" },
          ]}
        />
      </div>
      <Section title="Staff actions">
        <DataTable
          caption="Staff actions"
          columns={columns}
          rows={q.data?.actions}
          rowId={(a) => a.id}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          nextCursor={q.data?.next_cursor}
          empty="No staff actions match."
        />
      </Section>
    </>
  );
}
