import { z } from "zod";
import { Slug, TaskId, Timestamp, type Sysconfig } from "./entities";
import { BranchId } from "./chat-branches";
import { AdminLimit, ReportReason, ReportTargetKind, StaffAction, StaffReason, UserId } from "./safety";

// The operator console: players, coin adjustments, sessions, the audit log, settings and staff roles.
// Every call is under /api/v1/admin; settings and staff roles are for super admins only.

const Int = z.number().int();
/** A keyset cursor: the id of the last row of the previous page (decimal). */
const IdCursor = z.string().regex(/^[1-9][0-9]{0,17}$/, "malformed cursor");

/** Largest number of coins one staff adjustment may grant or deduct. */
export const COIN_ADJUST_MAX = 1_000_000;
/** Largest number a coin setting (a reward, the chat price) may take. */
export const SETTING_COINS_MAX = 100_000;
/** How long a settings change takes at most to be in effect on every API instance (seconds). */
export const SETTINGS_EFFECT_S = 60;

/** A player as the console lists them. */
export const PlayerSummary = z.object({
  id: Int,
  uuid: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  is_guest: z.boolean(),
  coins: Int,
  invite_code: z.string().nullable(),
  /** the site the player signed up on; null for older accounts (unknown) */
  brand: z.string().nullable(),
  banned: z.boolean(),
  publish_banned: z.boolean(),
  deleted: z.boolean(),
  /** a guest merged into this account id on sign-in (the row is kept for its history) */
  merged_into: Int.nullable(),
  created_at: Timestamp,
});
export type PlayerSummary = z.infer<typeof PlayerSummary>;

/** A login session (token family) of a player. */
export const PlayerSession = z.object({ id: z.string(), created_at: Timestamp, revoked_at: Timestamp.nullable(), revoked_reason: z.string().nullable() });

/** A payment order as staff see it. */
export const PlayerOrder = z.object({
  id: z.string(),
  provider: z.string(),
  price_id: z.string(),
  amount: Int,
  coins: Int,
  status: z.string(),
  refunded_amount: Int,
  disputed_amount: Int,
  reversed_coins: Int,
  brand: z.string().nullable(),
  created_at: Timestamp,
  paid_at: Timestamp.nullable(),
});

/** A report as the player detail lists it. */
export const PlayerReport = z.object({
  id: z.string(),
  reporter_id: Int,
  target_kind: ReportTargetKind,
  target_id: z.string(),
  story_id: z.string(),
  reason: ReportReason,
  details: z.string(),
  status: z.string(),
  created_at: Timestamp,
});

/**
 * One chat (a player's thread with a story). `messages` counts each message once: the copies a fork
 * makes of the turns before it are not counted again. `branches`: how many branches it has (1: never forked).
 */
export const PlayerChat = z.object({ story_id: z.string(), title: z.string(), messages: Int, branches: Int, last_at: Timestamp });

/** A coin ledger entry as staff see it (with what the entry recorded). */
export const StaffLedgerEntry = z.object({
  id: z.string(),
  reason: z.string(),
  amount: Int,
  balance_after: Int,
  meta: z.unknown().nullable(),
  created_at: Timestamp,
});
export type StaffLedgerEntry = z.infer<typeof StaffLedgerEntry>;

/** A chat message as staff read it (read-only). */
export const StaffChatMessage = z.object({
  id: z.string(),
  role: z.string(),
  actor_id: z.string().nullable(),
  content: z.string(),
  source: z.string().nullable(),
  removed: z.boolean(),
  created_at: Timestamp,
  /** the branch it is on ("0": a chat that never forked) */
  branch_id: z.string(),
  /** whether its branch is the one the player sees */
  shown: z.boolean(),
  /** a copy a fork made of an earlier message: that message's id (the same turn, told again on this branch); null for an original */
  copy_of: z.string().nullable(),
});

/** One branch of a chat as staff see it (issue 45): the shown one is what the player reads. */
export const StaffChatBranch = z.object({
  id: z.string(),
  /** the branch it was forked from (null: a chat's first branch, or a guest's chat merged into the account) */
  parent_id: z.string().nullable(),
  /** the reply it was forked at (its original message id) */
  fork_message_id: z.string().nullable(),
  /** how many messages it holds, its copies of the turns before the fork included */
  messages: Int,
  /** whether the player sees it */
  shown: z.boolean(),
  created_at: Timestamp,
});

const Coins = Int.min(0).max(SETTING_COINS_MAX);
/**
 * Per-key schemas of the settings staff may change: the fields of the contract's Sysconfig, within
 * bounds a typo cannot get past (no negative price or reward, all 7 check-in days, every task).
 */
