import { z } from "zod";

// Shared field definitions: every field name of the wire exists here once.

/** Story, category and actor ids are short url-safe slugs (they appear in URLs). */
export const Slug = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and dashes");
/** An e-mail address as users type it; stored lower-cased. */
export const Email = z
  .string()
  .trim()
  .max(254)
  .email("must be a valid e-mail address")
  .transform((s) => s.toLowerCase());
/** An ISO-8601 timestamp string. */
export const Timestamp = z.string();
const Int = z.number().int();

/** Roles of spec section 3; super_admin counts as admin. */
export const Role = z.enum(["guest", "normal", "admin", "super_admin"]);
export type Role = z.infer<typeof Role>;
/** Account status. */
export const UserStatus = z.enum(["normal", "disabled"]);

/** Where review of a submitted story version stands. */
export const ReviewState = z.enum(["pending", "approved", "rejected"]);
export type ReviewState = z.infer<typeof ReviewState>;

/** A story's content rating: mature stories are for signed-in players who confirmed they are 18 or older. */
export const Rating = z.enum(["general", "mature"]);
export type Rating = z.infer<typeof Rating>;

/** User info (spec section 3). */
export const User = z.object({
  uuid: z.string().uuid(),
  id: Int,
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: Role,
  status: UserStatus,
  is_guest: z.boolean(),
  coins: Int,
  avatar_url: z.string().nullable(),
  level: Int,
  vip_level: Int,
  create_time: Timestamp,
  /** when the player confirmed in settings that they are 18 or older; null: not confirmed */
  adult_confirmed_at: Timestamp.nullable().optional(),
});
export type User = z.infer<typeof User>;

/** Auth object: tokens and the access token lifetime in seconds. */
export const Auth = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires: Int,
});
export type Auth = z.infer<typeof Auth>;

/** A character of a story. */
export const Actor = z.object({
  id: Slug,
  slug: Slug,
  story_id: Slug,
  name: z.string(),
  tagline: z.string(),
  persona: z.string(),
  greeting: z.string(),
  avatar_url: z.string(),
});
export type Actor = z.infer<typeof Actor>;

/** A category of the catalogue. */
export const Category = z.object({
  id: Slug,
  name: z.string(),
  description: z.string(),
  story_count: Int,
});
export type Category = z.infer<typeof Category>;

/** A story as listed (cards, rows). */
export const StorySummary = z.object({
  id: Slug,
  title: z.string(),
  hook: z.string(),
  cover_url: z.string(),
  category_id: Slug,
  tags: z.array(z.string()),
  play_count: Int,
  like_count: Int,
  actors: z.array(Actor.pick({ id: true, slug: true, name: true, avatar_url: true })),
  created_at: Timestamp,
  last_played_at: Timestamp.optional(),
  /** The display name of the user who wrote it in the story editor; absent for authored stories. */
  author_name: z.string().optional(),
  /** "mature" stories are shown only to signed-in players who confirmed their age; absent means general */
  rating: Rating.optional(),
  /** chosen by staff: the popular list's first page starts with the featured stories */
  featured: z.boolean(),
});
export type StorySummary = z.infer<typeof StorySummary>;

/** A story with everything its detail page shows, and the caller's own flags. */
export const StoryDetail = StorySummary.extend({
  description: z.string(),
  opening: z.string(),
  actors_full: z.array(Actor),
  liked: z.boolean(),
  subscribed: z.boolean(),
});
export type StoryDetail = z.infer<typeof StoryDetail>;

/** Subscription of an e-mail to a story's updates. */
export const Subscription = z.object({ story_id: Slug, email: z.string() });
/** A favourite. */
export const Favorite = z.object({ story_id: Slug });

/** Price package (amount in cents). */
export const PricePackage = z.object({
  id: z.string(),
  name: z.string(),
  amount: Int,
  coins: Int,
  extra: z.object({
    background_url: z.string().nullable().optional(),
    discount_percent: Int.nullable().optional(),
  }),
});
export type PricePackage = z.infer<typeof PricePackage>;

/** The four daily tasks. */
export const TaskId = z.enum(["play-game", "share-game", "create-story", "invite-friend"]);
export type TaskId = z.infer<typeof TaskId>;

/** One daily task's state for today. */
export const DailyTask = z.object({
  id: TaskId,
  title: z.string(),
  description: z.string(),
  reward: Int,
  progress: Int,
  target: Int,
  completed: z.boolean(),
  claimed: z.boolean(),
});
export type DailyTask = z.infer<typeof DailyTask>;

