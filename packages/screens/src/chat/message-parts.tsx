"use client";
import type { ChatMessage } from "@storyloom/contract";

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
  onSelect: (message: ChatMessage, index: number) => void;
}

const action =
  "inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2 text-xs font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-40 disabled:no-underline";

/**
 * A message's text, as text: React escapes it, so model output and player text can never inject
 * markup; line breaks are kept. A reply still being written shows a caret; a stopped one says so.
 */
export function MessageText({ message, live }: { message: ChatMessage; live?: boolean }) {
  return (
    <>
      <span className="whitespace-pre-wrap break-words" data-testid={live ? "live-text" : undefined}>
        {message.content}
      </span>
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
      <p className="mt-1 whitespace-pre-wrap break-words">{message.reasoning}</p>
    </details>
  );
}

/**
 * The actions under a message: Edit on the player's last message; Regenerate and the pager between
 * alternatives (‹ 2/3 ›) on the last model reply.
 */
export function MessageActions({ message, api, tone = "plain" }: { message: ChatMessage; api: MessageActionsApi; tone?: "plain" | "overlay" }) {
  const editable = api.editableId === message.id;
  const regenerable = api.regenerableId === message.id;
  if (!editable && !regenerable) return null;
  const alt = message.alternatives;
  const color = tone === "overlay" ? "text-white/90" : "text-muted hover:text-fg";
  return (
    <div className={`mt-1 flex items-center gap-1 ${message.role === "user" ? "justify-end" : ""} ${color}`} data-testid="message-actions">
      {editable ? (
        <button type="button" className={action} disabled={api.busy} onClick={() => api.onEdit(message)}>
          Edit<span className="sr-only"> your message</span>
        </button>
      ) : null}
      {regenerable && alt && alt.count > 1 ? (
        <div role="group" aria-label="Alternative replies" className="flex items-center">
          <button type="button" className={action} aria-label="Previous alternative" disabled={api.busy || alt.index <= 0} onClick={() => api.onSelect(message, alt.index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <span className="min-w-10 text-center text-xs tabular-nums" data-testid="alternative-pager" aria-live="polite">
            <span className="sr-only">Reply </span>
            {alt.index + 1}/{alt.count}
          </span>
          <button type="button" className={action} aria-label="Next alternative" disabled={api.busy || alt.index >= alt.count - 1} onClick={() => api.onSelect(message, alt.index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      {regenerable ? (
        <button type="button" className={action} disabled={api.busy} onClick={api.onRegenerate}>
          <span aria-hidden="true">↻</span> Regenerate<span className="sr-only"> this reply</span>
        </button>
      ) : null}
    </div>
  );
}