export const SettingValues = {
  checkin_rewards: z.array(Coins).length(7, "give the 7 days' rewards"),
  task_rewards: z.record(TaskId, Coins).refine((v) => TaskId.options.every((t) => t in v), "give a reward for every task"),
  chat_cost_per_reply: Coins,
  new_guest_coins: Coins,
  invite_reward: Coins,
  currency: z.string().regex(/^[a-z]{3}$/, "must be a 3-letter currency code in lower case"),
} as const satisfies { [K in keyof Sysconfig]: z.ZodType<Sysconfig[K]> };
/** The name of a setting. */
export const SettingKey = z.enum(Object.keys(SettingValues) as [keyof typeof SettingValues, ...(keyof typeof SettingValues)[]]);
export type SettingKey = z.infer<typeof SettingKey>;

/** One earlier value of a setting. */
export const SettingChange = z.object({
  id: z.string(),
  value: z.unknown(),
  previous: z.unknown().nullable(),
  staff: z.object({ id: Int, name: z.string() }),
  reason: z.string(),
  created_at: Timestamp,
});
/** A setting with its value in effect, its default and its history (newest first). */
export const Setting = z.object({ key: SettingKey, value: z.unknown(), default: z.unknown(), history: z.array(SettingChange) });
export type Setting = z.infer<typeof Setting>;

/** A staff member. */
export const StaffMember = z.object({ id: Int, name: z.string(), email: z.string().nullable(), role: z.string(), created_at: Timestamp });

const Page = { cursor: IdCursor.optional(), limit: AdminLimit };
const IsoDate = z.string().datetime({ offset: true, message: "must be an ISO-8601 date-time" });

/** What each console call takes. */
export const consoleInputs = {
  playerSearch: z.object({ q: z.string().trim().min(1, "type an e-mail, uuid, username or invite code").max(254), ...Page }),
  playerGet: z.object({ user_id: UserId }),
  playerLedger: z.object({ user_id: UserId, ...Page }),
  /** one branch of the chat: the shown one, `branch_id`, or the one holding message `message_id` (a reported message) */
  playerChat: z
    .object({ user_id: UserId, story_id: Slug, branch_id: BranchId.optional(), message_id: z.string().regex(/^[1-9][0-9]{0,17}$/, "must be a message id").optional(), ...Page })
    .refine((v) => v.branch_id === undefined || v.message_id === undefined, { message: "give branch_id or message_id, not both", path: ["message_id"] }),
  coinsAdjust: z
    .object({
      user_id: UserId,
      /** positive grants, negative deducts */
      amount: Int.refine((n) => n !== 0, "must not be 0")
        .refine((n) => Math.abs(n) <= COIN_ADJUST_MAX, `must be at most ${COIN_ADJUST_MAX} either way`),
      reason: StaffReason,
      /** chosen by the client once per adjustment: a repeat (a retried click) changes nothing */
      idempotency_key: z.string().regex(/^[A-Za-z0-9_:.-]{8,100}$/, "must be 8–100 letters, digits or _ : . -"),
    })
    .strict(),
  sessionsRevoke: z.object({ user_id: UserId, reason: StaffReason }).strict(),
  auditList: z
    .object({
      staff_id: UserId.optional(),
      action: z.string().trim().min(1).max(100).optional(),
      target_kind: z.string().trim().min(1).max(40).optional(),
      target_id: z.string().trim().min(1).max(200).optional(),
      from: IsoDate.optional(),
      to: IsoDate.optional(),
      ...Page,
    })
    .refine((v) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to), { message: "from must not be after to", path: ["from"] }),
  settingsUpdate: z.object({ key: SettingKey, value: z.unknown(), reason: StaffReason }).strict(),
  staffSetRole: z.object({ user_id: UserId, role: z.enum(["admin", "normal"]), reason: StaffReason }).strict(),
};

/** What each console call answers. */
export const consoleOutputs = {
  playerSearch: z.object({ players: z.array(PlayerSummary), next_cursor: z.string().nullable() }),
  playerGet: z.object({
    player: PlayerSummary.extend({ adult_confirmed_at: Timestamp.nullable(), invited_by: Int.nullable() }),
    sessions: z.array(PlayerSession),
    orders: z.array(PlayerOrder),
    reports_sent: z.array(PlayerReport),
    reports_about: z.array(PlayerReport),
    chats: z.array(PlayerChat),
  }),
  playerLedger: z.object({ entries: z.array(StaffLedgerEntry), next_cursor: z.string().nullable() }),
  /** the messages of branch `branch_id`, newest first; `branches`: every branch of the chat, oldest first */
  playerChat: z.object({ branch_id: z.string(), branches: z.array(StaffChatBranch), messages: z.array(StaffChatMessage), next_cursor: z.string().nullable() }),
  /** applied false: this key was used before for the same adjustment, nothing changed */
  coinsAdjust: z.object({ applied: z.boolean(), balance: Int, entry: StaffLedgerEntry }),
  sessionsRevoke: z.object({ revoked: Int }),
  auditList: z.object({ actions: z.array(StaffAction), next_cursor: z.string().nullable() }),
  settingsList: z.object({ settings: z.array(Setting), effective_within_s: Int }),
  settingsUpdate: z.object({ setting: Setting, effective_within_s: Int }),
  staffList: z.object({ staff: z.array(StaffMember) }),
  staffSetRole: z.object({ user: StaffMember }),
};