/** One day of the 7-day check-in calendar. */
export const CheckInDay = z.object({
  day: Int,
  reward: Int,
  claimed: z.boolean(),
  today: z.boolean(),
});
/** The caller's check-in state. */
export const CheckInState = z.object({
  streak: Int,
  claimed_today: z.boolean(),
  days: z.array(CheckInDay),
  next_reward: Int,
});
export type CheckInState = z.infer<typeof CheckInState>;

/** A coin ledger entry. */
export const LedgerEntry = z.object({
  id: z.string(),
  reason: z.string(),
  amount: Int,
  balance_after: Int,
  created_at: Timestamp,
  /** Coins a refund or dispute should have taken back but the balance could not cover. */
  shortfall: Int.optional(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** Public settings. */
export const Sysconfig = z.object({
  checkin_rewards: z.array(Int),
  task_rewards: z.record(z.string(), Int),
  chat_cost_per_reply: Int,
  new_guest_coins: Int,
  invite_reward: Int,
  currency: z.string(),
});
export type Sysconfig = z.infer<typeof Sysconfig>;

/** A chat message between the player and a character. */
export const ChatMessage = z.object({
  id: z.string(),
  role: z.enum(["user", "actor", "narrator"]),
  actor_id: Slug.nullable(),
  content: z.string(),
  choices: z.array(z.object({ index: Int, text: z.string() })).optional(),
  /** a model reply's reasoning, kept apart from its text (chat variant 3 shows it, collapsed) */
  reasoning: z.string().optional(),
  /** where the text came from: the story's script or the language model */
  source: z.enum(["script", "model"]).optional(),
  /** a model reply the player stopped; its text is what was written until then */
  stopped: z.boolean().optional(),
  /** the last model reply's alternatives (regenerations): which one is shown (0-based) of how many */
  alternatives: z.object({ index: Int, count: Int }).optional(),
  /** staff removed this message after a report: content is empty */
  removed: z.boolean().optional(),
  created_at: Timestamp,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A payment order. */
export const Order = z.object({
  id: z.string(),
  provider: z.enum(["stripe", "onlypay"]),
  price_id: z.string(),
  amount: Int,
  coins: Int,
  status: z.enum(["pending", "paid", "failed", "cancelled"]),
  created_at: Timestamp,
});
export type Order = z.infer<typeof Order>;

/** How far back an ad-platform event may lie: the Conversions API refuses events older than 7 days. */
export const META_EVENT_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Ad-platform (Meta Conversions API) event, spec section 3. Known fields only (strict objects), so a
 * typo or a raw field the server must not forward (a plain e-mail under another name) is refused.
 */
export const MetaEvent = z
  .object({
    event_name: z.string().min(1).max(100),
    /** Unix seconds; at most 7 days old. */
    event_time: Int.refine((t) => t >= Math.floor(Date.now() / 1000) - META_EVENT_MAX_AGE_S, "is older than 7 days"),
    user_data: z
      .object({
        client_user_agent: z.string().max(1000).optional(),
        fbc: z.string().max(500).optional(),
        fbp: z.string().max(500).optional(),
        /** e-mail; the server normalises and SHA-256 hashes it before storing or sending */
        em: z.string().max(500).optional(),
        /** phone; normalised to digits and hashed like em */
        ph: z.string().max(500).optional(),
        /** the user's id; hashed like em */
        external_id: z.string().max(500).optional(),
      })
      .strict()
      .default({}),
    custom_data: z
      .object({
        currency: z.string().max(8).default("usd"),
        value: z.number().finite().optional(),
        order_id: z.string().max(200).optional(),
        contents: z
          .array(
            z
              .object({
                id: z.string().max(200),
                quantity: Int,
                item_price: z.number().finite().optional(),
                title: z.string().max(500).optional(),
                delivery_category: z.string().max(100).optional(),
                category: z.string().max(100).optional(),
              })
              .strict(),
          )
          .max(100)
          .optional(),
      })
      .strict()
      .optional(),
    event_source_url: z.string().max(2000).optional(),
    action_source: z.string().max(50).default("website"),
    /** Shared by the browser's pixel event and the server event so the platform counts it once. */
    event_id: z.string().min(1).max(200).optional(),
  })
  .strict();
export type MetaEvent = z.infer<typeof MetaEvent>;

/** Referral data kept by the client. */
export const ReferralData = z.object({ sourceCode: z.string().optional(), inviteCode: z.string().optional() });
export type ReferralData = z.infer<typeof ReferralData>;
