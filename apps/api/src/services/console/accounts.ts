import { and, count, eq, isNull } from "drizzle-orm";
import type { EndpointData, EndpointParsedInput } from "@storyloom/contract";
import { coinLedger, sessions, users, type Db, type Tx } from "@storyloom/db";
import type { AuthedUser } from "../../auth/session";
import { ApiError, notFound } from "../../errors";
import { recordStaffAction } from "../audit";
import { applyLedger } from "../ledger";
import { revokeUserSessions } from "../sessions";
import { ledgerEntry, staffMember } from "./players";

type Staff = AuthedUser["user"];
type UserRow = typeof users.$inferSelect;

/** The ledger reason of every staff grant or deduction. */
export const STAFF_ADJUSTMENT = "staff-adjustment";

const conflict = (message: string) => new ApiError("CONFLICT", message);

/** The account staff act on, locked; NOT_FOUND when there is none. */
async function lockUser(tx: Tx, id: number): Promise<UserRow> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!u) throw notFound(`No user with id ${id}`);
  return u;
}

/** Refuses an account that no longer holds anything: merged into another, or deleted by its owner. */
function requireOpenAccount(u: UserRow): void {
  if (u.mergedInto !== null) throw conflict(`This guest was merged into account ${u.mergedInto}; act on that account`);
  if (u.deletedAt !== null) throw conflict("This account was deleted by its owner");
}

/** The ledger key of a staff adjustment: the client's key in a namespace of its own. */
const adjustmentKey = (clientKey: string) => `${STAFF_ADJUSTMENT}:${clientKey}`;

/** Moves the coins through the ledger; a deduction the balance does not cover is a CONFLICT naming the balance. */
async function moveCoins(tx: Tx, staff: Staff, input: EndpointParsedInput<"adminCoinsAdjust">) {
  try {
    return await applyLedger(tx, {
      userId: input.user_id,
      amount: input.amount,
      reason: STAFF_ADJUSTMENT,
      idempotencyKey: adjustmentKey(input.idempotency_key),
      meta: { staff_id: staff.id, reason: input.reason },
    });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "INSUFFICIENT_COINS") throw err;
    const balance = Number(err.data?.balance ?? 0);
    throw new ApiError("CONFLICT", `The player only has ${balance} coins: deducting ${-input.amount} would take the balance below 0`, { balance });
  }
}

/**
 * Grants (amount > 0) or deducts (amount < 0) coins: one ledger row of reason "staff-adjustment"
 * (meta: staff id and reason), written by the ledger's one statement, and its audit row commit
 * together. The client's idempotency key makes a repeat change nothing (answered `applied: false`);
 * the same key for another player or amount is a CONFLICT. A deduction never takes the balance below 0.
 */
export function adjustCoins(db: Db, staff: Staff, input: EndpointParsedInput<"adminCoinsAdjust">): Promise<EndpointData<"adminCoinsAdjust">> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, input.user_id));
    if (!u) throw notFound(`No user with id ${input.user_id}`);
    if (u.id === staff.id) throw new ApiError("FORBIDDEN", "You cannot adjust your own coins");
    requireOpenAccount(u);
    const outcome = await moveCoins(tx, staff, input);
    const [row] = await tx.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, adjustmentKey(input.idempotency_key)));
    if (!row) throw new Error(`staff adjustment ${input.idempotency_key} has no ledger row`);
    if (!outcome.applied) {
      if (row.userId !== input.user_id || row.amount !== input.amount) throw conflict("This idempotency key was used for another adjustment (another player or amount)");
      return { applied: false, balance: outcome.balance, entry: ledgerEntry(row) };
    }
    await recordStaffAction(tx, {
      staffId: staff.id,
      action: input.amount > 0 ? "coins.grant" : "coins.deduct",
      targetKind: "user",
      targetId: String(input.user_id),
      reason: input.reason,
      detail: { amount: input.amount, balance_after: outcome.balance, ledger_id: String(row.id), idempotency_key: input.idempotency_key },
    });
    return { applied: true, balance: outcome.balance, entry: ledgerEntry(row) };
  });
}

/** Ends every live session of a player (they must sign in again); CONFLICT when none is live. Audited. */
export function revokeSessions(db: Db, staff: Staff, input: EndpointParsedInput<"adminSessionsRevoke">): Promise<EndpointData<"adminSessionsRevoke">> {
  return db.transaction(async (tx) => {
    const u = await lockUser(tx, input.user_id);
    if (u.role === "super_admin" && staff.role !== "super_admin") throw new ApiError("FORBIDDEN", "Only a super admin can end a super admin's sessions");
    const [live] = await tx.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
    const revoked = Number(live?.n ?? 0);
    if (revoked === 0) throw conflict("The player has no live sessions");
    await revokeUserSessions(tx, u.id, "staff");
    await recordStaffAction(tx, { staffId: staff.id, action: "user.sessions_revoke", targetKind: "user", targetId: String(u.id), reason: input.reason, detail: { sessions: revoked } });
    return { revoked };
  });
}

/**
 * Makes a signed-in account an admin, or takes the role away (role "normal"). Super admins only
 * (the route checks). Nobody changes their own role, and a super admin's role is not changed here.
 */
export function setStaffRole(db: Db, staff: Staff, input: EndpointParsedInput<"adminStaffSetRole">): Promise<EndpointData<"adminStaffSetRole">> {
  return db.transaction(async (tx) => {
    const u = await lockUser(tx, input.user_id);
    if (u.id === staff.id) throw new ApiError("FORBIDDEN", "You cannot change your own role");
    if (u.role === "super_admin") throw new ApiError("FORBIDDEN", "A super admin's role cannot be changed here");
    requireOpenAccount(u);
    if (u.isGuest) throw conflict("A guest cannot be staff: the player must sign in with an e-mail first");
    if (input.role === "admin" && u.status !== "normal") throw conflict("This account is disabled (banned); lift the ban first");
    if (u.role === input.role) throw conflict(input.role === "admin" ? "This account is already an admin" : "This account is not staff");
    const [fresh] = await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, u.id)).returning();
    await recordStaffAction(tx, {
      staffId: staff.id,
      action: input.role === "admin" ? "staff.grant" : "staff.remove",
      targetKind: "user",
      targetId: String(u.id),
      reason: input.reason,
      detail: { from: u.role, to: input.role },
    });
    return { user: staffMember(fresh!) };
  });
}
