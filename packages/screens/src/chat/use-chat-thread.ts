"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ChatMessage, EndpointData } from "@storyloom/contract";
import { queryKeyOf, useChatHistory, useChatReasoningHistory, useSendChat, useSession } from "@storyloom/api-client/react";
import { useToast } from "@storyloom/ui";
import { mergeMessages, openChoices, pendingPlayerMessage, sendProblem, type Choice, type ChatVariant, type SendProblem } from "./chat-logic";

type History = EndpointData<"chatHistory">;
type Answer = EndpointData<"chatSend">;

/** Everything a chat presentation needs: the thread, what can be done now, and the actions. */
export interface ChatThread {
  status: "loading" | "error" | "ready";
  messages: ChatMessage[];
  ended: boolean;
  choices: Choice[];
  /** True while the story answers (typing indicator); also while the opening is being told. */
  waiting: boolean;
  problem: SendProblem | null;
  coins: number | undefined;
  choose: (choice: Choice) => void;
  /** A free-text reply; only offered when a language model is configured. */
  say: (text: string) => void;
  restart: () => void;
  retryHistory: () => void;
}

/**
 * The conversation with a story: loads the history (variant 3 reads the story-wide reasoning
 * history), starts the story when the thread is empty, sends choices and restarts. The player's
 * pick shows at once; the answer (with the new coin balance) then replaces it.
 */
export function useChatThread(variant: ChatVariant, storyId: string, actorId: string | null): ChatThread {
  const ready = useSession((s) => s.ready);
  const coins = useSession((s) => s.user?.coins);
  const reasoning = variant === "reasoning";
  const actorHistory = useChatHistory({ story_id: storyId, actor_id: actorId ?? "" }, { enabled: ready && !reasoning && !!actorId });
  const storyHistory = useChatReasoningHistory({ story_id: storyId }, { enabled: ready && reasoning });
  const history = reasoning ? storyHistory : actorHistory;
  const historyKey = reasoning ? queryKeyOf("chatReasoningHistory", { story_id: storyId }) : queryKeyOf("chatHistory", { story_id: storyId, actor_id: actorId ?? "" });
  const queryClient = useQueryClient();
  const send = useSendChat();
  const toast = useToast();
  const [pending, setPending] = useState<{ message: ChatMessage; after: number } | null>(null);
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const started = useRef(false);

  const messages = history.data?.messages ?? [];
  const ended = history.data?.ended ?? false;
  const target = { story_id: storyId, ...(actorId && !reasoning ? { actor_id: actorId } : {}) };

  const apply = useCallback(
    (answer: Answer) => {
      // The invalidation refetch usually has these already; merging by id keeps one copy either way.
      queryClient.setQueryData<History>(historyKey, (old) => ({ messages: mergeMessages(old?.messages ?? [], answer.messages), ended: answer.ended, free_text: old?.free_text ?? false }));
    },
    [queryClient, historyKey],
  );

  const fail = useCallback(
    (err: { code?: string; status?: number; message: string }) => {
      const kind = sendProblem(err);
      setProblem(kind);
      if (kind === "coins") toast.warning("You are out of coins. Top up to keep playing.");
      else if (kind === "ended") void history.refetch();
      else toast.error(err.message || "The story could not answer. Please try again.");
    },
    [toast, history],
  );

  // An empty thread is started once, for free: the greeting and the opening with its first choices.
  useEffect(() => {
    if (started.current || !history.isSuccess || history.data.messages.length > 0) return;
    started.current = true;
    send.mutate(target, { onSuccess: apply, onError: fail });
  });

  const choose = (choice: Choice) => {
    if (send.isPending) return;
    setProblem(null);
    setPending({ message: pendingPlayerMessage(choice), after: messages.length });
    send.mutate({ ...target, choice: choice.index }, { onSuccess: apply, onError: fail, onSettled: () => setPending(null) });
  };

  const say = (content: string) => {
    if (send.isPending) return;
    setProblem(null);
    const now = new Date();
    setPending({ message: { id: `pending-text-${now.getTime()}`, role: "user", actor_id: null, content, created_at: now.toISOString() }, after: messages.length });
    send.mutate({ ...target, content }, { onSuccess: apply, onError: fail, onSettled: () => setPending(null) });
  };

  const restart = () => {
    if (send.isPending) return;
    setProblem(null);
    send.mutate({ ...target, restart: true }, { onSuccess: apply, onError: fail });
  };

  // The optimistic pick is shown until the thread grows (the server's copy of it has arrived).
  const shown = pending && messages.length === pending.after ? [...messages, pending.message] : messages;
  const status = !ready || history.isPending ? "loading" : history.isError ? "error" : "ready";
  return {
    status,
    messages: shown,
    ended,
    choices: send.isPending ? [] : openChoices(messages, ended),
    waiting: send.isPending,
    problem,
    coins,
    choose,
    say,
    restart,
    retryHistory: () => void history.refetch(),
  };
}
