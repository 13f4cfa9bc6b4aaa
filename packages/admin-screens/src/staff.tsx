"use client";
// Staff (super admins): who has a staff role, and granting or removing admin with a reason. Super
// admins are made outside the console (SUPER_ADMIN_EMAILS or admin:grant --super).
import type { EndpointData } from "@storyloom/contract";
import { Button, dangerText, inputClass } from "@storyloom/ui";
import { useId, useState, type FormEvent } from "react";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { formatTime } from "./format";
import { ReasonDialog } from "./reason-dialog";

type Member = EndpointData<"adminStaffList">["staff"][number];
type Pending = { user_id: number; role: "admin" | "normal"; label: string };

/** The Staff screen (the API refuses it to anyone but a super admin). */
export function StaffScreen() {
  const q = useStaffQuery("adminStaffList", undefined);
  const [pending, setPending] = useState<Pending | null>(null);
  const setRole = useStaffMutation("adminStaffSetRole", (d) => `${d.user.name} is now ${d.user.role}.`);
  const columns: Column<Member>[] = [
    { id: "id", header: "Id", cell: ({ row }) => row.original.id },
    { id: "name", header: "Name", cell: ({ row }) => row.original.name },
    { id: "email", header: "E-mail", cell: ({ row }) => row.original.email ?? "—" },
    { id: "role", header: "Role", cell: ({ row }) => row.original.role },
    { id: "since", header: "Account since", cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at)}</span> },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) =>
        row.original.role === "admin" ? (
          <Button size="sm" variant="danger" onClick={() => setPending({ user_id: row.original.id, role: "normal", label: `Remove admin from ${row.original.name}` })}>
            Remove admin
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <h1 className="text-lg font-semibold">Staff</h1>
      <GrantForm onGrant={(userId) => setPending({ user_id: userId, role: "admin", label: `Make user ${userId} an admin` })} />
      <Section title="Staff members">
        <DataTable caption="Staff members" columns={columns} rows={q.data?.staff} rowId={(m) => String(m.id)} loading={q.isPending} error={q.error} onRetry={() => void q.refetch()} nextCursor={null} empty="No staff." />
      </Section>
      {pending && (
        <ReasonDialog
          open
          onClose={() => setPending(null)}
          title={pending.label}
          confirmLabel={pending.role === "admin" ? "Grant admin" : "Remove admin"}
          danger={pending.role === "normal"}
          busy={setRole.isPending}
          onConfirm={(reason) => setRole.mutate({ user_id: pending.user_id, role: pending.role, reason }, { onSuccess: () => setPending(null) })}
        />
      )}
    </>
  );
}

/** Grant admin to a player by id (found on the Players screen). */
function GrantForm({ onGrant }: { onGrant: (userId: number) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || n < 1 || n > 2_147_483_647) return setError("Type the player's id (a whole number; find it on Players).");
    setError(null);
    onGrant(n);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2 text-sm" aria-label="Grant admin">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-user`} className="font-semibold">
          Player id to make admin
        </label>
        <input id={`${id}-user`} inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} />
        {error && (
          <span id={`${id}-error`} role="alert" className={`text-xs ${dangerText}`}>
            {error}
          </span>
        )}
      </div>
      <Button type="submit" size="sm">
        Grant admin
      </Button>
    </form>
  );
}
