"use client";
// Reconciliation: asks each provider about the orders of the last N days (N in the URL) and lists
// where the provider and the ledger disagree; each row can be fixed (with a reason, audited) the way
// `payments:reconcile --fix` fixes it.
import type { OrderDiscrepancy } from "@storyloom/contract";
import { Button, EmptyState } from "@storyloom/ui";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useStaffMutation } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterSelect } from "./filter-controls";
import { formatTime } from "./format";
import { RECONCILE_DAYS } from "./orders-rules";
import { ReasonDialog } from "./reason-dialog";

/** Problems a fix can repair (the others need a person). */
const FIXABLE = new Set<OrderDiscrepancy["problem"]>(["paid-not-credited", "refund-not-reversed"]);

/** Fix one order, with a reason. */
function FixDialog({ row, onClose, onFixed }: { row: OrderDiscrepancy; onClose: () => void; onFixed: () => void }) {
  const fix = useStaffMutation("adminReconcileFix", (d) => (d.remaining === 0 ? `Order ${d.order.id} fixed.` : `Order ${d.order.id}: ${d.remaining} problem(s) left.`));
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Fix order ${row.order_id}?`}
      description={`${row.problem}: ${row.detail}`}
      confirmLabel="Fix"
      busy={fix.isPending}
      onConfirm={(reason) => fix.mutate({ order_id: row.order_id, reason }, { onSuccess: () => (onFixed(), onClose()) })}
    />
  );
}

/** The reconciliation screen. */
export function ReconcileScreen() {
  const raw = useSearchParams().get("days");
  const days = (RECONCILE_DAYS as readonly string[]).includes(raw ?? "") ? raw! : "30";
  const [result, setResult] = useState<{ since: string; differences: OrderDiscrepancy[] } | null>(null);
  const [fixing, setFixing] = useState<OrderDiscrepancy | null>(null);
  const run = useStaffMutation("adminReconcileRun", (d) => `${d.differences.length} difference(s) found.`);
  const go = () => run.mutate({ days: Number(days) }, { onSuccess: setResult });
  const columns: Column<OrderDiscrepancy>[] = [
    { id: "order", header: "Order", cell: ({ row }) => <Link className="font-mono text-xs underline" href={`/orders/${row.original.order_id}`}>{row.original.order_id}</Link> },
    { id: "provider", header: "Provider", cell: ({ row }) => row.original.provider },
    { id: "problem", header: "Problem", cell: ({ row }) => row.original.problem },
    { id: "detail", header: "Detail", cell: ({ row }) => <span className="max-w-md">{row.original.detail}</span> },
    {
      id: "fix",
      header: "Fix",
      cell: ({ row }) =>
        FIXABLE.has(row.original.problem) ? (
          <Button size="sm" variant="secondary" onClick={() => setFixing(row.original)} aria-label={`Fix order ${row.original.order_id}`}>
            Fix
          </Button>
        ) : (
          <span className="text-xs text-muted">needs a person</span>
        ),
    },
  ];
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href="/orders">
          Orders
        </Link>
      </p>
      <h1 className="mt-1 text-lg font-semibold">Reconciliation</h1>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <FilterSelect label="Days back" name="days" value={days} options={RECONCILE_DAYS} />
        <Button size="sm" onClick={go} loading={run.isPending}>
          Run reconciliation
        </Button>
      </div>
      <Section title="Differences">
        {!result ? (
          <EmptyState title="Not run yet" description="Run it to ask the providers about every order of the period (nothing is changed until you fix a row)." />
        ) : (
          <>
            <p className="mb-2 text-xs text-muted">Orders since {formatTime(result.since)}.</p>
            <DataTable caption="Differences between providers and the ledger" columns={columns} rows={result.differences} rowId={(d) => `${d.order_id}:${d.problem}`} loading={false} error={null} onRetry={go} nextCursor={null} empty="The providers and the ledger agree." />
          </>
        )}
      </Section>
      {fixing && <FixDialog row={fixing} onClose={() => setFixing(null)} onFixed={go} />}
    </>
  );
}
