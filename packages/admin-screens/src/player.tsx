"use client";
// A player's page: profile (brand, role, status), the actions staff may take (coins, sessions, bans),
// sessions, orders, the coin ledger (paged, cursor in the URL), chats and reports. Each action asks
// for a reason, toasts its outcome and reloads the page's data.
import type { EndpointData, StaffLedgerEntry } from "@storyloom/contract";
import { Button, ErrorState, Skeleton } from "@storyloom/ui";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { formatCount, formatTime } from "./format";
import { BanDialog, CoinsDialog, RevokeDialog } from "./player-actions";
import { standing } from "./players";

type PlayerData = EndpointData<"adminPlayerGet">;
type Row<K extends keyof PlayerData> = PlayerData[K] extends (infer R)[] ? R : never;

/** The player page of user `id` (from the route). */
export function PlayerScreen({ id }: { id: string }) {
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId > 0 && userId <= 2_147_483_647;
  const q = useStaffQuery("adminPlayerGet", { user_id: userId }, valid);
  if (!valid) return <ErrorState message="That is not a player id." />;
  if (q.error) return <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton className="h-40 w-full" />;
  return <PlayerView data={q.data} />;
}

/** The loaded player page. */
function PlayerView({ data }: { data: PlayerData }) {
  const p = data.player;
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href="/players">
          Players
        </Link>
      </p>
      <h1 className="text-lg font-semibold">
        {p.name} <span className="text-muted">#{p.id}</span>
      </h1>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">E-mail</dt>
        <dd>{p.email ?? "—"}</dd>
        <dt className="text-muted">Username</dt>
        <dd>{p.username ?? "—"}</dd>
        <dt className="text-muted">Uuid</dt>
        <dd className="break-all font-mono text-xs">{p.uuid}</dd>
        <dt className="text-muted">Brand</dt>
        <dd>{p.brand ?? "unknown"}</dd>
        <dt className="text-muted">Role</dt>
        <dd>{p.role}</dd>
        <dt className="text-muted">Status</dt>
        <dd data-testid="player-status">{standing(p)}</dd>
        <dt className="text-muted">Coins</dt>
        <dd data-testid="player-coins">{formatCount(p.coins)}</dd>
        <dt className="text-muted">Invite code</dt>
        <dd>{p.invite_code ?? "—"}</dd>
        <dt className="text-muted">Adult confirmed</dt>
        <dd>{formatTime(p.adult_confirmed_at)}</dd>
        <dt className="text-muted">Joined</dt>
        <dd>{formatTime(p.created_at)}</dd>
      </dl>
      <Actions data={data} />
      <Tables data={data} />
      <Ledger userId={p.id} />
    </>
  );
}

/** The actions on a player, each in its own dialog. */
function Actions({ data }: { data: PlayerData }) {
  const p = data.player;
  const [open, setOpen] = useState<null | "coins" | "revoke" | "ban-publish" | "ban-account">(null);
  const close = () => setOpen(null);
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setOpen("coins")}>
        Grant or deduct coins
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen("revoke")}>
        Revoke sessions
      </Button>
      <Button size="sm" variant={p.publish_banned ? "secondary" : "danger"} onClick={() => setOpen("ban-publish")}>
        {p.publish_banned ? "Allow publishing" : "Ban from publishing"}
      </Button>
      <Button size="sm" variant={p.banned ? "secondary" : "danger"} onClick={() => setOpen("ban-account")}>
        {p.banned ? "Unban account" : "Ban account"}
      </Button>
      {open === "coins" && <CoinsDialog player={p} onClose={close} />}
      {open === "revoke" && <RevokeDialog player={p} onClose={close} />}
      {open === "ban-publish" && <BanDialog player={p} scope="publish" lift={p.publish_banned} onClose={close} />}
      {open === "ban-account" && <BanDialog player={p} scope="account" lift={p.banned} onClose={close} />}
    </div>
  );
}

