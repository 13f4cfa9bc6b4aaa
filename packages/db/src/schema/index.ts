import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

// Foreign keys most tables share (hoisted functions; `references` is lazy, so order does not matter).
function userRef() {
  return integer("user_id")
    .notNull()
    .references(() => users.id);
}
function storyRef() {
  return text("story_id")
    .notNull()
    .references(() => stories.id);
}

/** Accounts: guests (by device) and normal users (by e-mail). Balance is kept with the ledger. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    name: text("name").notNull(),
    username: text("username"),
    email: text("email"),
    role: text("role").notNull().default("guest"),
    status: text("status").notNull().default("normal"),
    isGuest: boolean("is_guest").notNull().default(true),
    coins: integer("coins").notNull().default(0),
    avatarUrl: text("avatar_url"),
    level: integer("level").notNull().default(1),
    vipLevel: integer("vip_level").notNull().default(0),
    deviceId: text("device_id"),
    gender: text("gender").notNull().default("unknown"),
    inviteCode: text("invite_code").unique(),
    invitedBy: integer("invited_by"),
    mergedInto: integer("merged_into"),
    /** when the player confirmed in settings that they are 18 or older (mature stories need it) */
    adultConfirmedAt: ts("adult_confirmed_at"),
    /** staff barred this account from publishing stories */
    publishBannedAt: ts("publish_banned_at"),
    /** staff banned this account: its sessions were revoked and it cannot sign in (status "disabled") */
    bannedAt: ts("banned_at"),
    /** the player asked to delete the account: closed at once, erased by the deletion worker */
    deletedAt: ts("deleted_at"),
    /** the brand site the account signed up on ('storyloom' | 'playshot'); null: unknown (older rows, other clients) */
    brand: text("brand"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_guest_device_key").on(t.deviceId).where(sql`${t.isGuest} and ${t.mergedInto} is null`),
    check("users_coins_nonnegative", sql`${t.coins} >= 0`),
    check("users_brand_check", sql`${t.brand} in ('storyloom', 'playshot')`),
  ],
);

/** A login session: one token family. Revoking it kills its access and refresh tokens. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id").notNull().references(() => users.id),
    createdAt: createdAt(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Refresh tokens, stored hashed. Each is used once; reuse revokes the family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: uuid("session_id").notNull().references(() => sessions.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/** E-mail verification codes, stored hashed. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    codeType: text("code_type").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
    ip: text("ip"),
  },
  (t) => [index("verification_codes_email_idx").on(t.email, t.codeType, t.createdAt)],
);

/** Rate-limit windows that must hold across API instances: a window starts at its first hit. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull().default(0),
});

/** Transactional outbox: side effects leaving the process (mail, Meta CAPI), drained by a worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").unique(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
    availableAt: ts("available_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: ts("sent_at"),
    failedAt: ts("failed_at"),
    lastError: text("last_error"),
  },
  (t) => [index("outbox_pending_idx").on(t.availableAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);

/** Categories of the catalogue. */
export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  sort: integer("sort").notNull().default(0),
});

