import { z } from "zod";
import { consoleOrderInputs, consoleOrderOutputs } from "./console-orders";
import {
  Auth,
  Category,
  ChatMessage,
  CheckInState,
  DailyTask,
  Email,
  LedgerEntry,
  MetaEvent,
  Order,
  PricePackage,
  Slug,
  StoryDetail,
  StorySummary,
  Sysconfig,
  Timestamp,
  type TaskId,
  User,
  Actor,
} from "./entities";

import { routes, type AuthMode } from "./routes";
import { adminInputs, adminOutputs, Notice, ReportInput } from "./safety";
import { consoleInputs, consoleOutputs } from "./console";
import { dashboardInputs, dashboardOutputs } from "./console-dashboard";
import { catalogueInputs, catalogueOutputs } from "./console-catalogue";
import { CowriteRequest, CowriteSuggestion, DraftChanges, DraftFields, DraftId, PublishOutcome, StoryDraft, StoryDraftSummary } from "./story-draft";
import { PromptRecord } from "./lorebook";
import { BranchId, ChatBranch, ChatBranchLines } from "./chat-branches";
import { ChatMemory, MemoryPins, MemorySummary } from "./memory";
import { ChatScene } from "./chat-scene";
import { storyVersionInputs, storyVersionOutputs } from "./story-versions";


/** One call of the wire: method, exact path, auth mode, input (query for GET, body for POST) and data. */
export interface EndpointDef<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: "GET" | "POST";
  path: `/api/v1/${string}`;
  auth: A;
  input: I;
  output: O;
}

const def = <I extends z.ZodType, O extends z.ZodType, A extends AuthMode>(e: EndpointDef<I, O, A>) => e;
const none = z.object({});
const storyRef = z.object({ story_id: Slug }).strict();

/** A chat thread: its messages, whether the story ended, and whether typed messages are answered. */
const chatThread = z.object({
  messages: z.array(ChatMessage),
  ended: z.boolean(),
  /** true when a language model is configured (typed messages are answered); false: play by the choices */
  free_text: z.boolean(),
});
/** What a turn wrote, the balance after it and whether the story ended. */
const chatTurn = z.object({ messages: z.array(ChatMessage), coins: z.number().int(), ended: z.boolean() });
/** A player's typed message. */
const chatText = z.string().trim().min(1).max(2000);
/** A message id on the wire: the decimal string of its row id. */
const MessageId = z.string().regex(/^[1-9][0-9]{0,17}$/, "must be a message id");
/**
 * Which chat a call is about. mode = the chat route: /chat → character, /chat2 → story,
 * /chat3 → reasoning, /chat4 → group; default "character" with actor_id, else "story".
 */
const chatTarget = z.object({
  story_id: Slug,
  actor_id: Slug.optional(),
  mode: z.enum(["character", "story", "reasoning", "group"]).optional(),
});
const Cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "malformed cursor");
/** Page size cap of every list call. */
export const MAX_PAGE_SIZE = 50;
const Limit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
const HttpUrl = z
  .string()
  .max(2000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "must be an http(s) URL");

/** Most events one forward call takes: the browser sends batches of 5, so 50 leaves room for a page-hide flush. */
export const MAX_META_EVENTS = 50;

/**
 * The ad-platform events the product's browser code sends through the forward. `Purchase` is taken
 * but dropped: the server sends it at fulfilment, so a browser cannot report a purchase that was not paid.
 */
export const FORWARDED_META_EVENTS = ["CompleteRegistration", "CheckIn", "Purchase"] as const;

