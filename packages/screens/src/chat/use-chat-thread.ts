"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { notifyManager, useQueryClient } from "@tanstack/react-query";
import type { ChatMessage, EndpointData } from "@storyloom/contract";
import type { ChatStreamInput, ChatStreamName } from "@storyloom/api-client/chat-stream";
import { queryKeyOf, useApiMutation, useChatHistory, useChatReasoningHistory, useChatStream, useSelectChatAlternative, useSendChat, useSession } from "@storyloom/api-client/react";
import {
  choicesOfferedBy,
  lastModelReplies,
  lastPlayerIndex,
  openChoices,
  pendingPlayerMessage,
  pendingTextMessage,
  replaceMessage,
  sendProblem,
  VARIANT_MODE,
  type Choice,
  type ChatVariant,
  type SendProblem,
} from "./chat-logic";
import { applyStreamEvent, newTurn, settleTurn, showTurn, stoppedTurnStored, stopTurn, upsertMessages, type LiveTurn } from "./live-turn";

type History = EndpointData<"chatHistory">;
type Answer = EndpointData<"chatSend">;
type Failure = { code?: string; status?: number; message: string };

/** A failed send as the chat shows it: its kind and the server's words. */
export interface ChatProblem {
  kind: SendProblem;
  message: string;
}

/** Everything a chat presentation needs: the thread, what can be done now, and the actions. */
export interface ChatThread {
  status: "loading" | "error" | "ready";
  messages: ChatMessage[];
  ended: boolean;
  choices: Choice[];
  /** Typed messages are answered (a language model is configured); undefined until the history is read. */
  freeText: boolean | undefined;
  /** True while the story answers (a request is on its way or a reply is being written). */
  waiting: boolean;
  /** True while reply text is streaming (Stop is offered). */
  streaming: boolean;
  problem: ChatProblem | null;
  dismissProblem: () => void;
  coins: number | undefined;
  /** The player's last message, when it can be edited and sent again. */
  editable: ChatMessage | null;
  /** The last model reply, when it can be regenerated. */
  regenerable: ChatMessage | null;
  /** The last model reply when it is the thread's last message (and the story goes on): "Continue" extends it. */
  continuable: ChatMessage | null;
  choose: (choice: Choice) => void;
  /** Sends typed text; resolves false when it was refused before anything was written (keep the draft). */
  say: (text: string) => Promise<boolean>;
  /** Rewrites the player's last message and answers anew; false when refused. */
  edit: (message: ChatMessage, text: string) => Promise<boolean>;
  regenerate: () => void;
  /** Extends the last reply where it stops (charged as a reply); the longer text replaces it when written. */
  continueReply: () => void;
  stop: () => void;
  /** Shows another alternative of the last model reply (‹ 2/3 ›). */
  select: (message: ChatMessage, index: number) => void;
  /**
   * On an earlier model reply: shows its alternative `index` (free), or writes a new one (no index,
   * charged); the story continues from it on a branch (the turns after it stay on the old one).
   */
  fork: (message: ChatMessage, index?: number) => void;
  restart: () => void;
  retryHistory: () => void;
  /** Loads the streaming code ahead of the first reply. */
  preload: () => void;
}

