// The turn being written: the player's line shown at once, the replies as their text streams in,
// and which messages of the thread it replaces (edit, regenerate, a fork of an earlier reply) or
// grows (continue). Plain functions, so the thread hook stays small and the rules are tested
// without a browser.
import type { ChatMessage } from "@storyloom/contract";
import { joinContinuation } from "@storyloom/contract/chat-text";
import type { ChatStreamEvent } from "@storyloom/api-client/chat-stream";
import { threadBefore, withoutMessages } from "./chat-logic";

/** A turn in flight (or just stopped, until the server's copy arrives). */
export interface LiveTurn {
  /** The player's line, shown until the server's copy arrives (null for regenerate). */
  player: ChatMessage | null;
  /** Thread messages this turn replaces, hidden meanwhile (the replies being regenerated). */
  hidden: ChatMessage[];
  /**
   * Edit, fork: the thread is shown only up to this message (it and what followed are rewritten;
   * a fork's new reply streams in its place).
   */
  cutAt: string | null;
  /**
   * Fork of an earlier reply: the turn ends on a new branch, whose lines are copies with new ids.
   * Once the stored thread no longer holds the message it forks at, that branch is stored and shown.
   */
  branch: boolean;
  /**
   * Continue: the reply being extended. Its stored copy is hidden and one live copy stands in its
   * place, its words first and the new ones growing after them (the same bubble).
   */
  extended: ChatMessage | null;
  /** Continue: the new words as they came, joined to the reply's text as the server joins them. */
  added: string;
  /** The replies so far, one per `start` event. */
  replies: ChatMessage[];
  /** True once the player stopped it: the text so far stays, marked stopped. */
  stopped: boolean;
  /** True while text is still expected (cleared by stop, done, error). */
  writing: boolean;
  /**
   * The ids the stored thread held when the turn began (null: not known). While the turn is on
   * screen only these are shown: a refetch that lands mid-turn (an earlier turn's invalidation)
   * may already hold this turn's stored lines, which would otherwise stand twice, beside their live copies.
   */
  known: ReadonlySet<string> | null;
}

/** A turn that has just been sent. */
export function newTurn(init: Partial<Pick<LiveTurn, "player" | "hidden" | "cutAt" | "branch" | "extended" | "known">> = {}): LiveTurn {
  const extended = init.extended ?? null;
  return {
    player: init.player ?? null,
    hidden: [...(init.hidden ?? []), ...(extended ? [extended] : [])],
    cutAt: init.cutAt ?? null,
    branch: init.branch ?? false,
    extended,
    added: "",
    // The reply being continued shows at once as the live reply (no typing dots: its words are there).
    replies: extended ? [{ ...extended, id: "live-0", stopped: false }] : [],
    stopped: false,
    writing: true,
    known: init.known ?? null,
  };
}

const liveReply = (n: number, role: ChatMessage["role"], actorId: string | null): ChatMessage => ({
  id: `live-${n}`,
  role,
  actor_id: actorId,
  content: "",
  source: "model",
  created_at: new Date().toISOString(),
});

/**
 * Applies one stream event. `start` opens a new reply (a group scene has several); text and
 * reasoning go to the newest one (a stream that sends text before any `start` gets one from `lead`).
 */
export function applyStreamEvent(turn: LiveTurn, event: ChatStreamEvent, lead: string | null): LiveTurn {
  if (turn.extended) return growReply(turn, event);
  switch (event.type) {
    case "start":
      return { ...turn, replies: [...turn.replies, liveReply(turn.replies.length, event.role, event.actor_id)] };
    case "delta":
    case "reasoning": {
      const replies = turn.replies.length ? [...turn.replies] : [liveReply(0, "actor", lead)];
      const last = replies.at(-1)!;
      replies[replies.length - 1] =
        event.type === "delta" ? { ...last, content: last.content + event.text } : { ...last, reasoning: (last.reasoning ?? "") + event.text };
      return { ...turn, replies };
    }
    default:
      return turn;
  }
}