/** The endpoint table: the one list of paths and fields, used by the server and by api-client. */
export const endpoints = {
  whoami: def({
    ...routes.whoami,
    input: none,
    output: z.object({ user: User }),
  }),
  guestSignUp: def({
    ...routes.guestSignUp,
    input: z.object({
      device_id: z
        .string()
        .min(8)
        .max(128)
        .regex(/^[A-Za-z0-9_-]+$/, "must be 8-128 url-safe characters"),
      gender: z.string().max(16).default("unknown"),
      invite_code: z.string().max(32).optional(),
      /** A solved proof-of-work challenge (see proof-of-work.ts): the base64 JSON payload `powPayload` makes. */
      altcha: z.string().max(4096).optional(),
    }),
    output: z.object({ auth: Auth, user: User }),
  }),
  refresh: def({
    ...routes.refresh,
    input: z.object({ refresh_token: z.string().min(1).max(512) }),
    output: z.object({ auth: Auth }),
  }),
  login: def({
    ...routes.login,
    input: z.looseObject({
      email: Email,
      code: z.string().regex(/^\d{6}$/, "must be the 6-digit code"),
      user_id: z.string().uuid().optional(),
    }),
    output: z.object({ auth: Auth, user: User }),
  }),
  sendCode: def({
    ...routes.sendCode,
    input: z.object({ email: Email, code_type: z.enum(["login"]).default("login") }),
    output: z.object({ expires_in: z.number().int(), resend_in: z.number().int() }),
  }),
  updateUserInfo: def({
    ...routes.updateUserInfo,
    input: z
      .object({
        name: z.string().trim().min(1).max(50).optional(),
        username: z
          .string()
          .trim()
          .min(3)
          .max(30)
          .regex(/^[A-Za-z0-9_]+$/, "letters, digits and underscores only")
          .optional(),
        avatar_url: HttpUrl.nullable().optional(),
      })
      .strict(),
    output: z.object({ user: User }),
  }),

  storyList: def({
    ...routes.storyList,
    input: z
      .object({
        category_id: Slug.optional(),
        q: z.string().trim().max(100).optional(),
        sort: z.enum(["popular", "new", "trending"]).default("popular"),
        cursor: Cursor.nullable().optional(),
        limit: Limit.default(20),
      })
      .strict(),
    output: z.object({ stories: z.array(StorySummary), next_cursor: z.string().nullable() }),
  }),
  categoryList: def({
    ...routes.categoryList,
    input: none,
    output: z.object({ categories: z.array(Category) }),
  }),
  storyGet: def({
    ...routes.storyGet,
    input: z.object({ id: Slug }),
    output: z.object({ story: StoryDetail }),
  }),
  characterGet: def({
    ...routes.characterGet,
    input: z.object({ slug: Slug }),
    output: z.object({ actor: Actor, story: StorySummary }),
  }),
  subscribe: def({
    ...routes.subscribe,
    input: z.object({ story_id: Slug, email: Email }).strict(),
    output: z.object({ story_id: Slug, email: z.string(), subscribed: z.boolean() }),
  }),
  unsubscribe: def({
    ...routes.unsubscribe,
    input: storyRef,
    output: z.object({ story_id: Slug, subscribed: z.boolean() }),
  }),
  favoriteCreate: def({
    ...routes.favoriteCreate,
    input: storyRef,
    output: z.object({ story_id: Slug, liked: z.boolean(), like_count: z.number().int() }),
  }),
  favoriteDelete: def({
    ...routes.favoriteDelete,
    input: storyRef,
    output: z.object({ story_id: Slug, liked: z.boolean(), like_count: z.number().int() }),
  }),
  gameHistoryList: def({
    ...routes.gameHistoryList,
    input: none,
    output: z.object({ stories: z.array(StorySummary) }),
  }),
  favoriteList: def({
    ...routes.favoriteList,
    input: none,
    output: z.object({ stories: z.array(StorySummary) }),
  }),
  checkInGet: def({
    ...routes.checkInGet,
    input: none,
    output: CheckInState,
  }),
  checkInCreate: def({
    ...routes.checkInCreate,
    input: none,
    output: CheckInState.extend({ reward: z.number().int(), coins: z.number().int() }),
  }),
  dailyTasksList: def({
    ...routes.dailyTasksList,
    input: none,
    output: z.object({ tasks: z.array(DailyTask) }),
  }),
  taskPlayGame: def({
    ...routes.taskPlayGame,
    input: z.object({ story_id: Slug }).strict(),
    output: z.object({ task: DailyTask, reward: z.number().int(), coins: z.number().int() }),
  }),
  taskShareGame: def({
    ...routes.taskShareGame,
    input: z
      .object({
        story_id: Slug,
        channel: z.enum(["link", "x", "facebook", "whatsapp", "telegram", "other"]).default("link"),
      })
      .strict(),
    output: z.object({ task: DailyTask, reward: z.number().int(), coins: z.number().int() }),
  }),
  taskCreateStory: def({
    ...routes.taskCreateStory,
    input: z
      .object({ title: z.string().trim().min(1).max(120), premise: z.string().trim().min(1).max(2000) })
      .strict(),
    output: z.object({ task: DailyTask, reward: z.number().int(), coins: z.number().int() }),
  }),
  taskInviteFriend: def({
    ...routes.taskInviteFriend,
    input: none,
    output: z.object({ task: DailyTask, reward: z.number().int(), coins: z.number().int() }),
  }),
  inviteCode: def({
    ...routes.inviteCode,
    input: none,
    output: z.object({ invite_code: z.string(), invited_count: z.number().int() }),
  }),
  sysconfigList: def({
    ...routes.sysconfigList,
    input: none,
    output: Sysconfig,
  }),
  priceList: def({
    ...routes.priceList,
    input: none,
    output: z.array(PricePackage),
  }),
  ledgerList: def({
    ...routes.ledgerList,
    input: z.object({ cursor: Cursor.optional(), limit: Limit.default(20) }),
    output: z.object({ entries: z.array(LedgerEntry), next_cursor: z.string().nullable() }),
  }),

  checkoutCreate: def({
    ...routes.checkoutCreate,
    input: z
      .object({ price_id: z.string().min(1).max(64), success_url: HttpUrl, cancel_url: HttpUrl })
      .strict(),
    // url: the hosted checkout to send the browser to; publishable_key: for Stripe.js when there is no url.
    output: z.object({
      session_id: z.string(),
      url: z.string().optional(),
      order_id: z.string().optional(),
      publishable_key: z.string().optional(),
    }),
  }),
  onlypayOrderCreate: def({
    ...routes.onlypayOrderCreate,
    input: z.object({ price_id: z.string().min(1).max(64), redirect_url: HttpUrl }).strict(),
    output: z.object({ order_id: z.string(), pay_url: z.string() }),
  }),
  orderGet: def({
    ...routes.orderGet,
    input: z.object({ id: z.string().min(1).max(100) }),
    output: z.object({ order: Order }),
  }),

  chatHistory: def({
    ...routes.chatHistory,
    input: z.object({ story_id: Slug, actor_id: Slug }).strict(),
    output: chatThread,
  }),
  chatReasoningHistory: def({
    ...routes.chatReasoningHistory,
    input: z.object({ story_id: Slug }).strict(),
    output: chatThread,
  }),
  chatSend: def({
    ...routes.chatSend,
    input: chatTarget
      .extend({
        content: chatText.optional(),
        choice: z.number().int().min(0).max(99).optional(),
        /**
         * required with `choice`: the id of the message that offered it. When the story has moved on
         * since (the same pick sent twice), the pick is refused 409 instead of taking the next scene's choice.
         */
        choice_of: MessageId.optional(),
        /** start the story over from its opening */
        restart: z.boolean().optional(),
      })
      .strict()
      .refine((v) => [v.content, v.choice, v.restart].filter((x) => x !== undefined).length <= 1, {
        message: "send at most one of content, choice or restart",
      })
      .refine((v) => v.choice_of === undefined || v.choice !== undefined, { message: "choice_of goes with a choice", path: ["choice_of"] })
      .refine((v) => v.choice === undefined || v.choice_of !== undefined, {
        message: "is required with a choice: the id of the message that offered it",
        path: ["choice_of"],
      }),
    output: chatTurn,
  }),
  chatRegenerate: def({
    ...routes.chatRegenerate,
    input: chatTarget.strict(),
    output: chatTurn,
  }),
  // "Continue": the last reply (a character's or the narrator's) extended where it stops, charged as
  // a reply; streams like message.regenerate. 409 when the chat's last message is not a model reply.
  chatContinue: def({
    ...routes.chatContinue,
    input: chatTarget.strict(),
    output: chatTurn,
  }),
  chatEdit: def({
    ...routes.chatEdit,
    input: chatTarget.extend({ message_id: MessageId, content: chatText }).strict(),
    output: chatTurn,
  }),
  chatSelect: def({
    ...routes.chatSelect,
    input: z.object({ story_id: Slug, message_id: MessageId, index: z.number().int().min(0).max(19) }).strict(),
    output: z.object({ message: ChatMessage }),
  }),
  // Branches (issue 45): the caller's own chat of a story they may play (404 otherwise).
  chatBranchList: def({
    ...routes.chatBranchList,
    input: z.object({ story_id: Slug }).strict(),
    output: z.object({ branches: z.array(ChatBranch) }),
  }),
  // Every branch with its lines, for the JSON export; `complete` is false when the chat holds more
  // messages than one answer carries (the newest are kept).
  chatBranchExport: def({
    ...routes.chatBranchExport,
    input: z.object({ story_id: Slug }).strict(),
    output: z.object({ branches: z.array(ChatBranchLines), complete: z.boolean() }),
  }),
  chatBranchSwitch: def({
    ...routes.chatBranchSwitch,
    input: z.object({ story_id: Slug, branch_id: BranchId }).strict(),
    output: chatThread.extend({ branch_id: z.string() }),
  }),
  // With `index`: show that alternative of a reply (free; an earlier reply's continues on a branch).
  // Without: a new alternative of the reply (charged as a reply; streams like message.regenerate),
  // an earlier reply's on a new branch. Either way the client reads the thread anew after it.
  chatBranchFork: def({
    ...routes.chatBranchFork,
    input: chatTarget.extend({ message_id: MessageId, index: z.number().int().min(0).max(19).optional() }).strict(),
    output: chatTurn,
  }),
  // The prompt inspector: what one of the caller's own model replies was built from (404 for anyone
  // else's, and for replies written before prompts were recorded).
  chatPrompt: def({
    ...routes.chatPrompt,
    input: z.object({ story_id: Slug, message_id: MessageId }).strict(),
    output: z.object({ message_id: z.string(), prompt: PromptRecord }),
  }),
  // A chat's memory (the memory panel): the caller's own chat of a story they may play.
  chatMemory: def({
    ...routes.chatMemory,
    input: z.object({ story_id: Slug }).strict(),
    output: ChatMemory,
  }),
  // Rewrites the summary and/or replaces the pinned facts (the panel sends the whole list); the next reply uses them.
  chatMemorySave: def({
    ...routes.chatMemorySave,
    input: z
      .object({ story_id: Slug, summary: MemorySummary.optional(), pins: MemoryPins.optional() })
      .strict()
      .refine((v) => v.summary !== undefined || v.pins !== undefined, { message: "send the summary, the pins or both" }),
    output: ChatMemory,
  }),
  // Where the caller's chat of a story stands: its scene, speaker and goal (the panel beside the chat).
  chatScene: def({
    ...routes.chatScene,
    input: z.object({ story_id: Slug }).strict(),
    output: ChatScene,
  }),

  metaForward: def({
    ...routes.metaForward,
    // Also sent as a form (field `data` holding the JSON list) by navigator.sendBeacon on page hide.
    input: z
      .object({
        data: z
          .array(MetaEvent.extend({ event_name: z.enum(FORWARDED_META_EVENTS, { message: `must be one of ${FORWARDED_META_EVENTS.join(", ")}` }) }))
          .min(1, "No events to send")
          .max(MAX_META_EVENTS, `At most ${MAX_META_EVENTS} events per call`),
      })
      .strict(),
    output: z.object({ events_received: z.number().int() }),
  }),
  // What the browser's tracking runtime needs, set where the API is deployed (null: that part is off).
  trackingConfig: def({
    ...routes.trackingConfig,
    input: none,
    output: z.object({
      meta_pixel_id: z.string().nullable(),
      meta_pixel_script_url: z.string(),
      posthog_key: z.string().nullable(),
      posthog_host: z.string(),
      session_recording_id: z.string().nullable(),
    }),
  }),

  storyDraftCreate: def({
    ...routes.storyDraftCreate,
    input: DraftFields,
    output: z.object({ draft: StoryDraft }),
  }),
  storyDraftUpdate: def({
    ...routes.storyDraftUpdate,
    // Only the fields sent change.
    input: DraftChanges.extend({ id: DraftId }),
    output: z.object({ draft: StoryDraft }),
  }),
  storyDraftGet: def({
    ...routes.storyDraftGet,
    input: z.object({ id: DraftId }),
    // cowrite: a language model is configured, so the editor offers story-draft.cowrite
    output: z.object({ draft: StoryDraft, cowrite: z.boolean() }),
  }),
  storyDraftList: def({
    ...routes.storyDraftList,
    input: none,
    output: z.object({ drafts: z.array(StoryDraftSummary) }),
  }),
  storyDraftPublish: def({
    ...routes.storyDraftPublish,
    input: z.object({ id: DraftId }).strict(),
    output: PublishOutcome,
  }),
  storyDraftUnpublish: def({
    ...routes.storyDraftUnpublish,
    input: z.object({ id: DraftId }).strict(),
    output: z.object({ draft: StoryDraft }),
  }),
  // Free, and counted against the caller's per-minute model limit (shared with chat replies).
  storyDraftCowrite: def({
    ...routes.storyDraftCowrite,
    input: CowriteRequest,
    output: z.object({ suggestion: CowriteSuggestion }),
  }),
  // Owner only (anyone else's draft is NOT_FOUND); a restore changes the draft and nothing else.
  storyVersionList: def({ ...routes.storyVersionList, input: storyVersionInputs.storyVersionList, output: storyVersionOutputs.storyVersionList }),
  storyVersionGet: def({ ...routes.storyVersionGet, input: storyVersionInputs.storyVersionGet, output: storyVersionOutputs.storyVersionGet }),
  storyVersionRestore: def({ ...routes.storyVersionRestore, input: storyVersionInputs.storyVersionRestore, output: storyVersionOutputs.storyVersionRestore }),
  // One open report per reporter and target; limited per user and per address.
  reportCreate: def({
    ...routes.reportCreate,
    input: ReportInput,
    output: z.object({ report: z.object({ id: z.string(), status: z.enum(["open"]) }), message: z.string() }),
  }),
  noticeList: def({
    ...routes.noticeList,
    input: none,
    output: z.object({ notices: z.array(Notice), unread: z.number().int() }),
  }),
  noticeRead: def({
    ...routes.noticeRead,
    // no ids: mark every notice read
    input: z.object({ ids: z.array(z.string().regex(/^[1-9][0-9]{0,17}$/, "must be a notice id")).max(100).optional() }).strict(),
    output: z.object({ unread: z.number().int() }),
  }),
  // Signed-in players only (a guest has no account to hold the confirmation).
  ageConfirm: def({
    ...routes.ageConfirm,
    input: z.object({ confirm: z.literal(true) }).strict(),
    output: z.object({ user: User }),
  }),
  // Everything the service holds about the caller, in one JSON document.
  dataExport: def({
    ...routes.dataExport,
    input: none,
    output: z.object({ export: z.record(z.string(), z.unknown()) }),
  }),
  // Sends a code to the account's e-mail to confirm a deletion.
  accountDeleteCode: def({
    ...routes.accountDeleteCode,
    input: none,
    output: z.object({ expires_in: z.number().int(), resend_in: z.number().int() }),
  }),
  accountDelete: def({
    ...routes.accountDelete,
    input: z.object({ code: z.string().regex(/^\d{6}$/, "must be the 6-digit code") }).strict(),
    output: z.object({ erase_by: Timestamp }),
  }),
  adminReviewList: def({ ...routes.adminReviewList, input: adminInputs.reviewList, output: adminOutputs.reviewList }),
  adminReviewDecide: def({ ...routes.adminReviewDecide, input: adminInputs.reviewDecide, output: adminOutputs.reviewDecide }),
  adminStoryRate: def({ ...routes.adminStoryRate, input: adminInputs.storyRate, output: adminOutputs.storyState }),
  adminStoryUnpublish: def({ ...routes.adminStoryUnpublish, input: adminInputs.storyUnpublish, output: adminOutputs.storyState }),
  adminStoryRestore: def({ ...routes.adminStoryRestore, input: adminInputs.storyRestore, output: adminOutputs.storyState }),
  adminReportList: def({ ...routes.adminReportList, input: adminInputs.reportList, output: adminOutputs.reportList }),
  adminReportResolve: def({ ...routes.adminReportResolve, input: adminInputs.reportResolve, output: adminOutputs.reportResolve }),
  adminUserBan: def({ ...routes.adminUserBan, input: adminInputs.userBan, output: adminOutputs.userState }),
  adminUserUnban: def({ ...routes.adminUserUnban, input: adminInputs.userUnban, output: adminOutputs.userState }),
  adminHistory: def({ ...routes.adminHistory, input: adminInputs.history, output: adminOutputs.history }),
  adminDeletionList: def({ ...routes.adminDeletionList, input: none, output: adminOutputs.deletions }),
  adminPlayerSearch: def({ ...routes.adminPlayerSearch, input: consoleInputs.playerSearch, output: consoleOutputs.playerSearch }),
  adminPlayerGet: def({ ...routes.adminPlayerGet, input: consoleInputs.playerGet, output: consoleOutputs.playerGet }),
  adminPlayerLedger: def({ ...routes.adminPlayerLedger, input: consoleInputs.playerLedger, output: consoleOutputs.playerLedger }),
  adminPlayerChat: def({ ...routes.adminPlayerChat, input: consoleInputs.playerChat, output: consoleOutputs.playerChat }),
  adminCoinsAdjust: def({ ...routes.adminCoinsAdjust, input: consoleInputs.coinsAdjust, output: consoleOutputs.coinsAdjust }),
  adminSessionsRevoke: def({ ...routes.adminSessionsRevoke, input: consoleInputs.sessionsRevoke, output: consoleOutputs.sessionsRevoke }),
  adminAuditList: def({ ...routes.adminAuditList, input: consoleInputs.auditList, output: consoleOutputs.auditList }),
  adminSettingsList: def({ ...routes.adminSettingsList, input: none, output: consoleOutputs.settingsList }),
  adminSettingsUpdate: def({ ...routes.adminSettingsUpdate, input: consoleInputs.settingsUpdate, output: consoleOutputs.settingsUpdate }),
  adminStaffList: def({ ...routes.adminStaffList, input: none, output: consoleOutputs.staffList }),
  adminStaffSetRole: def({ ...routes.adminStaffSetRole, input: consoleInputs.staffSetRole, output: consoleOutputs.staffSetRole }),
  // The console's Catalogue (staff).
  adminCatalogueList: def({ ...routes.adminCatalogueList, input: catalogueInputs.storyList, output: catalogueOutputs.storyList }),
  adminStoryHide: def({ ...routes.adminStoryHide, input: catalogueInputs.storyHide, output: catalogueOutputs.story }),
  adminCatalogueFeature: def({ ...routes.adminCatalogueFeature, input: catalogueInputs.storyFeature, output: catalogueOutputs.story }),
  adminCatalogueUnfeature: def({ ...routes.adminCatalogueUnfeature, input: catalogueInputs.storyUnfeature, output: catalogueOutputs.story }),
  adminStoryCategory: def({ ...routes.adminStoryCategory, input: catalogueInputs.storyCategory, output: catalogueOutputs.story }),
  adminStoryEdit: def({ ...routes.adminStoryEdit, input: catalogueInputs.storyEdit, output: catalogueOutputs.story }),
  adminCategoryList: def({ ...routes.adminCategoryList, input: none, output: catalogueOutputs.categories }),
  adminCategorySort: def({ ...routes.adminCategorySort, input: catalogueInputs.categorySort, output: catalogueOutputs.categories }),
  adminOrderList: def({ ...routes.adminOrderList, input: consoleOrderInputs.orderList, output: consoleOrderOutputs.orderList }),
  adminOrderGet: def({ ...routes.adminOrderGet, input: consoleOrderInputs.orderGet, output: consoleOrderOutputs.orderGet }),
  adminOrderRefund: def({ ...routes.adminOrderRefund, input: consoleOrderInputs.orderRefund, output: consoleOrderOutputs.orderRefund }),
  adminReconcileRun: def({ ...routes.adminReconcileRun, input: consoleOrderInputs.reconcileRun, output: consoleOrderOutputs.reconcileRun }),
  adminReconcileFix: def({ ...routes.adminReconcileFix, input: consoleOrderInputs.reconcileFix, output: consoleOrderOutputs.reconcileFix }),
  // The console's dashboard (#44).
  adminDashboard: def({ ...routes.adminDashboard, input: dashboardInputs.dashboard, output: dashboardOutputs.dashboard }),
} as const;

