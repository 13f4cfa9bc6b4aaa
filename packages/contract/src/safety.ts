import { z } from "zod";
import { REPORT_REASONS, SAFETY_TEXT_MAX } from "./constants";
import { Rating, ReviewState, Slug, Timestamp } from "./entities";

// Trust and safety: review of published stories, content ratings, reports, staff actions, notices,
// and the player's own data (export, deletion).

const Int = z.number().int();

/** The fixed list of report reasons (constants.ts, zod-free for the pages); the first jumps the review queue. */
export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

/** What can be reported. */
export const ReportTargetKind = z.enum(["story", "character", "message"]);
export type ReportTargetKind = z.infer<typeof ReportTargetKind>;

/** How review of one of the author's stories stands (null on a draft never submitted). */
export const DraftReview = z.object({
  /** the newest submission's id */
  version_id: z.string(),
  state: ReviewState,
  /** why staff rejected it, shown to the author */
  reason: z.string().nullable(),
  submitted_at: Timestamp,
  decided_at: Timestamp.nullable(),
  /** the catalogue still plays an earlier approved version while this one waits */
  live_version_approved: z.boolean(),
  /** staff hid the story (reports or a decision); it is out of the catalogue until staff restore it */
  hidden: z.boolean(),
});
export type DraftReview = z.infer<typeof DraftReview>;

/** A report as its sender sends it. */
export const ReportInput = z
  .object({
    target_kind: ReportTargetKind,
    /** a story id, a character slug, or a chat message id (decimal) */
    target_id: z.string().trim().min(1).max(80),
    reason: ReportReason,
    details: z.string().trim().max(SAFETY_TEXT_MAX).default(""),
  })
  .strict();

/** An in-app notice. */
export const Notice = z.object({
  id: z.string(),
  kind: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: Timestamp,
});
export type Notice = z.infer<typeof Notice>;

/** Moderation endpoint verdict stored with a version. */
export const ModerationVerdict = z.object({
  /** "clean", "flagged", "error" (the endpoint failed: the version stays pending) or "skipped" (no endpoint) */
  status: z.enum(["clean", "flagged", "error", "skipped"]),
  categories: z.array(z.string()),
  model: z.string().nullable(),
  error: z.string().nullable(),
  checked_at: Timestamp.nullable(),
});
export type ModerationVerdict = z.infer<typeof ModerationVerdict>;

