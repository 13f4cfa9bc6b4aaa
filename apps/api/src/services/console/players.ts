import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { EndpointData, EndpointParsedInput, ReportReason, ReportTargetKind } from "@storyloom/contract";
import { chatMessages, coinLedger, orders, reports, rowsOf, sessions, stories, users, type Db } from "@storyloom/db";
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

/**
 * The player's chats: one per story, with how many messages it has (each once: a fork's copies of
 * the turns before it are not counted again), how many branches, and when the last was written.
 */
async function playerChats(db: Db, userId: number): Promise<Detail["chats"]> {
  const rows = await db
    .select({
      storyId: chatMessages.storyId,
      title: stories.title,
      messages: sql<number>`count(distinct coalesce(${chatMessages.originId}, ${chatMessages.id}))::int`,
      branches: sql<number>`greatest((select count(*) from chat_branches b where b.user_id = ${userId} and b.story_id = ${chatMessages.storyId}), 1)::int`,
      lastAt: sql<string>`max(${chatMessages.createdAt})`,
    })
    .from(chatMessages)
    .innerJoin(stories, eq(stories.id, chatMessages.storyId))
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.pending, false)))
    .groupBy(chatMessages.storyId, stories.title)
    .orderBy(sql`max(${chatMessages.createdAt}) desc`)
    .limit(DETAIL_LIMIT);
  return rows.map((r) => ({ story_id: r.storyId, title: r.title, messages: Number(r.messages), branches: Number(r.branches), last_at: new Date(r.lastAt).toISOString() }));
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

/** Most branches the transcript lists (a chat forks at most MAX_BRANCHES times; merged guest chats add theirs). */
export const LISTED_BRANCHES = 200;

type StaffBranch = EndpointData<"adminPlayerChat">["branches"][number];
interface BranchRow {
  id: number;
  parent_id: number | null;
  fork_origin: number | null;
  active: boolean;
  created_at: string | Date;
  messages: number;
}

/** The rows of branch `b`: the shown one's are the chat's unparked rows (the newest carry no branch id yet), another's its parked rows. */
const onBranch = (b: { id: number; active: boolean }): SQL =>
  b.active ? eq(chatMessages.parked, false) : and(eq(chatMessages.parked, true), eq(chatMessages.branchId, b.id))!;

/**
 * The branches of a player's chat of a story, oldest first, each with its messages counted. A chat
 * that never forked is one branch, "0" (none when it has no message either).
 */
async function chatBranchList(db: Db, userId: number, storyId: string): Promise<StaffBranch[]> {
  const rows = rowsOf<BranchRow>(
    await db.execute(sql`select b.id, b.parent_id, b.fork_origin, b.active, b.created_at,
      (select count(*) from chat_messages m where m.user_id = b.user_id and m.story_id = b.story_id and not m.pending
        and (case when b.active then not m.parked else m.parked and m.branch_id = b.id end))::int as messages
      from chat_branches b where b.user_id = ${userId} and b.story_id = ${storyId} order by b.id limit ${LISTED_BRANCHES}`),
  );
  if (rows.length)
    return rows.map((r) => ({
      id: String(r.id),
      parent_id: r.parent_id === null ? null : String(r.parent_id),
      fork_message_id: r.fork_origin === null ? null : String(r.fork_origin),
      messages: Number(r.messages),
      shown: Boolean(r.active),
      created_at: new Date(r.created_at).toISOString(),
    }));
  const [one] = rowsOf<{ n: number; first: string | Date | null }>(
    await db.execute(sql`select count(*)::int as n, min(created_at) as first from chat_messages where user_id = ${userId} and story_id = ${storyId} and not pending`),
  );
  if (!one || Number(one.n) === 0) return [];
  return [{ id: "0", parent_id: null, fork_message_id: null, messages: Number(one.n), shown: true, created_at: new Date(one.first!).toISOString() }];
}

/**
 * The branch the transcript reads: the one holding message `messageId` (a reported message, shown or
 * parked), else `branchId`, else the one the player sees. NOT_FOUND for a message or branch not of this chat.
 */
async function transcriptBranch(db: Db, userId: number, storyId: string, input: { branch_id?: string; message_id?: string }): Promise<{ id: number; active: boolean }> {
  const [shown] = rowsOf<{ id: number }>(await db.execute(sql`select id from chat_branches where user_id = ${userId} and story_id = ${storyId} and active`));
  const visible = { id: shown ? Number(shown.id) : 0, active: true };
  if (input.message_id) {
    const [m] = await db
      .select({ parked: chatMessages.parked, branchId: chatMessages.branchId, pending: chatMessages.pending })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, Number(input.message_id)), eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId)));
    if (!m || m.pending) throw notFound(`No message ${input.message_id} in this chat`);
    return m.parked ? { id: Number(m.branchId), active: false } : visible;
  }
  if (input.branch_id === undefined || input.branch_id === String(visible.id)) return visible;
  const [b] = rowsOf<{ id: number; active: boolean }>(
    await db.execute(sql`select id, active from chat_branches where id = ${Number(input.branch_id)} and user_id = ${userId} and story_id = ${storyId}`),
  );
  if (!b) throw notFound(`No branch ${input.branch_id} in this chat`);
  return { id: Number(b.id), active: Boolean(b.active) };
}

/** How many newer messages a transcript opened at a looked-up message shows above it. */
const MESSAGE_CONTEXT = 5;

/**
 * One of a player's chats, read-only: one branch of it (the one the player sees unless the input
 * names another, or a message on one), newest message first, paged by message id (replies still
 * being written are left out), with every branch of the chat listed. Each message says its branch,
 * whether the player sees it and, for a fork's copy of an earlier turn, the message it copies. A
 * looked-up message opens the page holding it, up to five newer messages above it.
 */
export async function playerChat(db: Db, input: EndpointParsedInput<"adminPlayerChat">): Promise<EndpointData<"adminPlayerChat">> {
  await playerRow(db, input.user_id);
  const branch = await transcriptBranch(db, input.user_id, input.story_id, input);
  const mine = and(eq(chatMessages.userId, input.user_id), eq(chatMessages.storyId, input.story_id), eq(chatMessages.pending, false), onBranch(branch));
  // A looked-up message (a reported one, deep in a long chat) opens the page that holds it: the page
  // starts a few messages newer than it, so what answered it shows too. Paging on (a cursor) reads on.
  let upTo: number | null = null;
  if (input.message_id && !input.cursor) {
    const sought = Number(input.message_id);
    const after = Math.min(MESSAGE_CONTEXT, Math.floor((input.limit - 1) / 2));
    const newer = after === 0 ? [] : await db.select({ id: chatMessages.id }).from(chatMessages).where(and(mine, gt(chatMessages.id, sought))).orderBy(asc(chatMessages.id)).limit(after);
    upTo = newer.at(-1)?.id ?? sought;
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(mine, input.cursor ? lt(chatMessages.id, Number(input.cursor)) : undefined, upTo !== null ? lte(chatMessages.id, upTo) : undefined),
    )
    .orderBy(desc(chatMessages.id))
    .limit(input.limit + 1);
  const { rows: shown, next } = page(rows, input.limit);
  return {
    branch_id: String(branch.id),
    branches: await chatBranchList(db, input.user_id, input.story_id),
    messages: shown.map((m) => ({
      id: String(m.id),
      role: m.role,
      actor_id: m.actorId,
      content: m.content,
      source: m.source,
      removed: m.removedAt !== null,
      created_at: m.createdAt.toISOString(),
      branch_id: String(branch.id),
      shown: branch.active,
      copy_of: m.originId === null ? null : String(m.originId),
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
