"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ChatStreamEvent, ChatStreamInput, ChatStreamName, ChatStreamResult } from "../chat-stream";
import { ClientErrors, failure } from "../result";
import { applyInvalidations, useApiMutation } from "./hooks";
import { queryKeyOf } from "./keys";
import { useApiClient } from "./provider";

// The SSE parser and the stream reader load on the first reply (or on preload), not with the page.
const loadChatStream = () => import("../chat-stream");

/** The reply stream of one chat: start a call, stop it, and whether one is running. */
export interface ChatStreamApi {
  /**
   * Sends a streaming chat call; `onEvent` sees every event as it comes. Resolves with the turn or
   * the failure. A second start while one runs is refused (CONFLICT) without a request.
   */
  start<N extends ChatStreamName>(name: N, input: ChatStreamInput<N>, onEvent: (e: ChatStreamEvent) => void): Promise<ChatStreamResult>;
  /** Stops the running reply (the request is aborted; the server keeps what was written). */
  stop(): void;
  /** True while a reply is being written. */
  streaming: boolean;
  /** Loads the stream code ahead of the first reply (e.g. when the composer is focused). */
  preload(): void;
  /**
   * Reloads the thread, the balance, the ledger and the branch list: after a stop or a failure
   * mid-stream the server may have stored (and charged) the text written so far, in one
   * transaction, a moment later (a stopped fork stores its new branch).
   */
  refresh(): Promise<void>;
}

/**
 * Streaming chat calls for React. A finished turn applies like the JSON call (new balance at once,
 * history and ledger marked stale); after a stopped or failed stream the caller decides when to
 * `refresh`. Leaving the page stops a running reply.
 */
export function useChatStream(): ChatStreamApi {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const running = useRef<AbortController | null>(null);
  const [streaming, setStreaming] = useState(false);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async <N extends ChatStreamName>(name: N, input: ChatStreamInput<N>, onEvent: (e: ChatStreamEvent) => void): Promise<ChatStreamResult> => {
      if (running.current) return failure("CONFLICT", "A reply is still being written", 0);
      const controller = new AbortController();
      running.current = controller;
      setStreaming(true);
      try {
        let mod: Awaited<ReturnType<typeof loadChatStream>>;
        try {
          mod = await loadChatStream();
        } catch {
          return failure(ClientErrors.NETWORK.code, ClientErrors.NETWORK.message);
        }
        const result = await mod.streamChat(client, name, input, { signal: controller.signal, onEvent });
        if (result.ok) await applyInvalidations(client, queryClient, name, result.data);
        return result;
      } finally {
        running.current = null;
        setStreaming(false);
      }
    },
    [client, queryClient],
  );

  const stop = useCallback(() => running.current?.abort(), []);
  const preload = useCallback(() => void loadChatStream().catch(() => undefined), []);
  const refresh = useCallback(() => {
    const work: Promise<unknown>[] = (["chatHistory", "chatReasoningHistory", "ledgerList", "chatBranchList"] as const).map((n) => queryClient.invalidateQueries({ queryKey: queryKeyOf(n) }));
    work.push(client.loadUser());
    return Promise.all(work).then(() => undefined);
  }, [client, queryClient]);
  return { start, stop, streaming, preload, refresh };
}

/** Makes another alternative of the last model reply the current one (free). */
export const useSelectChatAlternative = () => useApiMutation("chatSelect");
