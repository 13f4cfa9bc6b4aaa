import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { EndpointData, EndpointParsedInput, ReportReason, ReportTargetKind } from "@storyloom/contract";
import { chatMessages, coinLedger, orders, reports, sessions, stories, users, type Db } from "@storyloom/db";
import { notFound } from "../../errors";

type UserRow = typeof users.$inferSelect;
type PlayerSummary = EndpointData<"adminPlayerSearch">["players"][number];
type Detail = EndpointData<"adminPlayerGet">;

/** Most sessions, orders, reports and chats the player detail lists of each (newest first). */
export const DETAIL_LIMIT = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** The text of a LIKE prefix pattern that matches `s` literally (PostgreSQL's default escape is \). */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A keyset page: `limit` rows of `rows` (read with one more) and the cursor of the next page. */
export function page<T extends { id: number | string }>(rows: T[], limit: number): { rows: T[]; next: string | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { rows: shown, next: more ? String(shown[shown.length - 1]!.id) : null };
}

/** A user row as the console lists it. */
export function playerSummary(u: UserRow): PlayerSummary {
  return {
    id: u.id,
    uuid: u.uuid,
    name: u.name,
    username: u.username,
    email: u.email,
    role: u.role,
    status: u.status,
    is_guest: u.isGuest,
    coins: u.coins,
    invite_code: u.inviteCode,
    brand: u.brand ?? null,
    banned: u.bannedAt !== null,
    publish_banned: u.publishBannedAt !== null,
    deleted: u.deletedAt !== null,
    merged_into: u.mergedInto,
    created_at: u.createdAt.toISOString(),
  };
}

/** Which users a search text names: e-mail or username (exact or prefix, any case), invite code, uuid or id (exact). */
function matching(q: string): SQL {
  const prefix = likePrefix(q.toLowerCase());
  const parts: SQL[] = [sql`lower(${users.email}) like ${prefix}`, sql`lower(${users.username}) like ${prefix}`, sql`${users.inviteCode} = ${q}`];
  if (UUID.test(q)) parts.push(sql`${users.uuid} = ${q.toLowerCase()}::uuid`);
  if (/^[1-9][0-9]{0,8}$/.test(q)) parts.push(eq(users.id, Number(q)));
  return or(...parts)!;
}

/** Players a search text names, newest first, paged by id. */
export async function searchPlayers(db: Db, input: EndpointParsedInput<"adminPlayerSearch">): Promise<EndpointData<"adminPlayerSearch">> {
  const where = and(matching(input.q), input.cursor ? lt(users.id, Number(input.cursor)) : undefined);
  const rows = await db.select().from(users).where(where).orderBy(desc(users.id)).limit(input.limit + 1);
  const { rows: shown, next } = page(rows, input.limit);
  return { players: shown.map(playerSummary), next_cursor: next };
}

/** A user row; NOT_FOUND when there is none. */
export async function playerRow(db: Db, id: number): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound(`No user with id ${id}`);
  return u;
}

async function playerSessions(db: Db, userId: number): Promise<Detail["sessions"]> {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(DETAIL_LIMIT);
  return rows.map((s) => ({ id: s.id, created_at: s.createdAt.toISOString(), revoked_at: iso(s.revokedAt), revoked_reason: s.revokedReason }));
}

async function playerOrders(db: Db, userId: number): Promise<Detail["orders"]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(DETAIL_LIMIT);
  return rows.map((o) => ({
    id: o.id,
    provider: o.provider,
    price_id: o.priceId,
    amount: o.amount,
    coins: o.coins,
    status: o.status,
    refunded_amount: o.refundedAmount,
    disputed_amount: o.disputedAmount,
    reversed_coins: o.reversedCoins,
    brand: o.brand ?? null,
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
  }));
}

