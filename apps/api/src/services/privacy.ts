import { randomInt } from "node:crypto";
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { CODE_MAX_ATTEMPTS, CODE_RESEND_S, CODE_TTL_S } from "@storyloom/contract";
import { accountDeletions, rowsOf, subscriptions, users, verificationCodes, type Db, type Tx } from "@storyloom/db";
import type { AppContext } from "../context";
import type { AuthedUser } from "../auth/session";
import { hashCode, sameDigest } from "../auth/tokens";
import { ApiError } from "../errors";
import { deletionCodeMail } from "../outbox/mail";
import { invalidateCatalogue } from "./publicRead";
import { hitRateLimit } from "./rateLimit";
import { revokeUserSessions } from "./sessions";

type UserRow = typeof users.$inferSelect;

/** The verification_codes type of a deletion code (never accepted by the sign-in). */
export const DELETE_CODE_TYPE = "delete-account";
/** Most rows of one table an export holds; a table past it is cut (newest kept) and named in `truncated`. */
export const EXPORT_ROWS_PER_TABLE = 5_000;
/** Exports one account may ask for in an hour (each reads every table it has rows in). */
export const EXPORTS_PER_HOUR = 10;
/** What the worker names an erased account. */
export const DELETED_NAME = "Deleted player";
/** What an erased account's authored stories are called (they are unpublished too). */
export const DELETED_STORY_TITLE = "Deleted story";

/** Refuses a guest: age confirmation and deletion need an account with an e-mail. */
function requireAccount(caller: AuthedUser, message: string): UserRow & { email: string } {
  const u = caller.user;
  if (u.isGuest || !u.email) throw new ApiError("FORBIDDEN", message);
  return u as UserRow & { email: string };
}

/** Stores that the signed-in caller confirmed they are 18 or older; a repeat keeps the first time. */
export async function confirmAdult(db: Db, caller: AuthedUser): Promise<UserRow> {
  const u = requireAccount(caller, "Sign in with your e-mail to confirm your age");
  const [row] = await db
    .update(users)
    .set({ adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, u.id))
    .returning();
  return row!;
}

// ---- export ----

/** One table of an export: a query of the caller's rows, newest first (so a cut keeps the recent ones). */
interface Section {
  name: string;
  rows: SQL;
}

/** The tables of one user's data, each a query selecting only that user's rows (no secrets: no token hashes, no code hashes). */
function exportSections(u: UserRow): Section[] {
  const id = u.id;
  const email = u.email ?? "";
  return [
    { name: "sessions", rows: sql`select id, created_at, revoked_at, revoked_reason from sessions where user_id = ${id} order by created_at desc` },
    { name: "coin_ledger", rows: sql`select id, amount, balance_after, reason, idempotency_key, meta, created_at from coin_ledger where user_id = ${id} order by id desc` },
    { name: "orders", rows: sql`select id, provider, price_id, amount, coins, status, refunded_amount, disputed_amount, reversed_coins, coin_shortfall, reversals, created_at, paid_at from orders where user_id = ${id} order by created_at desc` },
    // A message's branch (issue 45): branch_id names its chat_branches row (null: a chat that never
    // forked, its only line), origin_id the message it is a fork's copy of, parked that its branch is
    // not the one shown. The shown branch's newest rows carry no id yet: theirs is the shown branch's.
    { name: "chat_messages", rows: sql`select m.id, m.story_id, m.actor_id, m.role, case when m.removed_at is null then m.content else '' end as content, m.source, m.reasoning, m.stopped, m.alternatives, m.alt_index, m.removed_at is not null as removed,
      case when m.parked then m.branch_id else coalesce((select b.id from chat_branches b where b.user_id = m.user_id and b.story_id = m.story_id and b.active), m.branch_id) end as branch_id,
      m.origin_id, m.parked, m.created_at from chat_messages m where m.user_id = ${id} and not m.pending order by m.id desc` },
    { name: "chat_branches", rows: sql`select id, story_id, parent_id, fork_origin, fork_alt, active, created_at from chat_branches where user_id = ${id} order by id desc` },
    { name: "chat_memories", rows: sql`select story_id, branch_id, summary, pins, updated_at from chat_memories where user_id = ${id} order by updated_at desc` },
    { name: "game_history", rows: sql`select story_id, plays, last_played_at from game_history where user_id = ${id} order by last_played_at desc` },
    { name: "favorites", rows: sql`select story_id, created_at from favorites where user_id = ${id} order by created_at desc` },
    { name: "subscriptions", rows: sql`select id, story_id, email, created_at, cancelled_at from subscriptions where user_id = ${id} or email = ${email} order by id desc` },
    { name: "check_ins", rows: sql`select day, streak, reward, created_at from check_ins where user_id = ${id} order by day desc` },
    { name: "task_progress", rows: sql`select task, day, progress, claimed_at from task_progress where user_id = ${id} order by day desc, task` },
    { name: "story_drafts", rows: sql`select id, title, premise, hook, category_id, tags, characters, script, story_id, rating, published_at, created_at, updated_at from story_drafts where user_id = ${id} order by id desc` },
    { name: "draft_cards", rows: sql`select c.draft_id, c.character, c.card, c.created_at from draft_cards c join story_drafts d on d.id = c.draft_id where d.user_id = ${id} order by c.draft_id desc` },
    { name: "story_versions", rows: sql`select id, draft_id, story_id, title, hook, category_id, tags, characters, script, rating, state, reason, moderation, decided_at, created_at from story_versions where user_id = ${id} order by id desc` },
    { name: "stories", rows: sql`select s.id, s.title, s.hook, s.description, s.category_id, s.tags, s.script, s.published, s.review_state, s.rating, s.hidden_at is not null as hidden, s.play_count, s.like_count, s.created_at, (select coalesce(json_agg(json_build_object('slug', a.slug, 'name', a.name, 'tagline', a.tagline, 'persona', a.persona, 'greeting', a.greeting) order by a.sort), '[]'::json) from actors a where a.story_id = s.id) as characters from stories s where s.author_id = ${id} order by s.created_at desc` },
    { name: "reports", rows: sql`select id, target_kind, target_id, story_id, reason, details, status, resolved_at, created_at from reports where reporter_id = ${id} order by id desc` },
    { name: "notices", rows: sql`select id, kind, body, link, read_at, created_at from notices where user_id = ${id} order by id desc` },
    { name: "meta_events", rows: sql`select id, event_name, event_id, payload, created_at, sent_at from meta_events where user_id = ${id} order by id desc` },
    { name: "flagged_messages", rows: sql`select id, story_id, categories, created_at from flagged_messages where user_id = ${id} order by id desc` },
    { name: "account_deletions", rows: sql`select requested_at, due_at, done_at from account_deletions where user_id = ${id}` },
  ];
}

