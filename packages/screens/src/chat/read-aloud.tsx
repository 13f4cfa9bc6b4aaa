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
/** How a reply is being read: the browser's voices, or the API's audio still on its way, or playing. */
export type ReadingState = "browser" | "loading" | "playing";
let current: { id: string; stop: () => void; state: ReadingState } | null = null;
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
  const reading = { id, stop: () => synth.cancel(), state: "browser" as ReadingState };
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
    state: "loading" as ReadingState,
  };
  setCurrent(reading);
  try {
    const { readWithServer } = await import("./read-aloud-server");
    let playing: Awaited<ReturnType<typeof readWithServer>>;
    try {
      playing = await readWithServer(client, storyId, id, {
        onPlaying: () => {
          if (current !== reading) return;
          reading.state = "playing";
          notify();
        },
      });
    } catch (err) {
      // Stopped (or another reply read) meanwhile: its failure is no longer the player's concern.
      if (stopped || current !== reading) return;
      throw err;
    }
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

/**
 * Whether the browser's own voices should read instead: the speech server (or the API) failed before
 * any audio — a 5xx, or no answer (status 0; read-aloud-server.ts's ReadingRefused carries it). A
 * refusal the player must hear about (4xx: the rate limit, a reply too long, signed out) is no reason
 * to read anyway, nor is audio that failed once it had begun.
 */
export function fallsBackToBrowser(err: unknown): boolean {
  const status = err instanceof Error && "status" in err ? err.status : undefined;
  return typeof status === "number" && (status === 0 || status >= 500);
}

/** What the player is told after a reading through the API failed, and whether the browser reads instead. */
export interface ReadingFailure {
  fallback: boolean;
  notice: { role: "status" | "alert"; text: string };
}

/**
 * After a failed reading through the API: when its speech server failed before any audio (a 5xx, or
 * no answer) and the browser can speak, the browser's voices read the reply and the player is told
 * why (a status); otherwise (a refusal such as the rate limit, audio that would not play, or no
 * browser voices) the API's words are an alert and nothing is read.
 */
export function afterReadingFailed(err: unknown, browserCanRead: boolean): ReadingFailure {
  const said = err instanceof Error && err.message ? err.message : "The reply could not be read aloud.";
  if (browserCanRead && fallsBackToBrowser(err)) {
    return { fallback: true, notice: { role: "status", text: `${said.replace(/[\s.]+$/, "")}. This browser's voice reads it instead.` } };
  }
  return { fallback: false, notice: { role: "alert", text: said } };
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
 * neither can. When the speech server fails before any audio, the browser reads where it can (and
 * the player is told why); any other failure is said in an alert. `data-reading` says how it reads
 * (`browser`, `loading`: the API's audio is on its way, `playing`). Leaving the reply (restart, a new
 * page) stops it.
 */
export function ReadAloudButton({ id, text, className, storyId }: { id: string; text: string; className: string; storyId?: string }) {
  const client = useApiClient();
  const browser = useSyncExternalStore(noSubscription, canReadAloud, () => false);
  const server = useSyncExternalStore(subscribe, () => serverReads && storyId !== undefined, () => false);
  const state = useSyncExternalStore(subscribe, () => (current?.id === id ? current.state : null), () => null);
  const speaking = state !== null;
  const [notice, setNotice] = useState<ReadingFailure["notice"] | null>(null);
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
    setNotice(null);
    if (!server || !storyId) return readAloud(id, text);
    readWithApi(client, storyId, id).catch((err: unknown) => {
      const failed = afterReadingFailed(err, canReadAloud());
      setNotice(failed.notice);
      if (failed.fallback) readAloud(id, text);
    });
  };
  return (
    <>
      <button type="button" className={className} aria-pressed={speaking} data-reading={state ?? undefined} onClick={() => (speaking ? stopReading() : start())}>
        <span aria-hidden="true">{speaking ? "■" : "▶"}</span> {speaking ? "Stop reading" : "Read aloud"}
      </button>
      {notice ? (
        <span role={notice.role} className={notice.role === "alert" ? `text-xs ${dangerText}` : "text-xs"}>
          {notice.text}
        </span>
      ) : null}
    </>
  );
}
