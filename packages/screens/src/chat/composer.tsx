"use client";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { ChatMessage } from "@storyloom/contract";
import { Button, formatCoins } from "@storyloom/ui";
import { MAX_MESSAGE_LENGTH } from "./chat-logic";

/** The plain words shown when no language model is configured (the chat wire's wording). */
export const NO_MODEL_MESSAGE = "Free replies need a language model — pick one of the choices to play.";

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Typed messages are answered; false: the composer shows why it is off; undefined: not known yet. */
  freeText: boolean | undefined;
  /** True while the story answers: nothing can be sent. */
  waiting: boolean;
  /** True while reply text streams in: Stop is offered. */
  streaming: boolean;
  /** Sends the text; resolves false when it was refused (the draft comes back). */
  onSay: (text: string) => Promise<boolean>;
  onStop: () => void;
  /** The player's message being edited (its text was put in the box), or null. */
  editing: ChatMessage | null;
  onEdit: (message: ChatMessage, text: string) => Promise<boolean>;
  onCancelEdit: () => void;
  /** Characters the player may address by name (group scene); none elsewhere. */
  addressees?: { id: string; name: string }[];
  /** Loads the reply stream's code when the player starts typing. */
  onWarm?: () => void;
  tone?: "plain" | "overlay";
}

/**
 * The free-text composer: Enter sends, Shift+Enter starts a new line, the 2,000-character limit is
 * counted as you type, and Stop takes Send's place while a reply is written (focus follows, so
 * Enter or Escape stops it from the keyboard). Without a language model it stays visible but off,
 * saying why. Editing puts the player's last message in the box; sending rewrites it.
 */
export function Composer(props: ComposerProps) {
  const { freeText, waiting, streaming, onSay, onStop, editing, onEdit, onCancelEdit, addressees = [], onWarm, tone = "plain" } = props;
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const id = useId();
  const off = freeText !== true;

  useEffect(() => {
    if (!editing) return;
    setText(editing.content);
    box.current?.focus();
  }, [editing]);

  // The box is disabled while a reply is written; focus moves to Stop and comes back after.
  useEffect(() => {
    if (streaming) {
      if (hadFocus.current) stopButton.current?.focus();
    } else if (!waiting && hadFocus.current) {
      hadFocus.current = false;
      box.current?.focus();
    }
  }, [streaming, waiting]);

  const submit = async () => {
    const content = text.trim();
    if (!content || waiting || off) return;
    hadFocus.current = true;
    setText("");
    const accepted = editing ? await onEdit(editing, content) : await onSay(content);
    if (!accepted) setText((now) => now || content);
    else if (editing) onCancelEdit();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  };
  const address = (name: string) => {
    setText((t) => `${name}, ${t.replace(/^[^,\n]{1,40},\s*/, "")}`);
    box.current?.focus();
  };

  const left = MAX_MESSAGE_LENGTH - text.length;
  const overlay = tone === "overlay";
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-1.5" data-testid="composer" onFocus={onWarm} onPointerEnter={onWarm}>
      {editing ? (
        <p className="flex items-center justify-between gap-2 text-xs">
          <span>Editing your last message</span>
          <button type="button" onClick={() => { setText(""); onCancelEdit(); }} className="underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand">
            Cancel edit
          </button>
        </p>
      ) : null}
      {addressees.length > 1 && !off ? (
        <div role="group" aria-label="Speak to" className="flex flex-wrap items-center gap-1.5 text-xs">
          <span aria-hidden="true" className="opacity-80">Speak to</span>
          {addressees.map((a) => (
            <button key={a.id} type="button" disabled={waiting} onClick={() => address(a.name)} className="rounded-full border border-line px-2.5 py-1 font-semibold focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50">
              {a.name}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {editing ? "Edit your message" : "Your message"}
        </label>
        <textarea
          id={id}
          ref={box}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => (hadFocus.current = true)}
          onBlur={() => (hadFocus.current = false)}
          maxLength={MAX_MESSAGE_LENGTH}
          rows={1}
          disabled={off || waiting}
          placeholder={off ? "Free replies are off" : "Say or do something…"}
          aria-describedby={`${id}-count ${id}-hint`}
          className={`max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-line px-3 py-2.5 [field-sizing:content] placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-60 ${overlay ? "bg-black/40 text-white" : "bg-surface-2 text-fg"}`}
        />
        {streaming ? (
          <Button ref={stopButton} variant="secondary" onClick={onStop} onKeyDown={(e) => e.key === "Escape" && onStop()} aria-label="Stop the reply">
            <span aria-hidden="true" className="size-3 rounded-[2px] bg-current" /> Stop
          </Button>
        ) : (
          <Button type="submit" disabled={off || waiting || !text.trim()}>
            {editing ? "Resend" : "Send"}
          </Button>
        )}
      </div>
      <p className="flex justify-between gap-2 text-xs opacity-80">
        <span id={`${id}-hint`}>{off ? (freeText === false ? NO_MODEL_MESSAGE : "") : "Enter sends · Shift+Enter for a new line"}</span>
        <span id={`${id}-count`} className={`shrink-0 tabular-nums ${left < 100 ? "font-semibold text-red-600" : ""}`}>
          {formatCoins(text.length)}/{formatCoins(MAX_MESSAGE_LENGTH)}
          <span className="sr-only"> characters</span>
        </span>
      </p>
    </form>
  );
}