/** The name of an endpoint in the table. */
export type EndpointName = keyof typeof endpoints;
/** What a call takes before defaults are applied (what a caller writes). */
export type EndpointInput<N extends EndpointName> = z.input<(typeof endpoints)[N]["input"]>;
/** What the server sees after validation. */
export type EndpointParsedInput<N extends EndpointName> = z.output<(typeof endpoints)[N]["input"]>;
/** The `data` of a successful answer. */
export type EndpointData<N extends EndpointName> = z.output<(typeof endpoints)[N]["output"]>;

/** Task endpoint of each daily task. */
export const taskEndpoint: Record<TaskId, EndpointName> = {
  "play-game": "taskPlayGame",
  "share-game": "taskShareGame",
  "create-story": "taskCreateStory",
  "invite-friend": "taskInviteFriend",
};

/** The payment request of the client (spec section 3), before it is mapped to a provider's call. */
export const PaymentRequest = z.object({
  priceId: z.string(),
  successUrl: z.string().optional(),
  cancelUrl: z.string().optional(),
  redirectUrl: z.string().optional(),
});
/** The payment result of the client (spec section 3). */
export const PaymentResult = z.object({
  success: z.boolean(),
  provider: z.enum(["stripe", "onlypay"]).optional(),
  sessionId: z.string().optional(),
  useStripeSDK: z.boolean().optional(),
  orderId: z.string().optional(),
  redirectUrl: z.string().optional(),
  error: z.string().optional(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;
