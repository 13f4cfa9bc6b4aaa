"use client";
import type { ChatMessage } from "@storyloom/contract";
import { isForkable, isReportable } from "./room-logic";
import type { MessageActionsApi } from "./message-parts";
import { ReportButton } from "../safety/report-button";
import { WhyReplyButton } from "./why-reply-button";
import { ReadAloudButton } from "./read-aloud";

const action =
  "inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2 text-xs font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-40 disabled:no-underline";

/**
 * The actions under a message (loaded by message-parts.tsx): Edit on the player's last message;
 * Regenerate and the pager between alternatives (‹ 2/3 ›) on the last model reply, and Continue
 * when it is the thread's last message; Report on a
 * stored character or narrator line (opens the report dialog); "Why this reply?" on a model reply
 * (opens the prompt inspector, loaded when asked for); "Read aloud" on a character or narrator line
 * where the browser can speak.
 */
export function MessageActions({ message, api, tone = "plain" }: { message: ChatMessage; api: MessageActionsApi; tone?: "plain" | "overlay" }) {
  const editable = api.editableId === message.id;
  const regenerable = api.regenerableId === message.id;
  // An earlier reply pages and regenerates too: the story then continues from it on a branch.
  const onFork = api.onFork;
  const forkable = !regenerable && onFork !== undefined && isForkable(message);
  const reportable = isReportable(message);
  if (!editable && !regenerable && !reportable && !forkable) return null;
  const alt = message.alternatives;
  const choose = (index: number) => (forkable ? onFork(message, index) : api.onSelect(message, index));
  const color = tone === "overlay" ? "text-white/90" : "text-muted hover:text-fg";
  return (
    <div className={`mt-1 flex flex-wrap items-center gap-1 ${message.role === "user" ? "justify-end" : ""} ${color}`} data-testid="message-actions">
      {editable ? (
        <button type="button" className={action} disabled={api.busy} onClick={() => api.onEdit(message)}>
          Edit<span className="sr-only"> your message</span>
        </button>
      ) : null}
      {(regenerable || forkable) && alt && alt.count > 1 ? (
        <div role="group" aria-label="Alternative replies" className="flex items-center">
          <button type="button" className={action} aria-label="Previous alternative" disabled={api.busy || alt.index <= 0} onClick={() => choose(alt.index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <span className="min-w-10 text-center text-xs tabular-nums" data-testid="alternative-pager" aria-live="polite">
            <span className="sr-only">Reply </span>
            {alt.index + 1}/{alt.count}
          </span>
          <button type="button" className={action} aria-label="Next alternative" disabled={api.busy || alt.index >= alt.count - 1} onClick={() => choose(alt.index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      {regenerable || forkable ? (
        <button type="button" className={action} disabled={api.busy} onClick={forkable ? () => onFork(message) : api.onRegenerate}>
          <span aria-hidden="true">↻</span> Regenerate<span className="sr-only"> this reply</span>
        </button>
      ) : null}
      {api.onContinue && api.continuableId === message.id ? (
        <button type="button" className={action} disabled={api.busy} onClick={api.onContinue}>
          <span aria-hidden="true">→</span> Continue<span className="sr-only"> this reply</span>
        </button>
      ) : null}
      {message.role !== "user" && !message.removed ? <ReadAloudButton id={message.id} text={message.content} className={action} storyId={api.storyId} /> : null}
      {api.storyId && message.source === "model" && !message.removed ? <WhyReplyButton storyId={api.storyId} messageId={message.id} className={action} /> : null}
      {reportable ? (
        <ReportButton target={{ kind: "message", id: message.id, label: "this message" }} className={action}>
          Report<span className="sr-only"> this message</span>
        </ReportButton>
      ) : null}
    </div>
  );
}
