"use client";
// React bindings: <ApiProvider>, the session store and TanStack Query hooks over the endpoint table.
export { ApiProvider, createQueryClient, useApiClient, useSession, type ApiProviderProps } from "./provider";
export { type SessionState } from "./store";
export { initialSnapshot, type SessionStore } from "../session";
export { DEFAULT_STALE_MS, invalidations, QUERY_ROOT, queryKeyOf, scopeOf, staleTimes, type QueryScope } from "./keys";
export {
  applyInvalidations,
  useApiMutation,
  useAccountDelete,
  useAccountDeleteCode,
  useAgeConfirm,
  useApiQuery,
  useCategories,
  useCharacter,
  useChatHistory,
  useChatReasoningHistory,
  useCheckIn,
  useClaimCheckIn,
  useCreateCheckout,
  useCreateOnlypayOrder,
  useDailyTasks,
  useFavorites,
  useGameHistory,
  useInviteCode,
  useLedger,
  useMarkNoticesRead,
  useNotices,
  useOrder,
  usePriceList,
  useReport,
  useSendChat,
  useStory,
  useStoryList,
  useSubscribe,
  useSysconfig,
  useToggleFavorite,
  useUnsubscribe,
  type ApiMutationOptions,
  type ApiQueryOptions,
  type MutationInput,
} from "./hooks";
export { useChatStream, useSelectChatAlternative, type ChatStreamApi } from "./chat";
