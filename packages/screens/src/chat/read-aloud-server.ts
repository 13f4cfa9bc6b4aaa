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

/** Waits for one event of `target` (`error` rejects). */
function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    if (event !== "error") target.addEventListener("error", () => reject(new Error("The audio could not be played.")), { once: true });
  });
}

/** Feeds the answer's bytes into `audio` as they arrive, starting playback with the first sentence. */
async function streamInto(audio: HTMLAudioElement, body: ReadableStream<Uint8Array>, signal: AbortSignal, urls: string[]): Promise<void> {
  const source = new MediaSource();
  const url = URL.createObjectURL(source);
  urls.push(url);
  audio.src = url;
  await once(source, "sourceopen");
  const buffer = source.addSourceBuffer("audio/mpeg");
  const reader = body.getReader();
  let started = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || signal.aborted) break;
    // A fetched chunk is never shared memory: copied into a plain ArrayBuffer for the source buffer.
    buffer.appendBuffer(new Uint8Array(value));
    await once(buffer, "updateend");
    if (!started) {
      started = true;
      void audio.play().catch(() => undefined);
    }
  }
  if (source.readyState === "open") source.endOfStream();
}

/**
 * Starts reading message `messageId` of the caller's chat of `storyId` through the API. Rejects
 * (with the API's words) when the API refuses or the speech server fails before any audio.
 */
export async function readWithServer(client: ApiClient, storyId: string, messageId: string): Promise<ServerReading> {
  const token = await client.session.getValidToken();
  if (!token) throw new Error("Sign in again to have replies read aloud.");
  const controller = new AbortController();
  const res = await client.transport.fetch(`${client.transport.baseUrl.replace(/\/+$/, "")}${SPEECH_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ story_id: storyId, message_id: messageId }),
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(await refusal(res));
  const audio = new Audio();
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
    if (typeof MediaSource !== "undefined" && MediaSource.isTypeSupported("audio/mpeg")) {
      await streamInto(audio, body, controller.signal, urls);
    } else {
      const url = URL.createObjectURL(await new Response(body).blob());
      urls.push(url);
      audio.src = url;
      await audio.play();
    }
    await ended;
  })();
  const done = Promise.race([playing, stopped]).finally(stop);
  return { done, stop };
}