/** The profile part of an export: the account row (it holds no secret), and the guests merged into it. */
async function profileOf(tx: Tx, id: number): Promise<unknown> {
  const [row] = rowsOf<{ j: string }>(
    await tx.execute(sql`select row_to_json(p)::text as j from (
      select id, uuid, name, username, email, role, status, is_guest, coins, avatar_url, level, vip_level, device_id, gender,
        invite_code, invited_by, adult_confirmed_at, publish_banned_at, banned_at, deleted_at, created_at, updated_at,
        (select coalesce(json_agg(json_build_object('id', g.id, 'uuid', g.uuid, 'device_id', g.device_id, 'created_at', g.created_at) order by g.id), '[]'::json)
           from users g where g.merged_into = u.id) as merged_guests
      from users u where u.id = ${id}) p`),
  );
  return row ? JSON.parse(row.j) : null;
}

/** Reads one section, at most `cap` rows; `cut` is true when there were more. */
async function readSection(tx: Tx, s: Section, cap: number): Promise<{ rows: unknown[]; cut: boolean }> {
  const [row] = rowsOf<{ j: string }>(await tx.execute(sql`select coalesce(json_agg(t), '[]'::json)::text as j from (${s.rows} limit ${cap + 1}) t`));
  const rows = JSON.parse(row?.j ?? "[]") as unknown[];
  return rows.length > cap ? { rows: rows.slice(0, cap), cut: true } : { rows, cut: false };
}

/**
 * Everything the service holds about the caller (signed in or guest), as one JSON document: the
 * profile and a list of rows per table, selected by the caller's id (subscriptions by e-mail too).
 * Bounded: it is one account's data, each table at most EXPORT_ROWS_PER_TABLE rows (newest kept,
 * the cut tables named in `truncated`), and EXPORTS_PER_HOUR exports an hour per account.
 */
export async function exportUserData(db: Db, caller: AuthedUser, cap = EXPORT_ROWS_PER_TABLE): Promise<Record<string, unknown>> {
  await hitRateLimit(db, `export:${caller.user.id}`, EXPORTS_PER_HOUR, 3600, "Too many exports this hour; try again later");
  return db.transaction(async (tx) => {
    const tables: Record<string, unknown> = { profile: await profileOf(tx, caller.user.id) };
    const truncated: string[] = [];
    for (const s of exportSections(caller.user)) {
      const { rows, cut } = await readSection(tx, s, cap);
      tables[s.name] = rows;
      if (cut) truncated.push(s.name);
    }
    return {
      format: "storyloom-data-export/1",
      generated_at: new Date().toISOString(),
      user_id: caller.user.id,
      rows_per_table_limit: cap,
      truncated,
      note: truncated.length > 0 ? `Tables in "truncated" held more than ${cap} rows: the newest ${cap} are here. Write to support for the rest.` : null,
      tables,
    };
  });
}

