"use client";
import { useEffect, useRef } from "react";
import type { ChatMessage } from "@storyloom/contract";
import { speakerName, type ChatVariant } from "./room-logic";
import { MessageActions, MessageText, ReasoningDetails, type MessageActionsApi } from "./message-parts";

/** A character's name and picture, for bubbles and the stage. */
export interface CastMember {
  name: string;
  avatarUrl: string;
  /** the character's one-line description (the panel beside the chat shows it under the portrait) */
  tagline?: string;
}

/** Props of {@link MessageList}. */
export interface MessageListProps {
  variant: Exclude<ChatVariant, "novel">;
  messages: ChatMessage[];
  cast: Readonly<Record<string, CastMember>>;
  waiting: boolean;
  /** True while reply text streams in: the log holds its announcements until the reply is complete. */
  streaming?: boolean;
  actions?: MessageActionsApi;
  /**
   * The first this-many lines are keyed by their place, not their id: the server-rendered opening
   * (see openingMessages) becomes the stored thread's first lines in the same elements, so nothing
   * is painted, announced or laid out twice when the thread arrives.
   */
  placeKeyed?: number;
  /** True while the opening stands in for a thread still being read (the log is busy). */
  placeholder?: boolean;
}

/** The React key of a message at `index`: its place among the first `placeKeyed`, else its id. */
export const messageKey = (m: ChatMessage, index: number, placeKeyed: number) => (index < placeKeyed ? `line-${index}` : m.id);

/** "…" while the story answers; announced once through the log's live region. */
export function TypingIndicator({ className = "" }: { className?: string }) {
  return (
    <div className={`inline-flex items-center gap-1 rounded-2xl bg-surface-2 px-4 py-3 ${className}`} data-testid="typing">
      <span className="sr-only">The story is writing…</span>
      {[0, 150, 300].map((delay) => (
        <span key={delay} aria-hidden="true" className="size-2 animate-bounce rounded-full bg-muted motion-reduce:animate-none" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </div>
  );
}

const bubble: Record<MessageListProps["variant"], { user: string; actor: string; narrator: string }> = {
  classic: {
    user: "ml-auto rounded-2xl rounded-br-md bg-brand text-white",
    actor: "rounded-2xl rounded-bl-md bg-surface-2 text-fg",
    narrator: "mx-auto text-center italic text-muted",
  },
  immersive: {
    user: "ml-auto rounded-2xl rounded-br-md bg-brand text-white shadow-lg",
    actor: "rounded-2xl rounded-bl-md bg-black/70 text-white shadow-lg backdrop-blur",
    narrator: "mx-auto rounded-xl bg-black/60 text-center italic text-white/90 backdrop-blur",
  },
  reasoning: {
    user: "border-l-4 border-brand pl-3 text-fg",
    actor: "text-fg",
    narrator: "text-fg/90",
  },
};

/** True for a message still being written in this page (it has no stored id yet). */
export const isLive = (m: ChatMessage) => m.id.startsWith("live-");

/**
 * The conversation as a log (role=log: new lines are announced politely, old ones are not
 * re-read). While a reply streams the log is aria-busy, so a screen reader reads the reply once it
 * is complete instead of every token. Narrator lines, character lines and the player's lines each
 * look different, and each carries its speaker. Keeps the newest line in view.
 */
export function MessageList({ variant, messages, cast, waiting, streaming = false, actions, placeKeyed = 0, placeholder = false }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const names = Object.fromEntries(Object.entries(cast).map(([id, c]) => [id, c.name]));
  const last = messages.at(-1);
  const growing = last && isLive(last) ? last.content.length : 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [messages.length, waiting, growing]);
  const styles = bubble[variant];
  // The typing dots stand in until the first words of the reply arrive.
  const typing = waiting && !(last && isLive(last) && (last.content || last.reasoning));
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" aria-busy={streaming || placeholder} aria-label="Story conversation" className="flex flex-col gap-3 px-4 py-4" data-testid="chat-log">
      {messages.map((m, index) => {
        const who = speakerName(m, names);
        const actor = m.actor_id ? cast[m.actor_id] : undefined;
        const pending = m.id.startsWith("pending-");
        const live = streaming && m === last && isLive(m);
        if (variant === "reasoning") {
          return (
            <div key={messageKey(m, index, placeKeyed)} className={`leading-relaxed ${styles[m.role]} ${pending ? "opacity-70" : ""}`} data-role={m.role} data-live={live || undefined}>
              <span className="mr-2 text-xs font-semibold tracking-wide text-muted uppercase">{who}</span>
              <ReasoningDetails message={m} live={live} />
              <MessageText message={m} live={live} />
              {actions ? <MessageActions message={m} api={actions} /> : null}
            </div>
          );
        }
        return (
          <div key={messageKey(m, index, placeKeyed)} className={`flex max-w-[85%] flex-col ${m.role === "user" ? "ml-auto items-end" : m.role === "narrator" ? "mx-auto max-w-[92%]" : ""}`} data-role={m.role} data-live={live || undefined}>
            <div className="flex items-end gap-2">
              {m.role === "actor" && actor ? <img src={actor.avatarUrl} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full" /> : null}
              <p className={`px-4 py-2.5 leading-relaxed ${styles[m.role]} ${pending ? "opacity-70" : ""}`}>
                <span className={m.role === "actor" ? "mb-0.5 block text-xs font-semibold opacity-80" : "sr-only"}>{who}: </span>
                <MessageText message={m} live={live} />
              </p>
            </div>
            {actions ? <MessageActions message={m} api={actions} tone={variant === "immersive" ? "overlay" : "plain"} /> : null}
          </div>
        );
      })}
      {typing ? <TypingIndicator className={variant === "immersive" ? "bg-black/60" : ""} /> : null}
      <div ref={end} />
    </div>
  );
}
