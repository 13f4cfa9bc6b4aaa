"use client";
// Players: search by e-mail, uuid, username or invite code (the query in the URL, `?q=`), results in
// a table linking to each player's page.
import type { PlayerSummary } from "@storyloom/contract";
import { EmptyState } from "@storyloom/ui";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterForm } from "./filter-controls";
import { parsePlayerSearch } from "./filters";
import { formatCount, formatTime } from "./format";

/** A player's standing in one word or two: banned, publish-banned, deleted, merged, or their status. */
export function standing(p: Pick<PlayerSummary, "banned" | "publish_banned" | "deleted" | "merged_into" | "status">): string {
  const marks = [p.deleted && "deleted", p.banned && "banned", p.publish_banned && "publish-banned", p.merged_into !== null && `merged into #${p.merged_into}`].filter(Boolean);
  return marks.length > 0 ? marks.join(", ") : p.status;
}

const columns: Column<PlayerSummary>[] = [
  { id: "id", header: "Id", cell: ({ row }) => <Link className="underline" href={`/players/${row.original.id}`}>{`#${row.original.id}`}</Link> },
  { id: "name", header: "Name", cell: ({ row }) => `${row.original.name}${row.original.username ? ` (@${row.original.username})` : ""}` },
  { id: "email", header: "E-mail", cell: ({ row }) => row.original.email ?? (row.original.is_guest ? "guest" : "—") },
  { id: "brand", header: "Brand", cell: ({ row }) => row.original.brand ?? "unknown" },
  { id: "role", header: "Role", cell: ({ row }) => row.original.role },
  { id: "status", header: "Status", cell: ({ row }) => standing(row.original) },
  { id: "coins", header: "Coins", cell: ({ row }) => formatCount(row.original.coins) },
  { id: "created", header: "Joined", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
];

/** The player search screen. */
export function PlayersScreen() {
  const { q, cursor } = parsePlayerSearch(useSearchParams());
  const query = useStaffQuery("adminPlayerSearch", q ? { q, cursor, limit: 50 } : undefined, Boolean(q));
  const cols = useMemo(() => columns, []);
  return (
    <>
      <h1 className="text-lg font-semibold">Players</h1>
      <div className="mt-3">
        <FilterForm key={q ?? ""} submitLabel="Search" fields={[{ name: "q", label: "E-mail, uuid, username or invite code", value: q, type: "search" }]} />
      </div>
      <Section title="Results">
        {!q ? (
          <EmptyState title="Search for a player" description="Type an e-mail address, a uuid, a username or an invite code." />
        ) : (
          <DataTable
            caption={`Players matching ${q}`}
            columns={cols}
            rows={query.data?.players}
            rowId={(p) => String(p.id)}
            loading={query.isPending}
            error={query.error}
            onRetry={() => void query.refetch()}
            nextCursor={query.data?.next_cursor}
            empty={`No player matches “${q}”.`}
          />
        )}
      </Section>
    </>
  );
}
