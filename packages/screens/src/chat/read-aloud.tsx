"use client";
import { useEffect, useSyncExternalStore } from "react";
import { plainRichText } from "@storyloom/ui/rich-text/plain";

// The browser has one speech queue, so one reply is read at a time: this mirrors which one, so every
// "Read aloud" button can say whether it is the one speaking. Browser-only state (never rendered on
// the server), like the speech queue it follows.
let current: { id: string; utterance: SpeechSynthesisUtterance } | null = null;
const listeners = new Set<() => void>();

function setCurrent(next: typeof current): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noSubscription = () => () => undefined;

/** True where the browser can speak (speechSynthesis); false on the server and where it cannot. */
export function canReadAloud(): boolean {
  return typeof window !== "undefined" && "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function";
}

/** Reads `text` (role-play marks dropped) in place of whatever was being read. */
export function readAloud(id: string, text: string): void {
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(plainRichText(text));
  const lang = document.documentElement.lang;
  if (lang) utterance.lang = lang;
  // A cancelled utterance ends too: only the one still current clears the state.
  const done = () => {
    if (current?.utterance === utterance) setCurrent(null);
  };
  utterance.addEventListener("end", done);
  utterance.addEventListener("error", done);
  setCurrent({ id, utterance });
  synth.speak(utterance);
}

/** Stops reading. */
export function stopReading(): void {
  setCurrent(null);
  window.speechSynthesis.cancel();
}

/**
 * "Read aloud" under a reply, speaking it through the browser's own speech synthesis; "Stop reading"
 * while it speaks. Not shown where the browser cannot speak. Leaving the reply (restart, a new page)
 * stops it.
 */
export function ReadAloudButton({ id, text, className }: { id: string; text: string; className: string }) {
  const supported = useSyncExternalStore(noSubscription, canReadAloud, () => false);
  const speaking = useSyncExternalStore(subscribe, () => current?.id === id, () => false);
  useEffect(
    () => () => {
      if (current?.id === id) stopReading();
    },
    [id],
  );
  if (!supported || !text.trim()) return null;
  return (
    <button type="button" className={className} aria-pressed={speaking} onClick={() => (speaking ? stopReading() : readAloud(id, text))}>
      <span aria-hidden="true">{speaking ? "■" : "▶"}</span> {speaking ? "Stop reading" : "Read aloud"}
    </button>
  );
}
