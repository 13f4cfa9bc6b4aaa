"use client";
// One order: its state, its provider events, its ledger rows and reversals, and (a paid Stripe order
// not fully refunded) the Refund dialog. The refund goes to Stripe; the coins come back when Stripe's
// charge.refunded webhook arrives, which the page shows once it reloads.
import type { ConsoleOrder, OrderEvent, StaffLedgerEntry } from "@storyloom/contract";
import { Button, ErrorState, Skeleton } from "@storyloom/ui";
import Link from "next/link";
import { useId, useState, type ReactNode } from "react";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { formatCount, formatTime } from "./format";
import { orderMoney } from "./orders";
import { checkRefundAmount, formatCents } from "./orders-rules";
import { ReasonDialog } from "./reason-dialog";

const eventColumns: Column<OrderEvent>[] = [
  { id: "received", header: "Received", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.received_at)}</span> },
  { id: "type", header: "Type", cell: ({ row }) => <span className="font-mono text-xs">{row.original.type}</span> },
  { id: "status", header: "Status", cell: ({ row }) => row.original.status },
  { id: "deliveries", header: "Deliveries", cell: ({ row }) => row.original.deliveries },
  { id: "outcome", header: "Outcome", cell: ({ row }) => <span className="line-clamp-2 max-w-sm font-mono text-xs">{row.original.error ?? JSON.stringify(row.original.outcome ?? null)}</span> },
  { id: "id", header: "Event id", cell: ({ row }) => <span className="font-mono text-xs">{row.original.id}</span> },
];

const ledgerColumns: Column<StaffLedgerEntry>[] = [
  { id: "when", header: "When", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
  { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason },
  { id: "amount", header: "Coins", cell: ({ row }) => formatCount(row.original.amount) },
  { id: "after", header: "Balance after", cell: ({ row }) => formatCount(row.original.balance_after) },
];

/** The order's facts as a definition list. */
function OrderFacts({ order, player }: { order: ConsoleOrder; player: { id: number; name: string; email: string | null; coins: number } }) {
  const facts: [string, ReactNode][] = [
    ["Status", <span key="s" data-testid="order-status">{order.status}</span>],
    ["Provider", order.provider],
    ["Brand", order.brand ?? "unknown"],
    ["Amount", <span key="m" data-testid="order-money">{orderMoney(order)}</span>],
    ["Coins", `${formatCount(order.coins)} (taken back ${formatCount(order.reversed_coins)}${order.coin_shortfall > 0 ? `, ${formatCount(order.coin_shortfall)} not covered` : ""})`],
    ["Player", <Link key="p" className="underline" href={`/players/${player.id}`}>{`${player.name || "#" + player.id} · ${player.email ?? "no e-mail"} · ${formatCount(player.coins)} coins`}</Link>],
    ["Created", formatTime(order.created_at)],
    ["Paid", formatTime(order.paid_at)],
    ["Provider ref", <span key="r" className="font-mono text-xs">{order.provider_ref ?? "—"}</span>],
  ];
  return (
    <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Refund a Stripe order: amount in dollars (default what is left) and a reason. */
function RefundDialog({ order, onClose }: { order: ConsoleOrder; onClose: () => void }) {
  const id = useId();
  const [amount, setAmount] = useState((order.refundable / 100).toFixed(2));
  const refund = useStaffMutation("adminOrderRefund", (d) => `Refunded ${formatCents(d.refund.amount)} at Stripe (${d.refund.id}). ${formatCount(d.order.reversed_coins)} coins taken back so far.`);
  const checked = checkRefundAmount(amount, order.refundable);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Refund order ${order.id}?`}
      description={`Paid ${formatCents(order.amount)}, refunded ${formatCents(order.refunded_amount)}: up to ${formatCents(order.refundable)} can be refunded. Stripe's webhook then takes the coins back in proportion.`}
      confirmLabel="Refund"
      danger
      busy={refund.isPending}
      check={() => (checked.ok ? null : checked.error)}
      onConfirm={(reason) => checked.ok && refund.mutate({ order_id: order.id, amount: checked.value, reason }, { onSuccess: onClose })}
      extra={
        <>
          <label htmlFor={`${id}-amount`} className="text-sm font-semibold">
            Amount (US dollars)
          </label>
          <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className="rounded border border-line bg-surface-2 px-2 py-1" />
        </>
      }
    />
  );
}

/** An order's page. */
export function OrderScreen({ id }: { id: string }) {
  const q = useStaffQuery("adminOrderGet", { order_id: id });
  const [refunding, setRefunding] = useState(false);
  if (q.error) return <ErrorState message={q.error.message || "The order could not be loaded."} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-40 w-full" />;
  const { order, player, events, ledger } = q.data;
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href="/orders">
          Orders
        </Link>
      </p>
      <h1 className="mt-1 text-lg font-semibold">
        Order <span className="font-mono">{order.id}</span>
      </h1>
      <OrderFacts order={order} player={player} />
      <div className="mt-3">
        {order.refund_blocked ? (
          <p className="text-sm text-muted" data-testid="refund-blocked">
            No refund: {order.refund_blocked}.
          </p>
        ) : (
          <Button size="sm" variant="danger" onClick={() => setRefunding(true)}>
            Refund…
          </Button>
        )}
      </div>
      {refunding && <RefundDialog order={order} onClose={() => setRefunding(false)} />}
      <Section title="Provider events">
        <DataTable caption="Provider events" columns={eventColumns} rows={events} rowId={(e) => `${e.provider}:${e.id}`} loading={false} error={null} onRetry={() => undefined} nextCursor={null} empty="No provider event names this order." />
      </Section>
      <Section title="Ledger">
        <DataTable caption="Ledger rows of this order" columns={ledgerColumns} rows={ledger} rowId={(e) => e.id} loading={false} error={null} onRetry={() => undefined} nextCursor={null} empty="No coins moved for this order." />
      </Section>
    </>
  );
}
