import type { ApiClient } from "@storyloom/api-client";
import { SPEECH_PATH } from "@storyloom/contract/constants";

// Read aloud through the API's speech server (issue 45), loaded only when a reply is first read: the
// API answers one reply as mp3, sentence after sentence, and this plays it as it arrives (Media
// Source Extensions where the browser takes audio/mpeg, else once the whole answer is in).

/** A reading in progress: `done` settles when it ends (or fails); `stop` ends it at once. */
export interface ServerReading {
  done: Promise<void>;
  stop(): void;
}

/** What the caller hears of a reading before it ends. */
export interface ServerReadingEvents {
  /** the audio started playing (its `playing` event) */
  onPlaying?: () => void;
}

/**
 * The API refused a reading, or its speech server failed, before any audio: `status` is the API's
 * HTTP status, 0 when the API could not be reached at all.
 */
export class ReadingRefused extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "ReadingRefused";
    this.status = status;
  }
}

/** The API's message of a refused reading (its envelope), else a general one. */
async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // not an envelope: the general message below
  }
  return `The reply could not be read aloud (${res.status}).`;
}

const UNPLAYABLE = "The audio could not be played.";

/** Waits for one event of `target` (`error` rejects). */
function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    if (event !== "error") target.addEventListener("error", () => reject(new Error(UNPLAYABLE)), { once: true });
  });
}

/**
 * The answer's chunks as they arrive, read eagerly into a queue of ours: a read is always waiting, so
 * each chunk is handed over the moment it comes. A stream that errors (the speech server failed on a
 * later sentence) drops whatever it still held unread, which would lose audio already sent.
 */
function eagerly(body: ReadableStream<Uint8Array>): () => Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const queue: Uint8Array<ArrayBuffer>[] = [];
  let over = false;
  // Resolves the consumer's wait, if it is waiting (a settled promise ignores a second call).
  let wake = (): void => undefined;
  void (async () => {
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        // A fetched chunk is never shared memory: copied into a plain ArrayBuffer for the source buffer.
        queue.push(new Uint8Array(next.value));
        wake();
      }
    } catch {
      // cut short: what arrived is played
    } finally {
      over = true;
      wake();
    }
  })();
  return async () => {
    while (queue.length === 0 && !over) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift() ?? null;
  };
}

/**
 * Feeds the answer's bytes into `audio` as they arrive, starting playback with the first sentence.
 * An answer cut short after some audio (the speech server failed on a later sentence) ends the
 * stream there: what arrived is played to its end. Rejects when no audio arrived at all.
 */
async function streamInto(audio: HTMLAudioElement, body: ReadableStream<Uint8Array>, signal: AbortSignal, urls: string[], play: () => void): Promise<void> {
  const next = eagerly(body);
  const source = new MediaSource();
  const url = URL.createObjectURL(source);
  urls.push(url);
  audio.src = url;
  await once(source, "sourceopen");
  const buffer = source.addSourceBuffer("audio/mpeg");
  let started = false;
  for (;;) {
    const chunk = await next();
    if (!chunk || signal.aborted) break;
    buffer.appendBuffer(chunk);
    await once(buffer, "updateend");
    if (!started) {
      started = true;
      play();
    }
  }
  if (signal.aborted) return;
  if (!started) throw new Error(UNPLAYABLE);
  if (source.readyState === "open") source.endOfStream();
}

/**
 * The whole answer, as one blob to play: without Media Source Extensions for audio/mpeg. An answer
 * cut short after some audio is played as far as it came; none at all rejects.
 */
async function wholeAnswer(body: ReadableStream<Uint8Array>): Promise<Blob> {
  const reader = body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      break;
    }
    if (next.done) break;
    parts.push(new Uint8Array(next.value));
  }
  if (parts.length === 0) throw new Error(UNPLAYABLE);
  return new Blob(parts, { type: "audio/mpeg" });
}

/**
 * Starts reading message `messageId` of the caller's chat of `storyId` through the API. Rejects
 * with a {@link ReadingRefused} (the API's words) when the API refuses or the speech server fails
 * before any audio.
 */
export async function readWithServer(client: ApiClient, storyId: string, messageId: string, events: ServerReadingEvents = {}): Promise<ServerReading> {
  const token = await client.session.getValidToken();
  if (!token) throw new ReadingRefused("Sign in again to have replies read aloud.", 401);
  const controller = new AbortController();
  let res: Response;
  try {
    res = await client.transport.fetch(`${client.transport.baseUrl.replace(/\/+$/, "")}${SPEECH_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ story_id: storyId, message_id: messageId }),
      signal: controller.signal,
    });
  } catch {
    throw new ReadingRefused("The reply could not be read aloud: the server could not be reached.", 0);
  }
  if (!res.ok || !res.body) throw new ReadingRefused(await refusal(res), res.status);
  const audio = new Audio();
  audio.addEventListener("playing", () => events.onPlaying?.());
  const urls: string[] = [];
  let finish = () => undefined as void;
  // Stopping settles the reading too (the audio's "ended" never comes then).
  const stopped = new Promise<void>((resolve) => (finish = resolve));
  const stop = () => {
    controller.abort();
    audio.pause();
    for (const url of urls) URL.revokeObjectURL(url);
    finish();
  };
  const body = res.body;
  const playing = (async () => {
    const ended = once(audio, "ended");
    // A refused play() (an autoplay policy) would otherwise leave the reading waiting for "ended".
    let refused: (err: unknown) => void = () => undefined;
    const notPlayed = new Promise<never>((_, reject) => (refused = reject));
    void ended.catch(() => undefined);
    void notPlayed.catch(() => undefined);
    const play = () => void audio.play().catch((err: unknown) => refused(err instanceof Error ? err : new Error(UNPLAYABLE)));
    const fed =
      typeof MediaSource !== "undefined" && MediaSource.isTypeSupported("audio/mpeg")
        ? streamInto(audio, body, controller.signal, urls, play)
        : wholeAnswer(body).then((blob) => {
            // Stopped meanwhile: nothing more to play.
            if (controller.signal.aborted) return;
            const url = URL.createObjectURL(blob);
            urls.push(url);
            audio.src = url;
            play();
          });
    await Promise.race([fed.then(() => ended), ended, notPlayed]);
  })();
  const done = Promise.race([playing, stopped]).finally(stop);
  return { done, stop };
}
