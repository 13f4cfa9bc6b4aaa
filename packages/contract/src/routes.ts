// The endpoint table without schemas: what a browser needs to call the API (method, path, auth),
// importable without zod so it costs the pages nothing. `endpoints` adds the schemas to it.

/** Whether a call sends the bearer token: always, never, or when it has one (public reads). */
export type AuthMode = "required" | "none" | "optional";

/** Method, exact path and auth mode of one call. */
export interface RouteDef {
  method: "GET" | "POST";
  path: `/api/v1/${string}`;
  auth: AuthMode;
}

/** Every call of the wire by name. */
export const routes = {
  whoami: { method: "GET", path: "/api/v1/user.whoami", auth: "required" },
  guestSignUp: { method: "POST", path: "/api/v1/user-guest.sign-up", auth: "none" },
  refresh: { method: "POST", path: "/api/v1/user.refresh", auth: "none" },
  login: { method: "POST", path: "/api/v1/user.auth", auth: "none" },
  sendCode: { method: "POST", path: "/api/v1/verify-code.send", auth: "none" },
  updateUserInfo: { method: "POST", path: "/api/v1/user-info.update", auth: "required" },
  storyList: { method: "POST", path: "/api/v1/story.list", auth: "optional" },
  categoryList: { method: "GET", path: "/api/v1/category.list", auth: "optional" },
  storyGet: { method: "GET", path: "/api/v1/story.get", auth: "optional" },
  characterGet: { method: "GET", path: "/api/v1/character.get", auth: "optional" },
  subscribe: { method: "POST", path: "/api/v1/user-subscribe.create", auth: "required" },
  unsubscribe: { method: "POST", path: "/api/v1/user-subscribe.cancel", auth: "required" },
  favoriteCreate: { method: "POST", path: "/api/v1/favorite.create", auth: "required" },
  favoriteDelete: { method: "POST", path: "/api/v1/favorite.delete", auth: "required" },
  gameHistoryList: { method: "GET", path: "/api/v1/game-history.list", auth: "required" },
  favoriteList: { method: "GET", path: "/api/v1/favorite.list", auth: "required" },
  checkInGet: { method: "GET", path: "/api/v1/user-checkin.get", auth: "required" },
  checkInCreate: { method: "POST", path: "/api/v1/user-checkin.create", auth: "required" },
  dailyTasksList: { method: "GET", path: "/api/v1/daily-tasks.list", auth: "required" },
  taskPlayGame: { method: "POST", path: "/api/v1/daily-tasks.play-game", auth: "required" },
  taskShareGame: { method: "POST", path: "/api/v1/daily-tasks.share-game", auth: "required" },
  taskCreateStory: { method: "POST", path: "/api/v1/daily-tasks.create-story", auth: "required" },
  taskInviteFriend: { method: "POST", path: "/api/v1/daily-tasks.invite-friend", auth: "required" },
  inviteCode: { method: "GET", path: "/api/v1/daily-tasks.invite-code", auth: "required" },
  sysconfigList: { method: "GET", path: "/api/v1/sysconfig.list", auth: "optional" },
  priceList: { method: "GET", path: "/api/v1/price.list", auth: "optional" },
  ledgerList: { method: "GET", path: "/api/v1/coin-ledger.list", auth: "required" },
  checkoutCreate: { method: "POST", path: "/api/v1/checkout.create", auth: "required" },
  onlypayOrderCreate: { method: "POST", path: "/api/v1/onlypay/order.create", auth: "required" },
  orderGet: { method: "GET", path: "/api/v1/order.get", auth: "required" },
  chatHistory: { method: "POST", path: "/api/v1/actor/chat/game.history", auth: "required" },
  chatReasoningHistory: { method: "POST", path: "/api/v1/actor/chat/reasoning/game.history", auth: "required" },
  chatSend: { method: "POST", path: "/api/v1/actor/chat/message.send", auth: "required" },
  chatRegenerate: { method: "POST", path: "/api/v1/actor/chat/message.regenerate", auth: "required" },
  chatEdit: { method: "POST", path: "/api/v1/actor/chat/message.edit", auth: "required" },
  chatContinue: { method: "POST", path: "/api/v1/actor/chat/message.continue", auth: "required" },
  chatSelect: { method: "POST", path: "/api/v1/actor/chat/message.select", auth: "required" },
  chatPrompt: { method: "POST", path: "/api/v1/actor/chat/message.prompt", auth: "required" },
  chatBranchList: { method: "POST", path: "/api/v1/actor/chat/branch.list", auth: "required" },
  chatBranchExport: { method: "POST", path: "/api/v1/actor/chat/branch.export", auth: "required" },
  chatBranchSwitch: { method: "POST", path: "/api/v1/actor/chat/branch.switch", auth: "required" },
  chatBranchFork: { method: "POST", path: "/api/v1/actor/chat/branch.fork", auth: "required" },
  chatMemory: { method: "POST", path: "/api/v1/actor/chat/memory.get", auth: "required" },
  chatMemorySave: { method: "POST", path: "/api/v1/actor/chat/memory.save", auth: "required" },
  chatScene: { method: "POST", path: "/api/v1/actor/chat/scene.get", auth: "required" },
  // optional: page-hide beacons cannot send a bearer token; a token, when sent, links the events to the user.
  metaForward: { method: "POST", path: "/api/v1/meta-api.forward", auth: "optional" },
  trackingConfig: { method: "GET", path: "/api/v1/tracking.config", auth: "optional" },
  storyDraftCreate: { method: "POST", path: "/api/v1/story-draft.create", auth: "required" },
  storyDraftUpdate: { method: "POST", path: "/api/v1/story-draft.update", auth: "required" },
  storyDraftGet: { method: "GET", path: "/api/v1/story-draft.get", auth: "required" },
  storyDraftList: { method: "GET", path: "/api/v1/story-draft.list", auth: "required" },
  storyDraftPublish: { method: "POST", path: "/api/v1/story-draft.publish", auth: "required" },
  storyDraftUnpublish: { method: "POST", path: "/api/v1/story-draft.unpublish", auth: "required" },
  storyDraftCowrite: { method: "POST", path: "/api/v1/story-draft.cowrite", auth: "required" },
  // The author's versions of a draft (one per publish): list, read one, restore one into the draft.
  storyVersionList: { method: "GET", path: "/api/v1/story-version.list", auth: "required" },
  storyVersionGet: { method: "GET", path: "/api/v1/story-version.get", auth: "required" },
  storyVersionRestore: { method: "POST", path: "/api/v1/story-version.restore", auth: "required" },
  // Trust and safety: reports, notices, age confirmation, the player's own data.
  reportCreate: { method: "POST", path: "/api/v1/report.create", auth: "required" },
  noticeList: { method: "GET", path: "/api/v1/notice.list", auth: "required" },
  noticeRead: { method: "POST", path: "/api/v1/notice.read", auth: "required" },
  ageConfirm: { method: "POST", path: "/api/v1/user-age.confirm", auth: "required" },
  dataExport: { method: "GET", path: "/api/v1/user-data.export", auth: "required" },
  accountDeleteCode: { method: "POST", path: "/api/v1/user-delete.send-code", auth: "required" },
  accountDelete: { method: "POST", path: "/api/v1/user.delete", auth: "required" },
  // Staff (role admin or super_admin, enforced by the API).
  adminReviewList: { method: "GET", path: "/api/v1/admin/review.list", auth: "required" },
  adminReviewDecide: { method: "POST", path: "/api/v1/admin/review.decide", auth: "required" },
  adminStoryRate: { method: "POST", path: "/api/v1/admin/story.rate", auth: "required" },
  adminStoryUnpublish: { method: "POST", path: "/api/v1/admin/story.unpublish", auth: "required" },
  adminStoryRestore: { method: "POST", path: "/api/v1/admin/story.restore", auth: "required" },
  adminReportList: { method: "GET", path: "/api/v1/admin/report.list", auth: "required" },
  adminReportResolve: { method: "POST", path: "/api/v1/admin/report.resolve", auth: "required" },
  adminUserBan: { method: "POST", path: "/api/v1/admin/user.ban", auth: "required" },
  adminUserUnban: { method: "POST", path: "/api/v1/admin/user.unban", auth: "required" },
  adminHistory: { method: "GET", path: "/api/v1/admin/history.get", auth: "required" },
  adminDeletionList: { method: "GET", path: "/api/v1/admin/deletion.list", auth: "required" },
  // The operator console (staff; settings and staff roles for super admins only).
  adminPlayerSearch: { method: "GET", path: "/api/v1/admin/player.search", auth: "required" },
  adminPlayerGet: { method: "GET", path: "/api/v1/admin/player.get", auth: "required" },
  adminPlayerLedger: { method: "GET", path: "/api/v1/admin/player.ledger", auth: "required" },
  adminPlayerChat: { method: "GET", path: "/api/v1/admin/player.chat", auth: "required" },
  adminCoinsAdjust: { method: "POST", path: "/api/v1/admin/coins.adjust", auth: "required" },
  adminSessionsRevoke: { method: "POST", path: "/api/v1/admin/sessions.revoke", auth: "required" },
  adminAuditList: { method: "GET", path: "/api/v1/admin/audit.list", auth: "required" },
  adminSettingsList: { method: "GET", path: "/api/v1/admin/settings.list", auth: "required" },
  adminSettingsUpdate: { method: "POST", path: "/api/v1/admin/settings.update", auth: "required" },
  adminStaffList: { method: "GET", path: "/api/v1/admin/staff.list", auth: "required" },
  adminStaffSetRole: { method: "POST", path: "/api/v1/admin/staff.set-role", auth: "required" },
  // The console's Catalogue (staff).
  adminCatalogueList: { method: "GET", path: "/api/v1/admin/catalogue.list", auth: "required" },
  adminStoryHide: { method: "POST", path: "/api/v1/admin/story.hide", auth: "required" },
  adminCatalogueFeature: { method: "POST", path: "/api/v1/admin/catalogue.feature", auth: "required" },
  adminCatalogueUnfeature: { method: "POST", path: "/api/v1/admin/catalogue.unfeature", auth: "required" },
  adminStoryCategory: { method: "POST", path: "/api/v1/admin/story.category", auth: "required" },
  adminStoryEdit: { method: "POST", path: "/api/v1/admin/story.edit", auth: "required" },
  adminCategoryList: { method: "GET", path: "/api/v1/admin/categories.list", auth: "required" },
  adminCategorySort: { method: "POST", path: "/api/v1/admin/categories.sort", auth: "required" },
  // The console's orders (H10): list, detail, Stripe refunds, reconciliation (staff).
  adminOrderList: { method: "GET", path: "/api/v1/admin/order.list", auth: "required" },
  adminOrderGet: { method: "GET", path: "/api/v1/admin/order.get", auth: "required" },
  adminOrderRefund: { method: "POST", path: "/api/v1/admin/order.refund", auth: "required" },
  adminReconcileRun: { method: "POST", path: "/api/v1/admin/reconcile.run", auth: "required" },
  adminReconcileFix: { method: "POST", path: "/api/v1/admin/reconcile.fix", auth: "required" },
  // The console's dashboard (#44).
  adminDashboard: { method: "GET", path: "/api/v1/admin/dashboard.get", auth: "required" },
} as const satisfies Record<string, RouteDef>;

/** The name of a call. */
export type RouteName = keyof typeof routes;
