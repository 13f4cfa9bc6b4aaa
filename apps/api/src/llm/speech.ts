import type { Config } from "../config";
import { ApiError } from "../errors";

// Read aloud through an OpenAI-compatible speech server (issue 45): a reply is cut into sentences and
// each is asked of `POST {TTS_BASE_URL}/audio/speech` in turn, so the first sentence plays while the
// next is being made. MP3 frames stand alone, so the answers joined one after another are one stream.

/** Where and how the speech server is called; null when none is configured (read aloud stays in the browser). */
export interface SpeechSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  voice: string;
  timeoutMs: number;
}

/** The speech settings of `config`, or null without TTS_BASE_URL. */
export function speechSettings(config: Config): SpeechSettings | null {
  if (!config.TTS_BASE_URL) return null;
  return { baseUrl: config.TTS_BASE_URL.replace(/\/+$/, ""), apiKey: config.TTS_API_KEY, model: config.TTS_MODEL, voice: config.TTS_VOICE, timeoutMs: config.TTS_TIMEOUT_MS };
}

/** Role-play marks a voice must not read out (`*leans closer*`, `**now**`, `_soft_`, code ticks). */
const MARKS = /[*_`~#]+/g;

/**
 * The sentences of a reply as they are spoken: role-play marks dropped, whitespace folded, empty
 * pieces skipped. Cut with the runtime's own sentence rules (Intl.Segmenter), which know
 * abbreviations and quotes better than a regular expression.
 */
export function sentencesOf(text: string, locale = "en"): string[] {
  const plain = text.replace(MARKS, "").replace(/\s+/g, " ").trim();
  if (!plain) return [];
  const segmenter = new Intl.Segmenter(locale, { granularity: "sentence" });
  return [...segmenter.segment(plain)].map((s) => s.segment.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** The speech server failed: a clear 502 for the caller (the server's own words go to the log only). */
export function speechFailed(detail: string): ApiError {
  return new ApiError("MODEL_ERROR", `The speech server could not read this reply (${detail}); try again, or read it yourself`);
}

/**
 * Asks the speech server for one sentence's audio (mp3). Resolves with the answer once its headers
 * arrived; the body streams after. A refusal, a network failure or no answer within the timeout is
 * a {@link speechFailed} error.
 */
export async function speakSentence(settings: SpeechSettings, input: string, voice: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  let res: Response;
  try {
    res = await fetch(`${settings.baseUrl}/audio/speech`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({ model: settings.model, input, voice, response_format: "mp3" }),
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch {
    throw speechFailed(timeout.aborted ? "it did not answer in time" : "it could not be reached");
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw speechFailed(`it answered ${res.status}`);
  }
  return res.body;
}