async function reportsWhere(db: Db, where: SQL | undefined): Promise<Detail["reports_sent"]> {
  const rows = await db.select().from(reports).where(where).orderBy(desc(reports.id)).limit(DETAIL_LIMIT);
  return rows.map((r) => ({
    id: String(r.id),
    reporter_id: r.reporterId,
    target_kind: r.targetKind as ReportTargetKind,
    target_id: r.targetId,
    story_id: r.storyId,
    reason: r.reason as ReportReason,
    details: r.details,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Reports of what the player made: their stories (and those stories' characters), and their chat messages. */
function reportsAbout(userId: number): SQL {
  return or(
    sql`${reports.storyId} in (select id from stories where author_id = ${userId})`,
    sql`${reports.targetKind} = 'message' and ${reports.targetId} in (select id::text from chat_messages where user_id = ${userId} and role = 'user')`,
  )!;
}

/** The player's chats: one per story, with how many messages it has and when the last was written. */
async function playerChats(db: Db, userId: number): Promise<Detail["chats"]> {
  const rows = await db
    .select({ storyId: chatMessages.storyId, title: stories.title, messages: sql<number>`count(*)::int`, lastAt: sql<string>`max(${chatMessages.createdAt})` })
    .from(chatMessages)
    .innerJoin(stories, eq(stories.id, chatMessages.storyId))
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.pending, false)))
    .groupBy(chatMessages.storyId, stories.title)
    .orderBy(sql`max(${chatMessages.createdAt}) desc`)
    .limit(DETAIL_LIMIT);
  return rows.map((r) => ({ story_id: r.storyId, title: r.title, messages: Number(r.messages), last_at: new Date(r.lastAt).toISOString() }));
}

/** Everything the console shows of one player: profile, sessions, orders, reports sent and about them, chats. */
export async function playerDetail(db: Db, input: EndpointParsedInput<"adminPlayerGet">): Promise<Detail> {
  const u = await playerRow(db, input.user_id);
  return {
    player: { ...playerSummary(u), adult_confirmed_at: iso(u.adultConfirmedAt), invited_by: u.invitedBy },
    sessions: await playerSessions(db, u.id),
    orders: await playerOrders(db, u.id),
    reports_sent: await reportsWhere(db, eq(reports.reporterId, u.id)),
    reports_about: await reportsWhere(db, reportsAbout(u.id)),
    chats: await playerChats(db, u.id),
  };
}

/** A player's coin ledger, newest first, paged by entry id. */
export async function playerLedger(db: Db, input: EndpointParsedInput<"adminPlayerLedger">): Promise<EndpointData<"adminPlayerLedger">> {
  await playerRow(db, input.user_id);
  const rows = await db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, input.user_id), input.cursor ? lt(coinLedger.id, Number(input.cursor)) : undefined))
    .orderBy(desc(coinLedger.id))
    .limit(input.limit + 1);
  const { rows: shown, next } = page(rows, input.limit);
  return { entries: shown.map(ledgerEntry), next_cursor: next };
}

/** A ledger row as staff see it. */
export function ledgerEntry(e: typeof coinLedger.$inferSelect): EndpointData<"adminPlayerLedger">["entries"][number] {
  return { id: String(e.id), reason: e.reason, amount: e.amount, balance_after: e.balanceAfter, meta: e.meta ?? null, created_at: e.createdAt.toISOString() };
}

/** One of a player's chats, read-only, newest message first, paged by message id (replies still being written are left out). */
export async function playerChat(db: Db, input: EndpointParsedInput<"adminPlayerChat">): Promise<EndpointData<"adminPlayerChat">> {
  await playerRow(db, input.user_id);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, input.user_id),
        eq(chatMessages.storyId, input.story_id),
        eq(chatMessages.pending, false),
        input.cursor ? lt(chatMessages.id, Number(input.cursor)) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(input.limit + 1);
  const { rows: shown, next } = page(rows, input.limit);
  return {
    messages: shown.map((m) => ({
      id: String(m.id),
      role: m.role,
      actor_id: m.actorId,
      content: m.content,
      source: m.source,
      removed: m.removedAt !== null,
      created_at: m.createdAt.toISOString(),
    })),
    next_cursor: next,
  };
}

/** Staff members (admins and super admins), oldest first. */
export async function staffMembers(db: Db): Promise<EndpointData<"adminStaffList">> {
  const rows = await db.select().from(users).where(and(inArray(users.role, ["admin", "super_admin"]), isNull(users.mergedInto))).orderBy(users.id);
  return { staff: rows.map(staffMember) };
}

/** A user row as the staff list shows it. */
export function staffMember(u: UserRow): EndpointData<"adminStaffList">["staff"][number] {
  return { id: u.id, name: u.name, email: u.email, role: u.role, created_at: u.createdAt.toISOString() };
}