// ---- deletion ----

/** The hash of a deletion code: domain-separated from sign-in codes of the same e-mail. */
const deletionHash = (ctx: AppContext, email: string, code: string) => hashCode(ctx.config.TOKEN_SECRET, `${DELETE_CODE_TYPE}:${email}`, code);

/**
 * Mails a 6-digit code to the caller's e-mail to confirm deleting the account, limited like sign-in
 * codes (per address an hour, one per CODE_RESEND_S per account). A new code replaces the old.
 */
export async function sendDeletionCode(ctx: AppContext, caller: AuthedUser, address: string, ip: string): Promise<{ expires_in: number; resend_in: number }> {
  const u = requireAccount(caller, "Sign in with your e-mail to delete your account");
  const { config, db } = ctx;
  await hitRateLimit(db, `code-ip:${address}`, config.CODE_SEND_PER_IP_PER_HOUR, 3600, "Too many codes requested from this network; try again later");
  await hitRateLimit(db, `delete-code:${u.id}`, 1, CODE_RESEND_S, "Please wait before requesting another code");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.email, u.email), eq(verificationCodes.codeType, DELETE_CODE_TYPE), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      email: u.email,
      codeType: DELETE_CODE_TYPE,
      codeHash: deletionHash(ctx, u.email, code),
      expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
      ip,
    });
    await ctx.outbox.enqueue(tx, "mail", deletionCodeMail(u.email, code, CODE_TTL_S / 60));
  });
  ctx.outbox.kick();
  return { expires_in: CODE_TTL_S, resend_in: CODE_RESEND_S };
}

/** Checks a deletion code like the sign-in does: a miss is counted atomically, the fifth kills the code. Answers its row id. */
async function checkDeletionCode(ctx: AppContext, email: string, code: string): Promise<number> {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.codeType, DELETE_CODE_TYPE)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.consumedAt) throw new ApiError("CODE_INVALID", "No valid deletion code; request a new one");
  if (row.expiresAt.getTime() <= Date.now()) throw new ApiError("CODE_EXPIRED", "The code has expired; request a new one");
  if (sameDigest(row.codeHash, deletionHash(ctx, email, code))) return row.id;
  const [after] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ attempts: verificationCodes.attempts });
  const left = Math.max(0, CODE_MAX_ATTEMPTS - (after?.attempts ?? CODE_MAX_ATTEMPTS));
  throw new ApiError("CODE_INVALID", left > 0 ? `Wrong code; ${left} ${left === 1 ? "try" : "tries"} left` : "Too many wrong tries; request a new code", {
    attempts_left: left,
  });
}

/**
 * Closes the account at once, in one transaction with the code's use: sessions revoked, the account
 * disabled and marked deleted, e-mail and username cleared (the e-mail can sign up again as a new
 * account), its subscriptions cancelled, codes of the e-mail and mail to it deleted,
 * its stories unpublished, and an account_deletions row due in ACCOUNT_DELETION_DAYS for the worker.
 */
export async function requestDeletion(ctx: AppContext, caller: AuthedUser, code: string): Promise<{ erase_by: string }> {
  const u = requireAccount(caller, "Sign in with your e-mail to delete your account");
  const codeId = await checkDeletionCode(ctx, u.email, code);
  const dueAt = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (!used) throw new ApiError("CODE_INVALID", "No valid deletion code; request a new one");
    return closeAccount(tx, u.id, u.email, ctx.config.ACCOUNT_DELETION_DAYS);
  });
  invalidateCatalogue(ctx.db);
  return { erase_by: dueAt.toISOString() };
}