/**
 * Continue: the one live reply grows. Its `start` opens nothing (the reply already stands), and the
 * continuation's thinking is not shown (the stored reply keeps the reasoning it had).
 */
function growReply(turn: LiveTurn, event: ChatStreamEvent): LiveTurn {
  if (event.type !== "delta" || !turn.extended) return turn;
  const added = turn.added + event.text;
  const words = added.trim();
  const content = words ? joinContinuation(turn.extended.content, words) : turn.extended.content;
  return { ...turn, added, replies: turn.replies.map((r) => ({ ...r, content })) };
}

/** The turn after the player stopped it: what was written stays, marked stopped; empty replies go. */
export function stopTurn(turn: LiveTurn): LiveTurn {
  // A continue stopped before its first new word changes nothing: the reply stays as it was.
  if (turn.extended && !turnHasText(turn)) return { ...turn, writing: false, stopped: true, replies: turn.replies.map((r) => ({ ...r, stopped: turn.extended!.stopped })) };
  return { ...turn, writing: false, stopped: true, replies: turn.replies.filter((r) => r.content || r.reasoning).map((r) => ({ ...r, stopped: true })) };
}

/** True when the turn wrote any text (a stopped turn with text is stored and charged by the server). */
export function turnHasText(turn: LiveTurn): boolean {
  if (turn.extended) return turn.added.trim().length > 0;
  return turn.replies.some((r) => r.content.length > 0);
}

/** The thread as shown: the stored messages minus what the turn replaces, then the turn itself. */
export function showTurn(thread: readonly ChatMessage[], turn: LiveTurn | null): ChatMessage[] {
  if (!turn) return [...thread];
  // A fork is stored: the thread is the new branch's (its reply included), shown as it is.
  if (turn.branch && turn.cutAt && !thread.some((m) => m.id === turn.cutAt)) return [...thread];
  const kept = turn.known ? thread.filter((m) => turn.known!.has(m.id)) : thread;
  const base = withoutMessages(turn.cutAt ? threadBefore(kept, turn.cutAt) : kept, turn.hidden);
  // The player's line is dropped once the stored thread has it (a refetch raced the stream).
  const player = turn.player && !base.some((m) => m.role === "user" && m.id === turn.player!.id) ? [turn.player] : [];
  return [...base, ...player, ...turn.replies];
}

/** Inserts or updates messages by id (a turn's answer may carry messages the thread already has). */
export function upsertMessages(thread: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(incoming.map((m) => [m.id, m]));
  const kept = thread.map((m) => byId.get(m.id) ?? m);
  const seen = new Set(thread.map((m) => m.id));
  return [...kept, ...incoming.filter((m) => !seen.has(m.id))];
}

/** The stored thread once a turn has finished: what it replaced removed, what it wrote added. */
export function settleTurn(thread: readonly ChatMessage[], turn: LiveTurn, written: readonly ChatMessage[]): ChatMessage[] {
  // A regenerated reply keeps its id: it is updated in place rather than removed and appended.
  const rewritten = new Set(written.map((m) => m.id));
  const base = withoutMessages(turn.cutAt ? threadBefore(thread, turn.cutAt) : thread, turn.hidden.filter((m) => !rewritten.has(m.id)));
  return upsertMessages(base, written);
}

/**
 * Whether the stored thread now holds what a stopped turn wrote: the stopped reply, or for a turn
 * stopped before any text, anything new at all (the player's line) — or nothing is coming.
 */
export function stoppedTurnStored(thread: readonly ChatMessage[], before: ReadonlySet<string>, turn: LiveTurn): boolean {
  if (!turnHasText(turn)) return true;
  // A continued reply keeps its id: stored once it is longer than it was.
  const grown = turn.extended;
  if (grown) return thread.some((m) => m.id === grown.id && m.content.length > grown.content.length);
  // A regenerated alternative may keep its message's id: then the stored text is what tells.
  const written = turn.replies.map((r) => r.content.slice(0, 40)).filter(Boolean);
  return thread.some((m) => m.stopped && (!before.has(m.id) || written.some((w) => m.content.startsWith(w))));
}
