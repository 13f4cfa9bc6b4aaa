"use client";
import { useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationOptions, type UseQueryOptions } from "@tanstack/react-query";
import type { EndpointData, EndpointInput, EndpointName, StoryDetail } from "@storyloom/contract";
import type { ApiClient } from "../client";
import { unwrap, type ApiError } from "../result";
import { DEFAULT_STALE_MS, invalidations, queryKeyOf, staleTimes } from "./keys";
import { useApiClient } from "./provider";

/** Query options a caller may set (the key and function come from the endpoint). */
export type ApiQueryOptions<N extends EndpointName> = Omit<UseQueryOptions<EndpointData<N>, ApiError>, "queryKey" | "queryFn">;
/** What `mutate` takes: the endpoint's input, or nothing when all its fields are optional. */
export type MutationInput<N extends EndpointName> = Record<never, never> extends EndpointInput<N> ? EndpointInput<N> | void : EndpointInput<N>;
/** Mutation options a caller may set. */
export type ApiMutationOptions<N extends EndpointName> = Omit<UseMutationOptions<EndpointData<N>, ApiError, MutationInput<N>>, "mutationFn">;

/** A read of the endpoint table as a TanStack query; failures are thrown as ApiError. */
export function useApiQuery<N extends EndpointName>(name: N, input?: EndpointInput<N>, options?: ApiQueryOptions<N>, token?: string) {
  const client = useApiClient();
  return useQuery<EndpointData<N>, ApiError>({
    // A call made with a handed-off token is another reader's answer: it gets its own cache entry.
    queryKey: token ? [...queryKeyOf(name, input ?? ({} as EndpointInput<N>)), "handoff"] : queryKeyOf(name, input ?? ({} as EndpointInput<N>)),
    queryFn: async ({ signal }) => unwrap(await client.call(name, input, { signal, ...(token ? { token } : {}) })),
    staleTime: staleTimes[name] ?? DEFAULT_STALE_MS,
    ...options,
  });
}

/** Marks stale what a successful call of `name` changed, and applies a coin balance it answered. */
export function applyInvalidations(client: ApiClient, queryClient: QueryClient, name: EndpointName, data: unknown): Promise<unknown> {
  const targets = invalidations[name] ?? [];
  const balance = (data as { coins?: unknown } | null)?.coins;
  // The answer already carries the new balance: show it now instead of after a refetch.
  if (typeof balance === "number") client.session.patchUser({ coins: balance });
  const work: Promise<unknown>[] = targets.map((t) => queryClient.invalidateQueries({ queryKey: queryKeyOf(t) }));
  // The session user is not a query: reload it into the store when its data went stale.
  if (targets.includes("whoami") && name !== "updateUserInfo") work.push(client.loadUser());
  return Promise.all(work);
}

/** A write of the endpoint table as a TanStack mutation, with the invalidations of `invalidations`. */
export function useApiMutation<N extends EndpointName>(name: N, options?: ApiMutationOptions<N>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<EndpointData<N>, ApiError, MutationInput<N>>({
    ...options,
    mutationFn: async (input) => unwrap(await client.call(name, (input ?? undefined) as EndpointInput<N> | undefined)),
    onSuccess: async (data, input, onMutateResult, context) => {
      await applyInvalidations(client, queryClient, name, data);
      await options?.onSuccess?.(data, input, onMutateResult, context);
    },
  });
}

