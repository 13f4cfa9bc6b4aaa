"use client";
// The dialogs of a player's page: coins (grant or deduct, with an idempotency key made when the dialog
// opens, so a double click or a retry credits once), revoking sessions, and bans.
import type { PlayerSummary } from "@storyloom/contract";
import { useId, useState } from "react";
import { useStaffMutation } from "./console-provider";
import { formatCount } from "./format";
import { ReasonDialog } from "./reason-dialog";
import { checkCoinAmount, newIdempotencyKey } from "./rules";

type Player = Pick<PlayerSummary, "id" | "name" | "coins">;

/** Grant or deduct coins: direction, amount and a reason; one key for every attempt of this dialog. */
export function CoinsDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const id = useId();
  const [key] = useState(() => newIdempotencyKey());
  const [direction, setDirection] = useState<"grant" | "deduct">("grant");
  const [amount, setAmount] = useState("");
  const adjust = useStaffMutation("adminCoinsAdjust", (d) =>
    d.applied ? `Coins ${d.entry.amount > 0 ? "granted" : "deducted"}: ${formatCount(Math.abs(d.entry.amount))}. Balance ${formatCount(d.balance)}.` : `Already applied. Balance ${formatCount(d.balance)}.`,
  );
  const checked = checkCoinAmount(amount, direction);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Coins for ${player.name}`}
      description={`Balance now: ${formatCount(player.coins)}. A deduction never takes the balance below 0.`}
      confirmLabel={direction === "grant" ? "Grant coins" : "Deduct coins"}
      danger={direction === "deduct"}
      busy={adjust.isPending}
      check={() => (checked.ok ? null : checked.error)}
      onConfirm={(reason) => checked.ok && adjust.mutate({ user_id: player.id, amount: checked.value, reason, idempotency_key: key }, { onSuccess: onClose })}
      extra={
        <>
          <fieldset className="flex gap-4 text-sm">
            <legend className="mb-1 font-semibold">Direction</legend>
            {(["grant", "deduct"] as const).map((d) => (
              <label key={d} className="flex items-center gap-1">
                <input type="radio" name={`${id}-direction`} value={d} checked={direction === d} onChange={() => setDirection(d)} />
                {d === "grant" ? "Grant" : "Deduct"}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-amount`} className="text-sm font-semibold">
            Amount (coins)
          </label>
          <input id={`${id}-amount`} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} className="rounded border border-line bg-surface-2 px-2 py-1" />
        </>
      }
    />
  );
}

/** Revoke every session of the player (they must sign in again). */
export function RevokeDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const revoke = useStaffMutation("adminSessionsRevoke", (d) => `${d.revoked} session(s) revoked.`);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Revoke ${player.name}'s sessions?`}
      description="Every device of the player is signed out."
      confirmLabel="Revoke sessions"
      danger
      busy={revoke.isPending}
      onConfirm={(reason) => revoke.mutate({ user_id: player.id, reason }, { onSuccess: onClose })}
    />
  );
}

/** Ban or unban: publishing only, or the whole account. */
export function BanDialog({ player, scope, lift, onClose }: { player: Player; scope: "publish" | "account"; lift: boolean; onClose: () => void }) {
  const done = (verb: string) => () => `${player.name} ${verb} (${scope}).`;
  const ban = useStaffMutation("adminUserBan", done("banned"));
  const unban = useStaffMutation("adminUserUnban", done("unbanned"));
  const action = lift ? unban : ban;
  const what = scope === "publish" ? "from publishing stories" : "from the whole account";
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={lift ? `Lift ${player.name}'s ban ${what}?` : `Ban ${player.name} ${what}?`}
      confirmLabel={lift ? "Unban" : "Ban"}
      danger={!lift}
      busy={action.isPending}
      onConfirm={(reason) => action.mutate({ user_id: player.id, scope, reason }, { onSuccess: onClose })}
    />
  );
}