/** Stories: authored content with an ink script. */
export const stories = pgTable(
  "stories",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    hook: text("hook").notNull(),
    description: text("description").notNull(),
    opening: text("opening").notNull().default(""),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    coverUrl: text("cover_url").notNull(),
    script: text("script").notNull().default(""),
    /** world-info entries the prompt builder adds when the recent turns name them (see StoredLoreEntry) */
    lorebook: jsonb("lorebook").$type<StoredLoreEntry[]>().notNull().default(sql`'[]'::jsonb`),
    playCount: integer("play_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    trendingScore: integer("trending_score").notNull().default(0),
    /** the author's (or the seed's) wish that it be played; see `visible` for whether it is */
    published: boolean("published").notNull().default(true),
    /** where review stands: "pending" | "approved" | "rejected" (the row holds the newest approved version once there is one) */
    reviewState: text("review_state").notNull().default("approved"),
    /** "general" (everyone) or "mature" (signed-in players who confirmed they are 18 or older) */
    rating: text("rating").notNull().default("general"),
    /** taken down by staff or by reports; null when not */
    hiddenAt: ts("hidden_at"),
    hiddenReason: text("hidden_reason"),
    /** in the public catalogue: published, approved and not hidden (the catalogue indexes are partial on it) */
    visible: boolean("visible")
      .notNull()
      .generatedAlwaysAs(sql`published and review_state = 'approved' and hidden_at is null`),
    /**
     * What a catalogue search matches: title, hook and tags joined by line breaks, lower-cased once at
     * write time (trigram-indexed where pg_trgm is installed), so a search is a plain LIKE per row
     * instead of an ILIKE over the joined text (about 4× less time per row read).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(story_search_text(title, hook, tags))`),
    /** The user who wrote it in the story editor; null for the authored catalogue. */
    authorId: integer("author_id").references(() => users.id),
    /** Its place (1 first) among the stories staff feature at the top of the popular list; null when not featured. */
    featuredRank: integer("featured_rank"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stories_category_idx").on(t.categoryId),
    // One story per place, and the players' read of the featured stories in order (a dozen rows at most).
    uniqueIndex("stories_featured_idx").on(t.featuredRank).where(sql`${t.featuredRank} is not null`),
    index("stories_author_idx").on(t.authorId),
    check("stories_review_state_check", sql`${t.reviewState} in ('pending', 'approved', 'rejected')`),
    check("stories_rating_check", sql`${t.rating} in ('general', 'mature')`),
  ],
);

/** Characters of a story. */
export const actors = pgTable(
  "actors",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    storyId: storyRef(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull().default(""),
    persona: text("persona").notNull(),
    greeting: text("greeting").notNull(),
    avatarUrl: text("avatar_url").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("actors_story_idx").on(t.storyId)],
);

/** Favourites (likes). */
export const favorites = pgTable(
  "favorites",
  {
    userId: userRef(),
    storyId: storyRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] })],
);

