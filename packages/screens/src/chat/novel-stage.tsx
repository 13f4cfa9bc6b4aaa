"use client";
import { useState } from "react";
import type { ChatMessage } from "@storyloom/contract";
import { speakerName } from "./chat-logic";
import { TypingIndicator, type CastMember } from "./message-list";

/** Props of {@link NovelStage}. */
export interface NovelStageProps {
  messages: ChatMessage[];
  cast: Readonly<Record<string, CastMember>>;
  coverUrl: string;
  /** The character on stage when nobody in particular is speaking. */
  leadId: string | null;
  waiting: boolean;
}

/**
 * Chat variant 4, a visual-novel scene: the cover as the backdrop, the speaking character's
 * portrait on stage and only the newest line in the dialogue box (announced via a live region).
 * Earlier lines stay one click away in the backlog, so nothing is lost.
 */
export function NovelStage({ messages, cast, coverUrl, leadId, waiting }: NovelStageProps) {
  const [backlog, setBacklog] = useState(false);
  const names = Object.fromEntries(Object.entries(cast).map(([id, c]) => [id, c.name]));
  const latest = messages.at(-1);
  const lastActor = [...messages].reverse().find((m) => m.role === "actor")?.actor_id ?? leadId;
  const onStage = lastActor ? cast[lastActor] : undefined;
  return (
    <div className="flex flex-1 flex-col">
      <div className="relative flex min-h-[46dvh] flex-1 items-end justify-center overflow-hidden bg-surface-2" style={{ backgroundImage: `url(${coverUrl})`, backgroundSize: "cover", backgroundPosition: "center" }}>
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-black/10 via-transparent to-black/70" />
        {onStage ? <img src={onStage.avatarUrl} alt={onStage.name} width={192} height={192} className="relative mb-2 size-48 rounded-full shadow-2xl ring-4 ring-white/30" /> : null}
      </div>
      <div className="-mt-6 px-4">
        <div aria-live="polite" className="relative min-h-28 rounded-2xl border border-line bg-surface/95 p-4 shadow-xl backdrop-blur" data-testid="chat-log">
          {waiting ? (
            <TypingIndicator />
          ) : latest ? (
            <p className={latest.role === "narrator" ? "text-fg italic" : "text-fg"} data-role={latest.role}>
              <span className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">{speakerName(latest, names)}</span>
              {latest.content}
            </p>
          ) : null}
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
          <ol className="mt-2 flex max-h-64 flex-col gap-2 overflow-y-auto rounded-xl border border-line p-3 text-sm">
            {messages.map((m) => (
              <li key={m.id}>
                <span className="font-semibold text-fg">{speakerName(m, names)}: </span>
                <span className="text-fg/90">{m.content}</span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </div>
  );
}
