import type { StaffAction } from "@storyloom/contract";
import { staffActions, type Tx } from "@storyloom/db";
import { ApiError } from "../errors";
import type { AuthedUser } from "../auth/session";

/** One staff action as the audit log keeps it. */
export interface StaffActionRow {
  staffId: number;
  /** e.g. "review.approve", "review.reject", "story.rate", "story.unpublish", "report.hide", "user.ban" */
  action: string;
  /** "story" | "version" | "character" | "message" | "user" | "report" */
  targetKind: string;
  targetId: string;
  reason: string;
  detail?: Record<string, unknown> | null;
}

/**
 * Writes a staff action to the append-only audit log, inside the transaction that makes the change,
 * so the change and its audit row commit together or not at all.
 */
export async function recordStaffAction(tx: Tx, row: StaffActionRow): Promise<void> {
  await tx.insert(staffActions).values({ ...row, detail: row.detail ?? null });
}

/** Whether a user row is staff: a signed-in account with role admin or super_admin. */
export function isStaff(user: AuthedUser["user"]): boolean {
  return !user.isGuest && (user.role === "admin" || user.role === "super_admin");
}

/** The caller's user id when they are staff; FORBIDDEN for anyone else (enforced on every /admin route). */
export function requireStaff(caller: AuthedUser): number {
  if (!isStaff(caller.user)) throw new ApiError("FORBIDDEN", "This is for staff only");
  return caller.user.id;
}

/** The wire form of an audit row with its staff member's name. */
export function toStaffAction({ a, name }: { a: typeof staffActions.$inferSelect; name: string }): StaffAction {
  return {
    id: String(a.id),
    staff: { id: a.staffId, name },
    action: a.action,
    target_kind: a.targetKind,
    target_id: a.targetId,
    reason: a.reason,
    detail: a.detail ?? null,
    created_at: a.createdAt.toISOString(),
  };
}
