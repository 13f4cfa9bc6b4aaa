import { and, desc, eq, gte, lt, lte } from "drizzle-orm";
import type { EndpointData, EndpointParsedInput } from "@storyloom/contract";
import { staffActions, users, type Db } from "@storyloom/db";
import { toStaffAction } from "../audit";
import { page } from "./players";

/**
 * The audit log, newest first, paged by id: every staff action, filtered by staff member, action,
 * target kind and id, and a date range (inclusive).
 */
export async function auditLog(db: Db, input: EndpointParsedInput<"adminAuditList">): Promise<EndpointData<"adminAuditList">> {
  const where = and(
    input.staff_id ? eq(staffActions.staffId, input.staff_id) : undefined,
    input.action ? eq(staffActions.action, input.action) : undefined,
    input.target_kind ? eq(staffActions.targetKind, input.target_kind) : undefined,
    input.target_id ? eq(staffActions.targetId, input.target_id) : undefined,
    input.from ? gte(staffActions.createdAt, new Date(input.from)) : undefined,
    input.to ? lte(staffActions.createdAt, new Date(input.to)) : undefined,
    input.cursor ? lt(staffActions.id, Number(input.cursor)) : undefined,
  );
  const rows = await db
    .select({ a: staffActions, name: users.name })
    .from(staffActions)
    .innerJoin(users, eq(users.id, staffActions.staffId))
    .where(where)
    .orderBy(desc(staffActions.id))
    .limit(input.limit + 1);
  const { rows: shown, next } = page(
    rows.map((r) => ({ ...r, id: r.a.id })),
    input.limit,
  );
  return {
    actions: shown.map(toStaffAction),
    next_cursor: next,
  };
}
