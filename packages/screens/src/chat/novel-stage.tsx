"use client";
import { useState } from "react";
import type { ChatMessage } from "@storyloom/contract";
import { LazyRichText as RichText, preloadRichText } from "@storyloom/ui/rich-text/lazy";
import { lastPlayerIndex, speakerName } from "./room-logic";
import { isLive, TypingIndicator, type CastMember } from "./message-list";
import { MessageActions, MessageText, type MessageActionsApi } from "./message-parts";

// The renderer is fetched while the thread loads (see LazyRichText), not in the first load.
if (typeof window !== "undefined") void preloadRichText();

/** Props of {@link NovelStage}. */
export interface NovelStageProps {
  messages: ChatMessage[];
  cast: Readonly<Record<string, CastMember>>;
  coverUrl: string;
  /** The character on stage when nobody in particular is speaking. */
  leadId: string | null;
  waiting: boolean;
  streaming?: boolean;
  actions?: MessageActionsApi;
  /** True while the opening stands in for a thread still being read (the log is busy). */
  placeholder?: boolean;
}

/**
 * Chat variant 4, a group scene on a visual-novel stage: the cover as the backdrop, the speaking
 * character's portrait on stage, and the dialogue box holding the current turn — the player's
 * line and every character who answered it, in turn, each in their own voice (announced through
 * a live region once complete). Earlier turns stay one click away in the backlog.
 */
export function NovelStage({ messages, cast, coverUrl, leadId, waiting, streaming = false, actions, placeholder = false }: NovelStageProps) {
  const [backlog, setBacklog] = useState(false);
  const names = Object.fromEntries(Object.entries(cast).map(([id, c]) => [id, c.name]));
  const from = lastPlayerIndex(messages);
  // The current turn: from the player's last line on (or the opening when there is none yet).
  const scene = from >= 0 ? messages.slice(from) : messages.slice(-3);
  const last = messages.at(-1);
  const lastActor = [...messages].reverse().find((m) => m.role === "actor")?.actor_id ?? leadId;
  const onStage = lastActor ? cast[lastActor] : undefined;
  const typing = waiting && !(last && isLive(last) && last.content);
  return (
    <div className="flex flex-1 flex-col">
      <div className="relative flex min-h-[40dvh] flex-1 items-end justify-center overflow-hidden bg-surface-2" style={{ backgroundImage: `url(${coverUrl})`, backgroundSize: "cover", backgroundPosition: "center" }}>
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-black/10 via-transparent to-black/70" />
        {onStage ? <img src={onStage.avatarUrl} alt={onStage.name} width={192} height={192} className="relative mb-2 size-40 rounded-full shadow-2xl ring-4 ring-white/30 md:size-48" /> : null}
      </div>
      <div className="-mt-6 px-4">
        <div role="log" aria-live="polite" aria-relevant="additions" aria-busy={streaming || placeholder} aria-label="Scene" className="relative flex min-h-28 flex-col gap-3 rounded-2xl border border-line bg-surface/95 p-4 shadow-xl backdrop-blur" data-testid="chat-log">
          {scene.map((m) => (
            <div key={m.id} className={m.role === "narrator" ? "text-fg italic" : m.role === "user" ? "text-fg/80" : "text-fg"} data-role={m.role} data-live={(streaming && m === last && isLive(m)) || undefined}>
              <span className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">{speakerName(m, names)}</span>
              <MessageText message={m} live={streaming && m === last && isLive(m)} />
              {actions ? <MessageActions message={m} api={actions} /> : null}
            </div>
          ))}
          {typing ? <TypingIndicator /> : null}
        </div>
        <button
          type="button"
          aria-expanded={backlog}
          onClick={() => setBacklog((b) => !b)}
          className="mt-2 text-sm text-muted underline underline-offset-4 hover:text-fg focus-visible:outline-2 focus-visible:outline-brand"
        >
          {backlog ? "Hide backlog" : `Backlog (${messages.length})`}
        </button>
        {backlog ? (
          // Focusable, so the scrolling list can be read and scrolled from the keyboard too.
          <ol tabIndex={0} aria-label="Backlog" className="mt-2 flex max-h-64 flex-col gap-2 overflow-y-auto rounded-xl border border-line p-3 text-sm focus-visible:outline-2 focus-visible:outline-brand">
            {messages.map((m) => (
              <li key={m.id}>
                <span className="font-semibold text-fg">{speakerName(m, names)}: </span>
                <RichText text={m.content} className="text-fg/90" />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </div>
  );
}