const STOP_SETTLE_WAITS_MS = [200, 500, 1000, 2000];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The conversation with a story: loads the history (variant 3 reads the story-wide reasoning
 * history), starts the story when the thread is empty, plays choices and restarts, and streams
 * typed replies, regenerations, edits, continuations and new alternatives of earlier replies. The player's line shows at once and the reply as it is
 * written; once it is done the server's copy (with the new balance) takes its place.
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
  const stream = useChatStream();
  const selectAlt = useSelectChatAlternative();
  const forkAt = useApiMutation("chatBranchFork");
  const [turn, setTurn] = useState<LiveTurn | null>(null);
  const [pending, setPending] = useState<{ message: ChatMessage; after: number } | null>(null);
  const [problem, setProblem] = useState<ChatProblem | null>(null);
  const started = useRef(false);

  const stored = history.data?.messages ?? [];
  const ended = history.data?.ended ?? false;
  const freeText = history.data?.free_text;
  const target = { story_id: storyId, mode: VARIANT_MODE[variant], ...(actorId && !reasoning ? { actor_id: actorId } : {}) };
  const busy = send.isPending || stream.streaming || turn !== null || selectAlt.isPending || forkAt.isPending;

  const readThread = useCallback(() => queryClient.getQueryData<History>(historyKey)?.messages ?? [], [queryClient, historyKey]);
  const writeThread = useCallback(
    (update: (messages: ChatMessage[]) => ChatMessage[], ended?: boolean) =>
      queryClient.setQueryData<History>(historyKey, (old) =>
        old ? { ...old, messages: update(old.messages), ended: ended ?? old.ended } : old,
      ),
    [queryClient, historyKey],
  );

  const fail = useCallback(
    (err: Failure) => {
      const kind = sendProblem(err);
      setProblem({ kind, message: err.message });
      // The thread moved on elsewhere (ended, another tab, a reply still being written): show it as it is.
      if (kind === "ended" || kind === "busy") void history.refetch();
    },
    [history],
  );

  const applyAnswer = useCallback((answer: Answer) => writeThread((old) => upsertMessages(old, answer.messages), answer.ended), [writeThread]);

  // An empty thread is started once, for free: the greeting and the opening with its first choices.
  useEffect(() => {
    if (started.current || !history.isSuccess || history.data.messages.length > 0) return;
    started.current = true;
    send.mutate(target, { onSuccess: applyAnswer, onError: fail });
  });

  /** Runs one streamed turn to its end; false when it was refused before anything was written. */
  const run = async <N extends ChatStreamName>(name: N, input: ChatStreamInput<N>, first: LiveTurn): Promise<boolean> => {
    setProblem(null);
    const before = new Set(readThread().map((m) => m.id));
    let live: LiveTurn = { ...first, known: before };
    setTurn(live);
    const result = await stream.start(name, input, (event) => {
      live = applyStreamEvent(live, event, actorId);
      setTurn(live);
    });
    if (result.ok) {
      // (A fork's thread was read anew before this: the new branch's, which settling leaves as it is.)
      writeThread((old) => settleTurn(old, live, result.data.messages), result.data.ended);
      // Cleared in the same flush that tells the thread's readers: the stored lines replace the
      // live ones in one paint (cleared first, the reply would blink out for a frame).
      notifyManager.schedule(() => setTurn(null));
      return true;
    }
    if (!result.stopped && !result.streamed) {
      // Refused before the stream began (coins, a reply still being written, rate limit, bad input).
      setTurn(null);
      fail(result);
      return false;
    }
    // Stopped, or cut off mid-stream: the server stores what was written (and charges it) a moment
    // later, in one transaction. The text stays on screen, marked, until the stored copy arrives.
    live = stopTurn(live);
    setTurn(live);
    if (!result.stopped) fail(result);
    for (const wait of STOP_SETTLE_WAITS_MS) {
      await sleep(wait);
      await stream.refresh();
      if (stoppedTurnStored(readThread(), before, live)) break;
    }
    setTurn(null);
    return true;
  };

  const choose = (choice: Choice) => {
    if (busy) return;
    setProblem(null);
    // Naming the message that offered the choice: a pick sent twice is played once, never onto the next scene.
    // Choices are offered only by a stored message, so one is always known.
    const offeredBy = choicesOfferedBy(stored);
    if (!offeredBy) return;
    const pick = { ...target, choice: choice.index, choice_of: offeredBy };
    if (freeText) {
      void run("chatSend", pick, newTurn({ player: pendingPlayerMessage(choice) }));
      return;
    }
    // Scripted play answers at once; the JSON call keeps the first load free of the stream reader.
    setPending({ message: pendingPlayerMessage(choice), after: stored.length });
    send.mutate(pick, { onSuccess: applyAnswer, onError: fail, onSettled: () => setPending(null) });
  };

  const say = async (content: string) => {
    if (busy) return false;
    return run("chatSend", { ...target, content }, newTurn({ player: pendingTextMessage(content) }));
  };

  const lastPlayer = stored[lastPlayerIndex(stored)] ?? null;
  const lastReply = lastModelReplies(stored).at(-1) ?? null;
  // A typed message is answered by the model alone; a pick (or words that took a choice) moved the
  // script on, and that is not rewritten by an edit.
  const answeredByModel = stored.slice(lastPlayerIndex(stored) + 1).every((m) => m.source === "model");
  const editable = freeText && lastPlayer && !ended && answeredByModel ? lastPlayer : null;
  const regenerable = freeText ? lastReply : null;
  const continuable = regenerable && !ended && stored.at(-1)?.id === regenerable.id ? regenerable : null;

  const edit = async (message: ChatMessage, content: string) => {
    if (busy) return false;
    const player: ChatMessage = { ...message, content };
    return run("chatEdit", { ...target, message_id: message.id, content }, newTurn({ player, cutAt: message.id }));
  };

  const regenerate = () => {
    if (busy || !lastReply) return;
    void run("chatRegenerate", target, newTurn({ hidden: [lastReply] }));
  };

  const continueReply = () => {
    if (busy || !continuable) return;
    // The reply's words stay and the new ones grow after them, in the same bubble.
    void run("chatContinue", target, newTurn({ extended: continuable }));
  };

  const select = (message: ChatMessage, index: number) => {
    if (busy) return;
    setProblem(null);
    selectAlt.mutate(
      { story_id: storyId, message_id: message.id, index },
      { onSuccess: (data) => writeThread((old) => replaceMessage(old, message.id, data.message)), onError: fail },
    );
  };

  const fork = (message: ChatMessage, index?: number) => {
    if (busy) return;
    if (index === undefined) {
      // A new alternative streams in the reply's place, the turns after it hidden; once stored the
      // thread and the branch list are read anew (keys.ts invalidations): the new branch's.
      void run("chatBranchFork", { ...target, message_id: message.id }, newTurn({ cutAt: message.id, branch: true }));
      return;
    }
    setProblem(null);
    // Showing an existing alternative writes nothing: the JSON call, then the thread read anew (keys.ts).
    forkAt.mutate({ ...target, message_id: message.id, index }, { onError: fail });
  };

  const restart = () => {
    if (busy) return;
    setProblem(null);
    send.mutate({ ...target, restart: true }, { onSuccess: applyAnswer, onError: fail });
  };

  // The optimistic pick is shown until the thread grows (the server's copy of it has arrived).
  const base = pending && stored.length === pending.after ? [...stored, pending.message] : stored;
  const status = !ready || history.isPending ? "loading" : history.isError ? "error" : "ready";
  return {
    status,
    messages: showTurn(base, turn),
    ended,
    choices: busy ? [] : openChoices(stored, ended),
    freeText,
    waiting: busy,
    streaming: stream.streaming && turn !== null && turn.writing,
    problem,
    dismissProblem: () => setProblem(null),
    coins,
    editable,
    regenerable,
    continuable,
    choose,
    say,
    edit,
    regenerate,
    continueReply,
    stop: stream.stop,
    select,
    fork,
    restart,
    retryHistory: () => void history.refetch(),
    preload: stream.preload,
  };
}