/** A submitted story version as staff review it. */
export const ReviewItem = z.object({
  version_id: z.string(),
  story_id: Slug,
  draft_id: z.string(),
  author: z.object({ id: Int, name: z.string(), email: z.string().nullable() }),
  title: z.string(),
  hook: z.string(),
  category_id: z.string(),
  tags: z.array(z.string()),
  characters: z.array(z.object({ name: z.string(), persona: z.string(), greeting: z.string() })),
  script: z.string(),
  rating: Rating,
  state: ReviewState.or(z.literal("superseded")),
  reason: z.string().nullable(),
  moderation: ModerationVerdict.nullable(),
  /** open reports of the "minors" reason against this story (such items come first) */
  urgent_reports: Int,
  /** an earlier version of this story is live */
  live: z.boolean(),
  submitted_at: Timestamp,
  decided_at: Timestamp.nullable(),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

/** Reports of one target, grouped. */
export const ReportGroup = z.object({
  target_kind: ReportTargetKind,
  target_id: z.string(),
  story_id: z.string(),
  /** a short excerpt of what was reported (title, name or message text) */
  excerpt: z.string(),
  count: Int,
  /** distinct signed-in reporters */
  registered_reporters: Int,
  reasons: z.array(z.object({ reason: ReportReason, count: Int })),
  details: z.array(z.string()),
  status: z.enum(["open", "dismissed", "actioned"]),
  hidden: z.boolean(),
  first_at: Timestamp,
  last_at: Timestamp,
});
export type ReportGroup = z.infer<typeof ReportGroup>;

/** One row of the audit log. */
export const StaffAction = z.object({
  id: z.string(),
  staff: z.object({ id: Int, name: z.string() }),
  action: z.string(),
  target_kind: z.string(),
  target_id: z.string(),
  reason: z.string(),
  detail: z.unknown().nullable(),
  created_at: Timestamp,
});
export type StaffAction = z.infer<typeof StaffAction>;

/** An account deletion waiting for the worker. */
export const PendingDeletion = z.object({ user_id: Int, requested_at: Timestamp, due_at: Timestamp, done_at: Timestamp.nullable() });

/** A required reason for a staff action that changes content or an account. */
export const StaffReason = z.string().trim().min(3, "give a reason (at least 3 characters)").max(SAFETY_TEXT_MAX);
/** A user id on the wire. */
export const UserId = z.coerce.number().int().min(1).max(2_147_483_647);
const PageCursor = z.string().regex(/^[1-9][0-9]{0,17}$/, "malformed cursor");
export const AdminLimit = z.coerce.number().int().min(1).max(100).default(50);

export const adminInputs = {
  reviewList: z.object({ state: z.enum(["pending", "approved", "rejected"]).default("pending"), cursor: PageCursor.optional(), limit: AdminLimit }),
  reviewDecide: z
    .object({
      version_id: z.string().regex(/^[1-9][0-9]{0,17}$/, "must be a version id"),
      decision: z.enum(["approve", "reject"]),
      /** required to reject (the author sees it); optional note to approve */
      reason: z.string().trim().max(SAFETY_TEXT_MAX).default(""),
      rating: Rating.optional(),
    })
    .strict(),
  storyRate: z.object({ story_id: Slug, rating: Rating, reason: StaffReason }).strict(),
  storyUnpublish: z.object({ story_id: Slug, reason: StaffReason }).strict(),
  storyRestore: z.object({ story_id: Slug, reason: StaffReason }).strict(),
  reportList: z.object({ status: z.enum(["open", "dismissed", "actioned"]).default("open"), cursor: z.string().max(200).regex(/^[A-Za-z0-9_-]+$/).optional(), limit: AdminLimit }),
  reportResolve: z
    .object({
      target_kind: ReportTargetKind,
      target_id: z.string().trim().min(1).max(80),
      action: z.enum(["dismiss", "hide", "unpublish", "delete_message"]),
      reason: StaffReason,
    })
    .strict(),
  userBan: z.object({ user_id: UserId, scope: z.enum(["publish", "account"]), reason: StaffReason }).strict(),
  userUnban: z.object({ user_id: UserId, scope: z.enum(["publish", "account"]), reason: StaffReason }).strict(),
  history: z
    .object({ story_id: Slug.optional(), user_id: UserId.optional() })
    .refine((v) => Boolean(v.story_id) !== Boolean(v.user_id), "give story_id or user_id"),
};

export const adminOutputs = {
  reviewList: z.object({ items: z.array(ReviewItem), next_cursor: z.string().nullable() }),
  reviewDecide: z.object({ item: ReviewItem }),
  storyState: z.object({
    story: z.object({ id: Slug, title: z.string(), published: z.boolean(), review_state: ReviewState, rating: Rating, hidden: z.boolean(), visible: z.boolean() }),
  }),
  reportList: z.object({ groups: z.array(ReportGroup), next_cursor: z.string().nullable() }),
  reportResolve: z.object({ group: ReportGroup }),
  userState: z.object({
    user: z.object({ id: Int, name: z.string(), email: z.string().nullable(), status: z.string(), banned: z.boolean(), publish_banned: z.boolean() }),
  }),
  history: z.object({
    actions: z.array(StaffAction),
    versions: z.array(ReviewItem.pick({ version_id: true, story_id: true, title: true, state: true, reason: true, moderation: true, submitted_at: true, decided_at: true })),
    reports: z.array(z.object({ id: z.string(), target_kind: ReportTargetKind, target_id: z.string(), reason: ReportReason, status: z.string(), created_at: Timestamp })),
  }),
  deletions: z.object({ deletions: z.array(PendingDeletion) }),
};
