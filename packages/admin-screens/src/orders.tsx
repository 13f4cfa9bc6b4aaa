"use client";
// Orders: every order by status, provider, brand and creation day (all in the URL), newest first,
// paged by cursor; each links to its page (events, ledger, refund).
import type { ConsoleOrder } from "@storyloom/contract";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterForm, FilterSelect } from "./filter-controls";
import { formatCount, formatTime } from "./format";
import { formatCents, ORDER_BRANDS, ORDER_PROVIDERS, ORDER_STATUSES, orderQuery, parseOrderFilters } from "./orders-rules";

/** What an order's money column says: paid, and what was refunded or disputed of it. */
export function orderMoney(o: Pick<ConsoleOrder, "amount" | "refunded_amount" | "disputed_amount">): string {
  const parts = [formatCents(o.amount)];
  if (o.refunded_amount > 0) parts.push(`refunded ${formatCents(o.refunded_amount)}`);
  if (o.disputed_amount > 0) parts.push(`disputed ${formatCents(o.disputed_amount)}`);
  return parts.join(" · ");
}

const columns: Column<ConsoleOrder>[] = [
  { id: "id", header: "Order", cell: ({ row }) => <Link className="font-mono text-xs underline" href={`/orders/${row.original.id}`}>{row.original.id}</Link> },
  { id: "created", header: "Created", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
  { id: "player", header: "Player", cell: ({ row }) => <Link className="underline" href={`/players/${row.original.user_id}`}>{`#${row.original.user_id}`}</Link> },
  { id: "provider", header: "Provider", cell: ({ row }) => row.original.provider },
  { id: "brand", header: "Brand", cell: ({ row }) => row.original.brand ?? "unknown" },
  { id: "status", header: "Status", cell: ({ row }) => row.original.status },
  { id: "money", header: "Amount", cell: ({ row }) => <span className="whitespace-nowrap">{orderMoney(row.original)}</span> },
  { id: "coins", header: "Coins", cell: ({ row }) => `${formatCount(row.original.coins)}${row.original.reversed_coins > 0 ? ` (−${formatCount(row.original.reversed_coins)})` : ""}` },
];

/** The orders screen. */
export function OrdersScreen() {
  const filters = parseOrderFilters(useSearchParams());
  const q = useStaffQuery("adminOrderList", { ...orderQuery(filters), limit: 50 });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Orders</h1>
        <Link className="text-sm underline" href="/orders/reconcile">
          Reconciliation
        </Link>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <FilterSelect label="Status" name="status" value={filters.status ?? "all"} options={ORDER_STATUSES} />
        <FilterSelect label="Provider" name="provider" value={filters.provider ?? "all"} options={ORDER_PROVIDERS} />
        <FilterSelect label="Brand" name="brand" value={filters.brand ?? "all"} options={ORDER_BRANDS} />
        <FilterForm
          key={`${filters.from ?? ""}|${filters.to ?? ""}`}
          submitLabel="Filter"
          fields={[
            { name: "from", label: "From (day)", value: filters.from, type: "date" },
            { name: "to", label: "To (day)", value: filters.to, type: "date" },
          ]}
        />
      </div>
      <Section title="Orders">
        <DataTable
          caption="Orders"
          columns={columns}
          rows={q.data?.orders}
          rowId={(o) => o.id}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          nextCursor={q.data?.next_cursor}
          empty="No orders match."
        />
      </Section>
    </>
  );
}