/** Stories a user has played. */
export const gameHistory = pgTable(
  "game_history",
  {
    userId: userRef(),
    storyId: storyRef(),
    plays: integer("plays").notNull().default(1),
    lastPlayedAt: ts("last_played_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] }), index("game_history_recent_idx").on(t.userId, t.lastPlayedAt)],
);

/** E-mail subscriptions to a story's updates; the token makes the unsubscribe link work logged out. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id").references(() => users.id),
    storyId: storyRef(),
    email: text("email").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    cancelledAt: ts("cancelled_at"),
  },
  (t) => [uniqueIndex("subscriptions_active_key").on(t.storyId, t.email).where(sql`${t.cancelledAt} is null`)],
);

/** The append-only coin ledger. Every entry has a unique idempotency key. */
export const coinLedger = pgTable(
  "coin_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    meta: jsonb("meta"),
    createdAt: createdAt(),
  },
  (t) => [index("coin_ledger_user_idx").on(t.userId, t.id), check("coin_ledger_balance_nonnegative", sql`${t.balanceAfter} >= 0`)],
);

/** Daily check-ins. */
export const checkIns = pgTable(
  "check_ins",
  {
    userId: userRef(),
    day: date("day", { mode: "string" }).notNull(),
    streak: integer("streak").notNull(),
    reward: integer("reward").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Daily task progress per user, task and day. */
export const taskProgress = pgTable(
  "task_progress",
  {
    userId: userRef(),
    task: text("task").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    progress: integer("progress").notNull().default(0),
    claimedAt: ts("claimed_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.task, t.day] })],
);

/** Settings, public ones served by sysconfig.list. */
export const sysconfig = pgTable("sysconfig", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  public: boolean("public").notNull().default(true),
});

/** Coin packages for sale. */
export const pricePackages = pgTable("price_packages", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  amount: integer("amount").notNull(),
  coins: integer("coins").notNull(),
  backgroundUrl: text("background_url"),
  discountPercent: integer("discount_percent"),
  sort: integer("sort").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** Payment orders of both providers. */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    provider: text("provider").notNull(),
    priceId: text("price_id").notNull(),
    amount: integer("amount").notNull(),
    coins: integer("coins").notNull(),
    status: text("status").notNull().default("pending"),
    providerRef: text("provider_ref"),
    /** The provider's id of the money movement (Stripe payment intent), which refunds and disputes name. */
    paymentRef: text("payment_ref"),
    /** Cents the provider reports refunded (cumulative) and disputed; they decide how many coins go back. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    disputedAmount: integer("disputed_amount").notNull().default(0),
    /** Coins owed back by refunds and disputes so far, and the part of them the balance could not cover. */
    reversedCoins: integer("reversed_coins").notNull().default(0),
    coinShortfall: integer("coin_shortfall").notNull().default(0),
    /** Each refund or dispute acted on: { kind, ref, cents, coins, taken, shortfall, at }; a ref is acted on once. */
    reversals: jsonb("reversals").notNull().default([]),
    /** the brand site the order was paid on ('storyloom' | 'playshot'); null: unknown (older rows, other clients) */
    brand: text("brand"),
    createdAt: createdAt(),
    paidAt: ts("paid_at"),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    uniqueIndex("orders_provider_ref_key").on(t.provider, t.providerRef),
    index("orders_payment_ref_idx").on(t.provider, t.paymentRef),
    check("orders_brand_check", sql`${t.brand} in ('storyloom', 'playshot')`),
  ],
);

/** Chat transcripts: one row per message, per user, story and actor. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    storyId: storyRef(),
    actorId: text("actor_id"),
    role: text("role").notNull(),
    content: text("content").notNull(),
    state: jsonb("state"),
    /** where the text came from: "script" (ink, greeting), "model", "choice" (a pick) or "typed" (the player's words) */
    source: text("source"),
    /** a model reply's reasoning, kept apart from its text */
    reasoning: text("reasoning"),
    /** a model reply the player stopped */
    stopped: boolean("stopped").notNull().default(false),
    /** a model reply still being written (hidden from the thread until finished) */
    pending: boolean("pending").notNull().default(false),
    /** every version of a regenerated model reply: [{ content, reasoning, stopped }]; null = only this one */
    alternatives: jsonb("alternatives"),
    /** which of `alternatives` is shown (and what the story continues from) */
    altIndex: integer("alt_index").notNull().default(0),
    /** prompt tokens of the model calls that wrote this reply (every alternative); null = not a model reply, or stored before tokens were counted */
    /** staff removed this message (after a report): its text is gone and the thread says so */
    removedAt: ts("removed_at"),
    promptTokens: integer("prompt_tokens"),
    /** completion tokens (text, reasoning and tool call) of those calls, as reported by the model or counted with the tokenizer */
    completionTokens: integer("completion_tokens"),
    /** the branch this row belongs to (chat_branches); null = the chat's first branch, or the shown branch's rows written since it was last named */
    branchId: bigint("branch_id", { mode: "number" }),
    /** the row this one was copied from when a branch was forked (its alternatives are shared); null = an original */
    originId: bigint("origin_id", { mode: "number" }),
    /** on a branch that is not shown: every thread read leaves it out (see chatBranches.ts) */
    parked: boolean("parked").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_thread_idx").on(t.userId, t.storyId, t.id), index("chat_messages_origin_idx").on(t.userId, t.storyId, t.originId)],
);

/**
 * The branches of a chat (issue 45): a chat with none is one branch. A fork at a reply copies the
 * turns before it to a new branch (its rows' `branch_id`) and parks the others; `fork_origin` and
 * `fork_alt` name the reply (its original row) and the alternative the branch continues from.
 */
export const chatBranches = pgTable(
  "chat_branches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    storyId: storyRef(),
    parentId: bigint("parent_id", { mode: "number" }),
    forkOrigin: bigint("fork_origin", { mode: "number" }),
    forkAlt: integer("fork_alt"),
    /** the branch the chat shows (one per chat) */
    active: boolean("active").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_branches_chat_idx").on(t.userId, t.storyId, t.id),
    uniqueIndex("chat_branches_active_idx").on(t.userId, t.storyId).where(sql`${t.active}`),
  ],
);

/**
 * What the prompt of a model reply (its newest alternative) was built from, part by part: the
 * contract's PromptRecord, for the prompt inspector. Kept apart from chat_messages so reading a thread
 * (every turn does) never reads these; it goes with its message.
 */
export const chatPrompts = pgTable("chat_prompts", {
  messageId: bigint("message_id", { mode: "number" })
    .primaryKey()
    .references(() => chatMessages.id, { onDelete: "cascade" }),
  record: jsonb("record").notNull(),
  createdAt: createdAt(),
});

/**
 * A chat's memory (the memory panel): the rolling summary the model folds older turns into, the
 * facts the player pinned, and how far the summary reaches (`summary_through`, the newest message
 * id folded in). Keyed by the chat and a branch ('' = the chat's only line; a branch of its own gets
 * its own row). `revision` grows with every write, so a background fold never overwrites a newer
 * edit by the player (it writes only over the revision it read).
 */
export const chatMemories = pgTable(
  "chat_memories",
  {
    userId: userRef(),
    storyId: storyRef(),
    branchId: text("branch_id").notNull().default(""),
    summary: text("summary").notNull().default(""),
    summaryThrough: bigint("summary_through", { mode: "number" }).notNull().default(0),
    pins: jsonb("pins").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    revision: integer("revision").notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId, t.branchId] })],
);