/** The catalogue page: POST story.list with its filter. */
export const useStoryList = (input?: EndpointInput<"storyList">, o?: ApiQueryOptions<"storyList">) => useApiQuery("storyList", input, o);
/** One story with the caller's liked/subscribed flags. */
export const useStory = (id: string, o?: ApiQueryOptions<"storyGet">) => useApiQuery("storyGet", { id }, { enabled: !!id, ...o });
/** A character page. */
export const useCharacter = (slug: string, o?: ApiQueryOptions<"characterGet">) => useApiQuery("characterGet", { slug }, { enabled: !!slug, ...o });
/** The categories. */
export const useCategories = (o?: ApiQueryOptions<"categoryList">) => useApiQuery("categoryList", undefined, o);
/** Public settings (rewards, chat cost). */
export const useSysconfig = (o?: ApiQueryOptions<"sysconfigList">) => useApiQuery("sysconfigList", undefined, o);
/** The price packages of the purchase dialog. */
export const usePriceList = (o?: ApiQueryOptions<"priceList">) => useApiQuery("priceList", undefined, o);
/** The liked list. */
export const useFavorites = (o?: ApiQueryOptions<"favoriteList">) => useApiQuery("favoriteList", undefined, o);
/** The played list. */
export const useGameHistory = (o?: ApiQueryOptions<"gameHistoryList">) => useApiQuery("gameHistoryList", undefined, o);
/** The check-in calendar. */
export const useCheckIn = (o?: ApiQueryOptions<"checkInGet">) => useApiQuery("checkInGet", undefined, o);
/** Today's daily tasks. */
export const useDailyTasks = (o?: ApiQueryOptions<"dailyTasksList">) => useApiQuery("dailyTasksList", undefined, o);
/** The caller's invite code. */
export const useInviteCode = (o?: ApiQueryOptions<"inviteCode">) => useApiQuery("inviteCode", undefined, o);
/** The coin ledger. */
export const useLedger = (input?: EndpointInput<"ledgerList">, o?: ApiQueryOptions<"ledgerList">) => useApiQuery("ledgerList", input, o);
/** One payment order (polled by the return page). */
export const useOrder = (id: string, o?: ApiQueryOptions<"orderGet">, token?: string) => useApiQuery("orderGet", { id }, { enabled: !!id, ...o }, token);
/** Chat history with a character. */
export const useChatHistory = (input: EndpointInput<"chatHistory">, o?: ApiQueryOptions<"chatHistory">) => useApiQuery("chatHistory", input, o);
/** Chat history of the reasoning chat variant. */
export const useChatReasoningHistory = (input: EndpointInput<"chatReasoningHistory">, o?: ApiQueryOptions<"chatReasoningHistory">) =>
  useApiQuery("chatReasoningHistory", input, o);

/** Claims today's check-in reward. */
export const useClaimCheckIn = () => useApiMutation("checkInCreate");
/** Sends a chat message or choice (costs coins). */
export const useSendChat = () => useApiMutation("chatSend");
/** Creates a card-provider checkout. */
export const useCreateCheckout = () => useApiMutation("checkoutCreate");
/** Creates a redirect-provider order. */
export const useCreateOnlypayOrder = () => useApiMutation("onlypayOrderCreate");
/** Subscribes an e-mail to a story. */
export const useSubscribe = () => useApiMutation("subscribe");
/** Cancels a story subscription. */
export const useUnsubscribe = () => useApiMutation("unsubscribe");

/** The player's in-app notices and how many are unread. */
export const useNotices = (o?: ApiQueryOptions<"noticeList">) => useApiQuery("noticeList", undefined, o);
/** Marks notices read (every one without ids). */
export const useMarkNoticesRead = () => useApiMutation("noticeRead");
/** Reports a story, a character or a chat message. */
export const useReport = () => useApiMutation("reportCreate");
/** Stores that the signed-in player confirmed they are 18 or older. */
export const useAgeConfirm = () => useApiMutation("ageConfirm");
/** Sends the code that confirms an account deletion. */
export const useAccountDeleteCode = () => useApiMutation("accountDeleteCode");
/** Deletes the account with the e-mailed code (the caller then logs out: its sessions are revoked). */
export const useAccountDelete = (o?: ApiMutationOptions<"accountDelete">) => useApiMutation("accountDelete", o);

/** Likes or unlikes a story: `mutate({ story_id, liked })` where `liked` is the wanted state. */
export function useToggleFavorite() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<EndpointData<"favoriteCreate">, ApiError, { story_id: string; liked: boolean }>({
    mutationFn: async ({ story_id, liked }) => unwrap(await client.call(liked ? "favoriteCreate" : "favoriteDelete", { story_id })),
    onSuccess: async (data, { liked }) => {
      // The story page shows the answer at once; the invalidation then settles every list.
      queryClient.setQueriesData<EndpointData<"storyGet">>({ queryKey: queryKeyOf("storyGet", { id: data.story_id }) }, (old) =>
        old ? { story: { ...old.story, liked: data.liked, like_count: data.like_count } satisfies StoryDetail } : old,
      );
      await applyInvalidations(client, queryClient, liked ? "favoriteCreate" : "favoriteDelete", data);
    },
  });
}