const sessionColumns: Column<Row<"sessions">>[] = [
  { id: "id", header: "Session", cell: ({ row }) => <span className="font-mono text-xs">{row.original.id}</span> },
  { id: "created", header: "Started", cell: ({ row }) => formatTime(row.original.created_at) },
  { id: "revoked", header: "Revoked", cell: ({ row }) => (row.original.revoked_at ? `${formatTime(row.original.revoked_at)} (${row.original.revoked_reason ?? ""})` : "active") },
];
const orderColumns: Column<Row<"orders">>[] = [
  { id: "id", header: "Order", cell: ({ row }) => <span className="font-mono text-xs">{row.original.id}</span> },
  { id: "provider", header: "Provider", cell: ({ row }) => row.original.provider },
  { id: "brand", header: "Brand", cell: ({ row }) => row.original.brand ?? "unknown" },
  { id: "amount", header: "Amount (cents)", cell: ({ row }) => formatCount(row.original.amount) },
  { id: "coins", header: "Coins", cell: ({ row }) => formatCount(row.original.coins) },
  { id: "status", header: "Status", cell: ({ row }) => row.original.status },
  { id: "refunded", header: "Refunded", cell: ({ row }) => formatCount(row.original.refunded_amount) },
  { id: "created", header: "Created", cell: ({ row }) => formatTime(row.original.created_at) },
];
const reportColumns: Column<Row<"reports_sent">>[] = [
  { id: "target", header: "Target", cell: ({ row }) => `${row.original.target_kind} ${row.original.target_id}` },
  { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason },
  { id: "status", header: "Status", cell: ({ row }) => row.original.status },
  { id: "created", header: "Sent", cell: ({ row }) => formatTime(row.original.created_at) },
];

/** Sessions, orders, chats and reports: short lists the player page answers whole. */
function Tables({ data }: { data: PlayerData }) {
  const chatColumns = useMemo<Column<Row<"chats">>[]>(
    () => [
      { id: "story", header: "Story", cell: ({ row }) => <Link className="underline" href={`/players/${data.player.id}/chats/${encodeURIComponent(row.original.story_id)}`}>{row.original.title}</Link> },
      { id: "messages", header: "Messages", cell: ({ row }) => row.original.messages },
      { id: "branches", header: "Branches", cell: ({ row }) => row.original.branches },
      { id: "last", header: "Last message", cell: ({ row }) => formatTime(row.original.last_at) },
    ],
    [data.player.id],
  );
  const whole = { loading: false, error: null, onRetry: () => undefined, nextCursor: null };
  return (
    <>
      <Section title="Sessions">
        <DataTable caption="Sessions" columns={sessionColumns} rows={data.sessions} rowId={(s) => s.id} empty="No sessions." {...whole} />
      </Section>
      <Section title="Orders">
        <DataTable caption="Orders" columns={orderColumns} rows={data.orders} rowId={(o) => o.id} empty="No orders." {...whole} />
      </Section>
      <Section title="Chats">
        <DataTable caption="Chats" columns={chatColumns} rows={data.chats} rowId={(c) => c.story_id} empty="No chats." {...whole} />
      </Section>
      <Section title="Reports about this player">
        <DataTable caption="Reports about this player" columns={reportColumns} rows={data.reports_about} rowId={(r) => r.id} empty="No reports about this player." {...whole} />
      </Section>
      <Section title="Reports sent">
        <DataTable caption="Reports sent" columns={reportColumns} rows={data.reports_sent} rowId={(r) => r.id} empty="No reports sent." {...whole} />
      </Section>
    </>
  );
}

const ledgerColumns: Column<StaffLedgerEntry>[] = [
  { id: "when", header: "When", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
  { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason },
  { id: "amount", header: "Amount", cell: ({ row }) => (row.original.amount > 0 ? `+${formatCount(row.original.amount)}` : formatCount(row.original.amount)) },
  { id: "balance", header: "Balance after", cell: ({ row }) => formatCount(row.original.balance_after) },
  { id: "meta", header: "Detail", cell: ({ row }) => <span className="line-clamp-2 max-w-sm font-mono text-xs">{row.original.meta ? JSON.stringify(row.original.meta) : ""}</span> },
];

/** The coin ledger, newest first, paged by the cursor in the URL. */
function Ledger({ userId }: { userId: number }) {
  const cursor = useSearchParams().get("cursor") ?? undefined;
  const valid = cursor === undefined || /^[1-9][0-9]{0,17}$/.test(cursor);
  const q = useStaffQuery("adminPlayerLedger", { user_id: userId, cursor: valid ? cursor : undefined, limit: 50 });
  return (
    <Section title="Coin ledger">
      <DataTable
        caption="Coin ledger"
        columns={ledgerColumns}
        rows={q.data?.entries}
        rowId={(e) => e.id}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        nextCursor={q.data?.next_cursor}
        empty="No coin movements."
      />
    </Section>
  );
}