/**
 * One generation per chat at a time, across API instances: a row per (user, story) names the request
 * writing a reply until `expires_at` (so a crashed instance's lease lapses). No transaction is held
 * open during the stream (PGlite has one connection). `hold_key` names the coins held for the reply
 * being written (a `coin_ledger` idempotency key) until it is stored: a lease that lapses with one
 * was left by a crashed instance, and the next claim (or the prune) gives those coins back.
 */
export const chatLeases = pgTable(
  "chat_leases",
  {
    userId: userRef(),
    storyId: storyRef(),
    holder: text("holder").notNull(),
    expiresAt: ts("expires_at").notNull(),
    holdKey: text("hold_key"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] })],
);

/**
 * Ad-platform events as the Conversions API gets them (e-mail and phone already hashed), kept
 * whether or not Meta is configured; `sent_at` is set once the Graph API accepted the batch. The
 * unique event id makes a repeated event (a retried beacon, the server's own copy) a no-op.
 */
export const metaEvents = pgTable("meta_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: integer("user_id").references(() => users.id),
  eventName: text("event_name").notNull(),
  eventId: text("event_id").unique(),
  payload: jsonb("payload").notNull(),
  createdAt: createdAt(),
  sentAt: ts("sent_at"),
});

/** A character of a draft, as the author typed it (validated by the contract). */
export interface DraftCharacter {
  name: string;
  persona: string;
  greeting: string;
}

/**
 * A lorebook entry as stored (validated by the contract's LoreEntry on the way in): the draft's, the
 * frozen version's and the playing story's copies have the same shape.
 */
export interface StoredLoreEntry {
  name: string;
  keys: string[];
  content: string;
  always: boolean;
  priority: number;
  position: "before_persona" | "after_persona" | "before_turns";
  share: number;
}

/**
 * Stories users write: the pitch of the create-story daily task (title + premise) and the story
 * editor's drafts (every field of a story plus its ink script). Publishing copies a draft into
 * `stories` under `story_id`, which stays the same through unpublish and republish.
 */
