import type { EndpointInput, EndpointName } from "@storyloom/contract";
import { routes } from "@storyloom/contract/routes";

/** Root of every query key of this package. */
export const QUERY_ROOT = "storyloom" as const;

/** "me" for calls about the signed-in person (dropped when the person changes), "public" for the rest. */
export type QueryScope = "me" | "public";

/** The scope of an endpoint: required-auth calls answer about the caller. */
export function scopeOf(name: EndpointName): QueryScope {
  return routes[name].auth === "required" ? "me" : "public";
}

/** Query key of a call: [root, scope, name, input]; a prefix without input matches every input. */
export function queryKeyOf<N extends EndpointName>(name: N, input?: EndpointInput<N>) {
  return input === undefined ? ([QUERY_ROOT, scopeOf(name), name] as const) : ([QUERY_ROOT, scopeOf(name), name, input] as const);
}

const MINUTE = 60_000;

/**
 * How long an answer stays fresh. Catalogue settings change rarely; the catalogue itself now and
 * then; personal data is refetched on return to the page; chat history must always be current.
 */
export const staleTimes: Partial<Record<EndpointName, number>> = {
  categoryList: 5 * MINUTE,
  sysconfigList: 5 * MINUTE,
  priceList: 5 * MINUTE,
  storyList: MINUTE,
  storyGet: MINUTE,
  characterGet: MINUTE,
  chatHistory: 0,
  chatReasoningHistory: 0,
  noticeList: 0,
};
/** Fresh time of the calls not listed in staleTimes. */
export const DEFAULT_STALE_MS = 30_000;

const coins: EndpointName[] = ["whoami", "ledgerList"];
const taskClaim: EndpointName[] = [...coins, "dailyTasksList"];

/**
 * What each mutation makes stale. Buying, check-in, task claims and chat change the coin balance;
 * favourite toggles change the favourites list and the story's liked flag and count.
 */
export const invalidations: Partial<Record<EndpointName, EndpointName[]>> = {
  checkoutCreate: [...coins, "orderGet"],
  onlypayOrderCreate: [...coins, "orderGet"],
  checkInCreate: [...coins, "checkInGet"],
  taskPlayGame: taskClaim,
  taskShareGame: taskClaim,
  taskCreateStory: taskClaim,
  taskInviteFriend: taskClaim,
  chatSend: [...coins, "chatHistory", "chatReasoningHistory", "gameHistoryList", "dailyTasksList"],
  chatRegenerate: [...coins, "chatHistory", "chatReasoningHistory"],
  chatEdit: [...coins, "chatHistory", "chatReasoningHistory"],
  chatContinue: [...coins, "chatHistory", "chatReasoningHistory"],
  chatSelect: ["chatHistory", "chatReasoningHistory"],
  // A fork or a switch shows another branch: the thread and the branch list read anew.
  chatBranchFork: [...coins, "chatHistory", "chatReasoningHistory", "chatBranchList"],
  chatBranchSwitch: ["chatHistory", "chatReasoningHistory", "chatBranchList"],
  favoriteCreate: ["favoriteList", "storyGet", "storyList"],
  favoriteDelete: ["favoriteList", "storyGet", "storyList"],
  subscribe: ["storyGet"],
  unsubscribe: ["storyGet"],
  updateUserInfo: ["whoami"],
  // The story editor: publishing claims the create-story task and changes the catalogue.
  storyDraftCreate: ["storyDraftList"],
  storyDraftUpdate: ["storyDraftList"],
  storyDraftPublish: [...taskClaim, "storyDraftList", "storyList", "categoryList", "storyGet", "storyVersionList"],
  // A restore writes the draft only (the versions and the catalogue stay as they were).
  storyVersionRestore: ["storyDraftList"],
  storyDraftUnpublish: ["storyDraftList", "storyList", "categoryList", "storyGet"],
  // Trust and safety: notices read, and the age confirmation opens mature stories (their cached
  // refusals and the lists without them are stale). A deletion is followed by a logout instead.
  noticeRead: ["noticeList"],
  ageConfirm: ["whoami", "storyGet", "storyList", "characterGet", "categoryList"],
};
