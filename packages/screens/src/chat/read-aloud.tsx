"use client";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ApiClient } from "@storyloom/api-client";
import { useApiClient } from "@storyloom/api-client/react";
import { SPEECH_PATH } from "@storyloom/contract/constants";
import { plainRichText } from "@storyloom/ui/rich-text/plain";
import { dangerText } from "@storyloom/ui";

// "Read aloud" (issue 45): through the API's speech server when it has one (an OpenAI-compatible
// /v1/audio/speech server, each character in the voice its author chose), else the browser's own
// speech synthesis. One reply is read at a time, whichever way: this mirrors which one, so every
// button can say whether it is the one speaking. Browser-only state (never rendered on the server).
let current: { id: string; stop: () => void } | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function setCurrent(next: typeof current): void {
  current = next;
  notify();
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

// Whether the API reads aloud with a speech server: asked once per page, when the first reply that
// could be read shows; until it answers (and if it cannot be asked) the browser reads.
let serverProbe: Promise<void> | null = null;
let serverReads = false;

function probeServer(client: ApiClient): void {
  serverProbe ??= client.transport
    .fetch(`${client.transport.baseUrl.replace(/\/+$/, "")}${SPEECH_PATH}`)
    .then(async (res) => (res.ok ? ((await res.json()) as { data?: { available?: unknown } }).data?.available === true : false))
    .catch(() => false)
    .then((available) => {
      serverReads = available;
      notify();
    });
}

/** Reads `text` (role-play marks dropped) with the browser's voices, in place of whatever was being read. */
export function readAloud(id: string, text: string): void {
  current?.stop();
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(plainRichText(text));
  const lang = document.documentElement.lang;
  if (lang) utterance.lang = lang;
  const reading = { id, stop: () => synth.cancel() };
  // A cancelled utterance ends too: only the one still current clears the state.
  const done = () => {
    if (current === reading) setCurrent(null);
  };
  utterance.addEventListener("end", done);
  utterance.addEventListener("error", done);
  setCurrent(reading);
  synth.speak(utterance);
}

/**
 * Reads reply `id` of the caller's chat of `storyId` through the API's speech server (the player
 * module loads on first use). Rejects with the API's words when it refuses or the server fails.
 */
async function readWithApi(client: ApiClient, storyId: string, id: string): Promise<void> {
  current?.stop();
  // "Stop reading" shows at once; stopping before the audio arrives drops it when it does.
  let stopped = false;
  const reading = {
    id,
    stop: () => {
      stopped = true;
    },
  };
  setCurrent(reading);
  try {
    const { readWithServer } = await import("./read-aloud-server");
    const playing = await readWithServer(client, storyId, id);
    if (stopped || current !== reading) {
      playing.stop();
      return;
    }
    reading.stop = () => playing.stop();
    await playing.done;
  } finally {
    if (current === reading) setCurrent(null);
  }
}

/** Stops reading. */
export function stopReading(): void {
  const was = current;
  setCurrent(null);
  was?.stop();
  if (canReadAloud()) window.speechSynthesis.cancel();
}

/**
 * "Read aloud" under a reply; "Stop reading" while it speaks. Speaks through the API's speech
 * server when it has one (given the reply's `storyId`), else through the browser; not shown where
 * neither can. A failed reading falls back to the browser where it can speak, else says why. Leaving
 * the reply (restart, a new page) stops it.
 */
export function ReadAloudButton({ id, text, className, storyId }: { id: string; text: string; className: string; storyId?: string }) {
  const client = useApiClient();
  const browser = useSyncExternalStore(noSubscription, canReadAloud, () => false);
  const server = useSyncExternalStore(subscribe, () => serverReads && storyId !== undefined, () => false);
  const speaking = useSyncExternalStore(subscribe, () => current?.id === id, () => false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (storyId) probeServer(client);
  }, [client, storyId]);
  useEffect(
    () => () => {
      if (current?.id === id) stopReading();
    },
    [id],
  );
  if ((!browser && !server) || !text.trim()) return null;
  const start = () => {
    setError(null);
    if (!server || !storyId) return readAloud(id, text);
    readWithApi(client, storyId, id).catch((err: unknown) => {
      if (canReadAloud()) return readAloud(id, text);
      setError(err instanceof Error ? err.message : "The reply could not be read aloud.");
    });
  };
  return (
    <>
      <button type="button" className={className} aria-pressed={speaking} onClick={() => (speaking ? stopReading() : start())}>
        <span aria-hidden="true">{speaking ? "■" : "▶"}</span> {speaking ? "Stop reading" : "Read aloud"}
      </button>
      {error ? (
        <span role="alert" className={`text-xs ${dangerText}`}>
          {error}
        </span>
      ) : null}
    </>
  );
}