export const storyDrafts = pgTable(
  "story_drafts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    title: text("title").notNull(),
    premise: text("premise").notNull().default(""),
    hook: text("hook").notNull().default(""),
    categoryId: text("category_id").references(() => categories.id),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    characters: jsonb("characters").$type<DraftCharacter[]>().notNull().default(sql`'[]'::jsonb`),
    script: text("script").notNull().default(""),
    lorebook: jsonb("lorebook").$type<StoredLoreEntry[]>().notNull().default(sql`'[]'::jsonb`),
    storyId: text("story_id")
      .unique()
      .references(() => stories.id),
    /** "general" or "mature", as the author rates the story */
    rating: text("rating").notNull().default("general"),
    publishedAt: ts("published_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("story_drafts_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The character card a draft was imported from (issue 45), kept whole: the fields the draft has no
 * place for (creator notes, system prompt, extensions, fields of apps we do not know…) are written
 * back when the character is exported, and the fields the draft took over are written back as they
 * were while the author has not changed them. `character` is the name the draft gave the character.
 */
export const draftCards = pgTable("draft_cards", {
  draftId: bigint("draft_id", { mode: "number" })
    .primaryKey()
    .references(() => storyDrafts.id, { onDelete: "cascade" }),
  character: text("character").notNull(),
  /** the card's JSON as it was read (V2 or V3) */
  card: jsonb("card").notNull(),
  createdAt: createdAt(),
});

/**
 * The payment sandbox's side of a checkout (what Stripe or Onlypay would keep): the session or order
 * it was asked to create and whether it was paid. Fulfilment never reads it; it only sees notifications.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  status: text("status").notNull().default("open"),
  request: jsonb("request").notNull(),
  createdAt: createdAt(),
  completedAt: ts("completed_at"),
});

/**
 * Every verified provider notification, stored before it is acted on: a replay (same provider event
 * id) is answered from the stored outcome, and the table is the audit trail of what each one did.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    id: text("id").notNull(),
    type: text("type").notNull(),
    orderId: text("order_id"),
    /** received → processed (outcome set) or failed (error set; the provider's retry runs it again). */
    status: text("status").notNull().default("received"),
    outcome: jsonb("outcome"),
    error: text("error"),
    deliveries: integer("deliveries").notNull().default(1),
    receivedAt: ts("received_at").notNull().defaultNow(),
    processedAt: ts("processed_at"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] }), index("payment_events_order_idx").on(t.orderId)],
);

/**
 * Tokens spent on the language model per UTC day, by every call of every API instance (chat replies,
 * co-writer suggestions): one atomic upsert per call. The daily token budget is checked against it.
 */
export const modelUsageDaily = pgTable("model_usage_daily", {
  day: date("day", { mode: "string" }).primaryKey(),
  promptTokens: bigint("prompt_tokens", { mode: "number" }).notNull().default(0),
  completionTokens: bigint("completion_tokens", { mode: "number" }).notNull().default(0),
  calls: integer("calls").notNull().default(0),
});

/**
 * Every submission of a draft for publishing: a frozen copy of its fields, the moderation endpoint's
 * verdict and where review stands. Approving a version copies it into `stories`/`actors`; until then
 * the approved story (if any) keeps playing. The one version model of the product (the ink studio's
 * version history reads it too).
 */
export const storyVersions = pgTable(
  "story_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    draftId: bigint("draft_id", { mode: "number" })
      .notNull()
      .references(() => storyDrafts.id, { onDelete: "cascade" }),
    /** the catalogue id it is (or will be) published under */
    storyId: text("story_id").notNull(),
    userId: userRef(),
    title: text("title").notNull(),
    hook: text("hook").notNull(),
    categoryId: text("category_id").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    characters: jsonb("characters").$type<DraftCharacter[]>().notNull(),
    script: text("script").notNull(),
    lorebook: jsonb("lorebook").$type<StoredLoreEntry[]>().notNull().default(sql`'[]'::jsonb`),
    /** the script's first passage, as the check found it */
    opening: text("opening").notNull().default(""),
    rating: text("rating").notNull().default("general"),
    /** "pending" | "approved" | "rejected" | "superseded" (a newer submission replaced it before a decision) */
    state: text("state").notNull().default("pending"),
    /** why staff rejected it (the author sees it) */
    reason: text("reason"),
    /** the moderation endpoint's verdict: { flagged, categories, model, checked_at } or { error } */
    moderation: jsonb("moderation"),
    /** who decided: a staff user, or null for the moderation endpoint / review off */
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: ts("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("story_versions_draft_idx").on(t.draftId, t.id),
    index("story_versions_story_idx").on(t.storyId, t.id),
    index("story_versions_pending_idx").on(t.createdAt, t.id).where(sql`${t.state} = 'pending'`),
    check("story_versions_state_check", sql`${t.state} in ('pending', 'approved', 'rejected', 'superseded')`),
  ],
);

/**
 * A player's report of a story, a character or one chat message. One open report per reporter and
 * target; reports of one target are grouped for staff by (target_kind, target_id).
 */
