import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { favorites, gameHistory, rowsOf, staffActions, stories, users, type Tx } from "@storyloom/db";
import type { Brand, Config } from "../config";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { countActivity } from "./activity";
import { creditInviter, newInviteCode } from "./invites";
import { applyLedger } from "./ledger";
import { revokeUserSessions } from "./sessions";
import { getSysconfig } from "./sysconfig";

type UserRow = typeof users.$inferSelect;

/** Where a new guest signs up from, and what must let it through before it is made. */
export interface GuestOrigin {
  /** The client's address bucket (`addressBucket()`): the starting coins go to so many guests of it a day. */
  address: string;
  /** The brand site of the sign-up (`requestBrand`), kept on the guest; null: unknown. */
  brand: Brand | null;
  /** Runs before a new guest is made (not for a device's existing guest); throws to refuse it. */
  admit(): Promise<void>;
}

/**
 * Returns the guest of a device, creating it on first sight, with the welcome coins when its
 * address has not had GUEST_COINS_PER_IP_PER_DAY of them today (else it starts at 0). Concurrent
 * sign-ups of one device end with one guest: the partial unique index on device_id decides.
 */
export async function createGuest(ctx: AppContext, deviceId: string, gender: string, inviteCode: string | undefined, origin: GuestOrigin): Promise<UserRow> {
  const { db } = ctx;
  const findGuest = async () =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.deviceId, deviceId), eq(users.isGuest, true), isNull(users.mergedInto)))
        .limit(1)
    )[0];
  const existing = await findGuest();
  if (existing) return existing;
  await origin.admit();
  let invitedBy: number | null = null;
  if (inviteCode) {
    const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode.toUpperCase()));
    invitedBy = inviter?.id ?? null;
  }
  const { new_guest_coins } = await getSysconfig(db);
  // The user and its welcome coins in one transaction: a failure between them must not leave a
  // guest without the coins it was promised.
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ name: "Guest", deviceId, gender, isGuest: true, role: "guest", inviteCode: newInviteCode(), invitedBy, brand: origin.brand })
      .onConflictDoNothing()
      .returning();
    if (row) await countActivity(tx, row.brand as Brand | null, "guest_signups");
    if (!row || new_guest_coins <= 0) return row;
    if (!(await takeWelcomeSlot(tx, origin.address, ctx.config.GUEST_COINS_PER_IP_PER_DAY))) return row;
    const r = await applyLedger(tx, { userId: row.id, amount: new_guest_coins, reason: "welcome", idempotencyKey: `welcome:${row.id}` });
    return { ...row, coins: r.balance };
  });
  if (created) return created;
  const raced = await findGuest();
  if (!raced) throw new ApiError("CONFLICT", "Could not create the guest; try again");
  return raced;
}

/**
 * Counts one welcome for `address` today (UTC) and answers whether it is within `perDay`. The count
 * is a `rate_limits` row keyed by address and day, upserted inside the guest's transaction: its row
 * lock orders concurrent sign-ups on every instance, and a rolled-back sign-up takes no slot.
 */