/** The part of a deletion that happens at once (see {@link requestDeletion}); answers when erasure is due. */
async function closeAccount(tx: Tx, userId: number, email: string, days: number): Promise<Date> {
  await revokeUserSessions(tx, userId, "account deleted");
  await tx
    .update(users)
    .set({ deletedAt: new Date(), status: "disabled", email: null, username: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  // Subscriptions stop and lose the address at once; those by e-mail alone become the account's, for the worker to delete.
  await tx
    .update(subscriptions)
    .set({ userId, email: "", cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())` })
    .where(sql`${subscriptions.userId} = ${userId} or ${subscriptions.email} = ${email}`);
  await tx.delete(verificationCodes).where(eq(verificationCodes.email, email));
  // Mail to the address (its codes among them) is its data too; none is left to go out to a closed account.
  await tx.execute(sql`delete from outbox where kind = 'mail' and lower(payload->>'to') = ${email}`);
  await tx.execute(sql`delete from rate_limits where key = ${`code-email:${email}`}`);
  await unpublishAuthored(tx, userId);
  const [row] = await tx
    .insert(accountDeletions)
    .values({ userId, dueAt: sql`now() + make_interval(days => ${days})` })
    .onConflictDoUpdate({ target: accountDeletions.userId, set: { requestedAt: sql`now()`, dueAt: sql`excluded.due_at`, doneAt: null } })
    .returning({ dueAt: accountDeletions.dueAt });
  return row!.dueAt;
}

/** Takes the account's stories out of the catalogue (their drafts say so too). */
async function unpublishAuthored(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`update stories set published = false where author_id = ${userId} and published`);
  await tx.execute(sql`update story_drafts set published_at = null where user_id = ${userId} and published_at is not null`);
}

// ---- the worker's erase step ----

/**
 * Erases or anonymises one closed account's personal data (idempotent). The account row stays, named
 * DELETED_NAME with no e-mail, avatar, device or invite code (and so do guests merged into it); chat
 * messages, favourites, game history, subscriptions, notices, check-ins, task progress and refresh
 * tokens are deleted; drafts', versions' and authored stories' texts are erased and the stories
 * unpublished; sent reports keep their row without details; meta events lose their user data.
 * Ledger rows and orders are kept as they are: they hold amounts and ids, nothing personal.
 */
export async function eraseAccount(tx: Tx, userId: number): Promise<void> {
  const anon = { name: DELETED_NAME, username: null, email: null, avatarUrl: null, deviceId: null, inviteCode: null, invitedBy: null, gender: "unknown" };
  await tx.update(users).set({ ...anon, status: "disabled", updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.update(users).set(anon).where(eq(users.mergedInto, userId));
  await tx.execute(sql`delete from refresh_tokens where session_id in (select id from sessions where user_id = ${userId})`);
  await eraseActivity(tx, userId);
  await eraseAuthoring(tx, userId);
  await tx.execute(sql`update reports set details = '' where reporter_id = ${userId} and details <> ''`);
  await tx.execute(sql`update meta_events set payload = (payload - 'user_data' - 'event_source_url') || '{"user_data":{}}'::jsonb where user_id = ${userId}`);
}

/** Deletes what the player did: chats, favourites (like counts follow), history, subscriptions, notices, check-ins, tasks, the days they were active. */
async function eraseActivity(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`delete from chat_messages where user_id = ${userId}`);
  await tx.execute(sql`with gone as (delete from favorites where user_id = ${userId} returning story_id)
    update stories s set like_count = (select count(*)::int from favorites f where f.story_id = s.id) where s.id in (select story_id from gone)`);
  for (const table of ["chat_memories", "chat_branches", "game_history", "subscriptions", "notices", "check_ins", "task_progress", "activity_players"]) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
  }
}

/** Erases the texts the player wrote: drafts, submitted versions and their stories (unpublished) with their characters. */
async function eraseAuthoring(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`delete from draft_cards where draft_id in (select id from story_drafts where user_id = ${userId})`);
  await tx.execute(sql`update story_drafts set title = '', premise = '', hook = '', tags = '{}', characters = '[]'::jsonb, script = '', published_at = null where user_id = ${userId}`);
  await tx.execute(sql`update story_versions set title = '', hook = '', tags = '{}', characters = '[]'::jsonb, script = '', opening = '' where user_id = ${userId}`);
  await tx.execute(sql`update stories set published = false, title = ${DELETED_STORY_TITLE}, hook = '', description = '', opening = '', tags = '{}', script = '' where author_id = ${userId}`);
  await tx.execute(sql`update actors set tagline = '', persona = '', greeting = '' where story_id in (select id from stories where author_id = ${userId})`);
}

/** Most accounts one pass erases (each in its own short transaction); the next pass takes the rest. */
export const ERASE_BATCH = 100;

/**
 * One pass of the deletion worker: erases every due account (up to ERASE_BATCH), each in its own
 * transaction holding its account_deletions row `for update skip locked`, so instances running at
 * once never take the same account. Marks each done. Answers how many it erased.
 */
export async function eraseDueAccounts(db: Db, batch = ERASE_BATCH): Promise<number> {
  let erased = 0;
  while (erased < batch) {
    const took = await db.transaction(async (tx) => {
      const [due] = rowsOf<{ user_id: number }>(
        await tx.execute(sql`select user_id from account_deletions where done_at is null and due_at <= now()
          order by due_at, user_id limit 1 for update skip locked`),
      );
      if (!due) return false;
      await eraseAccount(tx, Number(due.user_id));
      await tx.update(accountDeletions).set({ doneAt: new Date() }).where(eq(accountDeletions.userId, Number(due.user_id)));
      return true;
    });
    if (!took) break;
    erased++;
  }
  if (erased > 0) invalidateCatalogue(db);
  return erased;
}
