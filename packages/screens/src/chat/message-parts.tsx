"use client";
import type { ChatMessage } from "@storyloom/contract";
import { clientOnly } from "@storyloom/ui/client-only";
import { LazyRichText as RichText, preloadRichText } from "@storyloom/ui/rich-text/lazy";

import { isForkable, isReportable } from "./room-logic";

// The renderer is fetched while the thread loads (see LazyRichText), not in the first load.
if (typeof window !== "undefined") void preloadRichText();

/** What can be done to a message of the thread, given by the chat room. */
export interface MessageActionsApi {
  /** The player's last message, when Edit is offered on it. */
  editableId: string | null;
  /** The last model reply, when Regenerate (and its pager) is offered on it. */
  regenerableId: string | null;
  /** True while a reply is written or a call is on its way: the actions wait. */
  busy: boolean;
  onEdit: (message: ChatMessage) => void;
  onRegenerate: () => void;
  /** The last reply, when "Continue" (extend it where it stops, charged as a reply) is offered on it. */
  continuableId?: string | null;
  onContinue?: () => void;
  onSelect: (message: ChatMessage, index: number) => void;
  /** On an earlier model reply: its pager and Regenerate continue the story on a branch (no index: a new alternative). */
  onFork?: (message: ChatMessage, index?: number) => void;
  /** The chat's story: with it, each model reply offers "Why this reply?" (the prompt inspector). */
  storyId?: string;
}

/**
 * A message's text in the role-play subset (RichText: *actions*, **strong**, "speech", line breaks),
 * rendered as React elements, so model output and player text can never inject markup. A reply still
 * being written shows a caret; a stopped one says so.
 */
export function MessageText({ message, live }: { message: ChatMessage; live?: boolean }) {
  return (
    <>
      {message.removed ? (
        <span className="italic opacity-80" data-testid="removed-message">
          Staff removed this message after a report.
        </span>
      ) : (
        <span data-testid={live ? "live-text" : undefined}>
          <RichText text={message.content} />
        </span>
      )}
      {live ? <span aria-hidden="true" className="ml-0.5 inline-block animate-pulse motion-reduce:animate-none">▍</span> : null}
      {message.stopped ? (
        <span className="ml-2 inline-block rounded-md border border-current/30 px-1.5 text-[0.7rem] font-semibold uppercase tracking-wide opacity-80" data-testid="stopped">
          Stopped
        </span>
      ) : null}
    </>
  );
}

/** A reply's reasoning, kept apart from its text and collapsed until the player opens it. */
export function ReasoningDetails({ message, live }: { message: ChatMessage; live?: boolean }) {
  if (!message.reasoning) return null;
  return (
    <details className="mb-1.5 rounded-lg border border-line bg-surface-2/60 px-3 py-1.5 text-sm text-muted" data-testid="reasoning">
      <summary className="cursor-pointer font-semibold select-none focus-visible:outline-2 focus-visible:outline-brand">
        {live && !message.content ? "Thinking…" : "Reasoning"}
      </summary>
      <RichText text={message.reasoning} className="mt-1 block" />
    </details>
  );
}

// The actions' code loads only where a message has some (with a language model: Edit, Regenerate
// and the pager); the chat room warms it once it knows replies come from a model.
const loadActions = () => import("./message-actions").then((m) => m.MessageActions);
const LazyActions = clientOnly(loadActions);

/** Starts loading the actions' code (the chat room calls it when free replies are on). */
export const warmMessageActions = () => void loadActions().catch(() => undefined);

/**
 * The actions under a message: Edit on the player's last message; Regenerate and the pager between
 * alternatives (‹ 2/3 ›) on the last model reply; Report on every stored character or narrator line.
 */
export function MessageActions(props: { message: ChatMessage; api: MessageActionsApi; tone?: "plain" | "overlay" }) {
  const { message, api } = props;
  if (api.editableId !== message.id && api.regenerableId !== message.id && !isReportable(message) && !(api.onFork && isForkable(message))) return null;
  return <LazyActions {...props} />;
}