async function takeWelcomeSlot(tx: Tx, address: string, perDay: number): Promise<boolean> {
  if (perDay <= 0) return false;
  const key = `welcome-addr:${address}:${new Date().toISOString().slice(0, 10)}`;
  const [row] = rowsOf<{ count: number }>(
    await tx.execute(sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set count = rate_limits.count + 1 returning count`),
  );
  return Number(row?.count) <= perDay;
}

/** The name a new account starts with: the part of its e-mail before the @. */
export const nameFromEmail = (email: string) => (email.split("@")[0] ?? "Player").slice(0, 50) || "Player";

const STAFF_RANK: Record<string, number> = { admin: 1, super_admin: 2 };

/** The role the configuration gives an e-mail: super_admin (SUPER_ADMIN_EMAILS), admin (ADMIN_EMAILS) or normal. */
export function configuredRole(config: Pick<Config, "ADMIN_EMAILS" | "SUPER_ADMIN_EMAILS">, email: string): "super_admin" | "admin" | "normal" {
  const e = email.toLowerCase();
  if (config.SUPER_ADMIN_EMAILS.includes(e)) return "super_admin";
  return config.ADMIN_EMAILS.includes(e) ? "admin" : "normal";
}

/** Whether `role` ranks above `current` (normal < admin < super_admin): roles are raised, never lowered. */
export function outranks(role: string, current: string): boolean {
  return (STAFF_RANK[role] ?? 0) > (STAFF_RANK[current] ?? 0);
}

/**
 * Whether a super admin once took this account's staff role away: the configured e-mail lists then
 * do not give it back at the next sign-in (only a super admin or `admin:grant` can).
 */
async function roleRemovedByStaff(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: staffActions.id })
    .from(staffActions)
    .where(and(eq(staffActions.targetKind, "user"), eq(staffActions.targetId, String(userId)), eq(staffActions.action, "staff.remove")))
    .limit(1);
  return Boolean(row);
}

/**
 * The account behind a verified e-mail. With no account yet, the current guest becomes it (coins
 * and history kept; its brand too, or `brand` when it had none) or a new one is made on `brand`;
 * with an account, the guest is merged into it: coins move through the ledger, favourites and
 * history join the account's, the guest's sessions end. A new account counts as a `user_signups`.
 */
export async function loginWithEmail(ctx: AppContext, tx: Tx, email: string, guestUuid?: string, brand: Brand | null = null): Promise<UserRow> {
  const role = configuredRole(ctx.config, email);
  const [account] = await tx.select().from(users).where(eq(users.email, email)).for("update");
  const [guest] = guestUuid
    ? await tx
        .select()
        .from(users)
        .where(and(eq(users.uuid, guestUuid), eq(users.isGuest, true), isNull(users.mergedInto)))
        .for("update")
    : [];
  if (!account) {
    if (guest) {
      const [converted] = await tx
        .update(users)
        .set({ email, isGuest: false, role, name: guest.name === "Guest" ? nameFromEmail(email) : guest.name, brand: guest.brand ?? brand, updatedAt: new Date() })
        .where(eq(users.id, guest.id))
        .returning();
      await countActivity(tx, converted!.brand as Brand | null, "user_signups");
      // A guest becoming a real account is the "friend joined" an invite pays for (once per invitee).
      await creditInviter(ctx, tx, guest);
      return converted!;
    }
    const [created] = await tx
      .insert(users)
      .values({ email, isGuest: false, role, name: nameFromEmail(email), inviteCode: newInviteCode(), brand })
      .returning();
    await countActivity(tx, brand, "user_signups");
    return created!;
  }
  if (account.status === "disabled") throw new ApiError("FORBIDDEN", "This account is disabled; contact support");
  if (guest && guest.id !== account.id) await mergeGuest(tx, guest, account);
  if (outranks(role, account.role) && !account.isGuest && !(await roleRemovedByStaff(tx, account.id))) {
    await tx.update(users).set({ role }).where(eq(users.id, account.id));
  }
  const [fresh] = await tx.select().from(users).where(eq(users.id, account.id));
  return fresh!;
}

async function mergeGuest(tx: Tx, guest: UserRow, account: UserRow): Promise<void> {
  if (guest.coins > 0) {
    const meta = { from_user: guest.uuid, to_user: account.uuid };
    await applyLedger(tx, { userId: guest.id, amount: -guest.coins, reason: "merged-into-account", idempotencyKey: `merge-out:${guest.id}`, meta });
    await applyLedger(tx, { userId: account.id, amount: guest.coins, reason: "guest-coins", idempotencyKey: `merge-in:${guest.id}`, meta });
  }
  const liked = await tx.select({ storyId: favorites.storyId }).from(favorites).where(eq(favorites.userId, guest.id));
  await tx.execute(sql`
    insert into favorites (user_id, story_id, created_at)
    select ${account.id}, story_id, created_at from favorites where user_id = ${guest.id}
    on conflict do nothing`);
  await tx.delete(favorites).where(eq(favorites.userId, guest.id));
  if (liked.length > 0) {
    const ids = liked.map((l) => l.storyId);
    await tx
      .update(stories)
      .set({ likeCount: sql`(select count(*)::int from favorites f where f.story_id = ${stories.id})` })
      .where(inArray(stories.id, ids));
  }
  await tx.execute(sql`
    insert into game_history (user_id, story_id, plays, last_played_at)
    select ${account.id}, story_id, plays, last_played_at from game_history where user_id = ${guest.id}
    on conflict (user_id, story_id) do update set
      plays = game_history.plays + excluded.plays,
      last_played_at = greatest(game_history.last_played_at, excluded.last_played_at)`);
  await tx.delete(gameHistory).where(eq(gameHistory.userId, guest.id));
  await mergeChats(tx, guest.id, account.id);
  await tx.update(users).set({ mergedInto: account.id, updatedAt: new Date() }).where(eq(users.id, guest.id));
  await revokeUserSessions(tx, guest.id, "merged into account");
}

/** The chats (stories) a user has: any message or branch of theirs. */
const chatsOf = (userId: number) => sql`select story_id from chat_messages where user_id = ${userId} union select story_id from chat_branches where user_id = ${userId}`;

/**
 * Names the branch a user's chat of a story shows and claims its rows, as chatBranches.ts does on a
 * first fork: its active chat_branches row, else a new one (`active`, or a parked branch when not)
 * holding the chat's unparked rows, which its memory ('' until now) is then keyed to. Answers its id.
 */
async function nameShownBranch(tx: Tx, userId: number, storyId: string, active: boolean): Promise<number> {
  const [found] = rowsOf<{ id: number }>(await tx.execute(sql`select id from chat_branches where user_id = ${userId} and story_id = ${storyId} and active`));
  const id = found
    ? Number(found.id)
    : Number(
        rowsOf<{ id: number }>(
          await tx.execute(sql`insert into chat_branches (user_id, story_id, active, created_at)
            values (${userId}, ${storyId}, ${active}, coalesce((select min(created_at) from chat_messages where user_id = ${userId} and story_id = ${storyId} and not parked), now()))
            returning id`),
        )[0]!.id,
      );
  await tx.execute(sql`update chat_messages set branch_id = ${id} where user_id = ${userId} and story_id = ${storyId} and not parked and branch_id is distinct from ${id}`);
  await tx.execute(sql`update chat_memories m set branch_id = ${String(id)} where m.user_id = ${userId} and m.story_id = ${storyId} and m.branch_id = ''
    and not exists (select 1 from chat_memories o where o.user_id = m.user_id and o.story_id = m.story_id and o.branch_id = ${String(id)})`);
  return id;
}

/**
 * Moves a guest's chats to the account it is merged into, inside the merge's transaction (both users
 * locked, as every chat write locks its user first). A story only the guest has a chat of moves as it
 * is: rows, branches, the branch it shows, memories. Where the account has a chat of the story too,
 * the account's stays shown as it was (thread, ink state, memory) and the guest's whole chat becomes
 * parked branches of it, so nothing is lost and the player can switch to it (issue 45): the guest's
 * shown line becomes a branch of its own (named now if the guest never forked), its rows parked with
 * that branch's id, its other branches kept; each memory goes with its branch (keyed by its id).
 */
async function mergeChats(tx: Tx, guestId: number, accountId: number): Promise<void> {
  const both = rowsOf<{ story_id: string }>(
    await tx.execute(sql`select story_id from (${chatsOf(guestId)}) g where story_id in (${chatsOf(accountId)}) order by story_id`),
  );
  for (const { story_id: storyId } of both) {
    await nameShownBranch(tx, accountId, storyId, true);
    const branch = await nameShownBranch(tx, guestId, storyId, false);
    await tx.execute(sql`update chat_messages set parked = true where user_id = ${guestId} and story_id = ${storyId} and branch_id = ${branch} and not parked`);
    await tx.execute(sql`update chat_branches set active = false where user_id = ${guestId} and story_id = ${storyId} and active`);
  }
  await tx.execute(sql`update chat_messages set user_id = ${accountId} where user_id = ${guestId}`);
  // No story has two shown branches now: the guest's are shown only where the account has no chat.
  await tx.execute(sql`update chat_branches set user_id = ${accountId} where user_id = ${guestId}`);
  // Memories are keyed by branch: the guest's go with theirs (an account's own memory of the same key wins).
  await tx.execute(sql`
    insert into chat_memories (user_id, story_id, branch_id, summary, summary_through, pins, revision, updated_at)
    select ${accountId}, story_id, branch_id, summary, summary_through, pins, revision, updated_at from chat_memories where user_id = ${guestId}
    on conflict do nothing`);
  await tx.execute(sql`delete from chat_memories where user_id = ${guestId}`);
}