export const reports = pgTable(
  "reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id),
    /** whether the reporter was signed in with an e-mail (not a guest) when reporting */
    reporterRegistered: boolean("reporter_registered").notNull(),
    /** "story" | "character" | "message" */
    targetKind: text("target_kind").notNull(),
    /** a story id, a character slug or a message id */
    targetId: text("target_id").notNull(),
    /** the story the target belongs to */
    storyId: text("story_id").notNull(),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    /** "open" | "dismissed" | "actioned" */
    status: text("status").notNull().default("open"),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolvedAt: ts("resolved_at"),
    resolution: text("resolution"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_open_once_key").on(t.reporterId, t.targetKind, t.targetId).where(sql`${t.status} = 'open'`),
    index("reports_target_idx").on(t.targetKind, t.targetId, t.status),
    index("reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
    check("reports_target_kind_check", sql`${t.targetKind} in ('story', 'character', 'message')`),
    check("reports_status_check", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
  ],
);

/** The append-only audit log of staff actions (a trigger refuses updates and deletes). */
export const staffActions = pgTable(
  "staff_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id),
    /** e.g. "review.approve", "review.reject", "story.rate", "story.unpublish", "report.dismiss", "user.ban" */
    action: text("action").notNull(),
    /** "story" | "version" | "character" | "message" | "user" | "report" */
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull().default(""),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_actions_target_idx").on(t.targetKind, t.targetId, t.id), index("staff_actions_staff_idx").on(t.staffId, t.id)],
);

/** In-app notices to a player (a report they sent was acted on, a story of theirs was decided). */
export const notices = pgTable(
  "notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    /** an in-app path the notice points to, or null */
    link: text("link"),
    readAt: ts("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notices_user_idx").on(t.userId, t.id)],
);

/** A confirmed request to delete an account: the worker erases it by `due_at`. */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    dueAt: ts("due_at").notNull(),
    doneAt: ts("done_at"),
  },
  (t) => [index("account_deletions_due_idx").on(t.dueAt).where(sql`${t.doneAt} is null`)],
);

/** Typed chat messages the moderation endpoint flagged and the API refused (counted, text not kept). */
export const flaggedMessages = pgTable(
  "flagged_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    storyId: text("story_id").notNull(),
    categories: text("categories").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("flagged_messages_user_idx").on(t.userId, t.createdAt)],
);

/** Every change of a `sysconfig` value by staff: the new value, the one it replaced and why. */
export const sysconfigHistory = pgTable(
  "sysconfig_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    /** the new value */
    value: jsonb("value").notNull(),
    /** the value it replaced; null when the key had none */
    previous: jsonb("previous"),
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sysconfig_history_key_idx").on(t.key, t.id)],
);

/**
 * Daily activity by brand (the player's sign-up site; 'unknown' for older accounts): one counter per
 * UTC day, brand and metric ("guest_signups", "user_signups", "stories_started", "typed_replies",
 * "daily_active"), grown by one upsert inside the transaction of what it counts.
 */
export const activityDaily = pgTable(
  "activity_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    brand: text("brand").notNull().default("unknown"),
    metric: text("metric").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.brand, t.metric] })],
);

/** The players active on a UTC day: `daily_active` grows only when a row here is new. */
export const activityPlayers = pgTable(
  "activity_players",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * The dashboard's daily rollup of the ledger, orders and sign-up cohorts: one counter per UTC day,
 * brand ('unknown' when none), metric and key, kept by statement-level triggers (migration 0011) in
 * the statement that writes the counted rows, so every writer is counted and a panel reads at most
 * days × brands × keys rows however large the ledger grows. Metrics: "coins_in"/"coins_out" (coins
 * by ledger reason), "revenue"/"paid_orders" (by "provider/price_id", on the paid day), "refunded"/
 * "disputed" (cents by provider, on the day the provider reported them), "cohort_accounts"/
 * "cohort_registered"/"cohort_payers" (accounts by their creation day: all, now registered, ever paid).
 */
export const dashboardDaily = pgTable(
  "dashboard_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    brand: text("brand").notNull().default("unknown"),
    metric: text("metric").notNull(),
    key: text("key").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.brand, t.metric, t.key] })],
);
