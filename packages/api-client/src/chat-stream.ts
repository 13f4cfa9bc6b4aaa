// The streaming chat calls (send, regenerate, edit, continue, and a new alternative of an earlier
// reply): the same endpoints as the JSON calls, asked
// for Server-Sent Events. Kept out of the client object and its index so the SSE parser is loaded
// only by the pages that stream (`@storyloom/api-client/chat-stream`, usually imported lazily).
import { createParser } from "eventsource-parser";
import type { ChatMessage, EndpointData, EndpointInput } from "@storyloom/contract";
import { OK } from "@storyloom/contract/constants";
import { routes } from "@storyloom/contract/routes";
import type { ApiClient } from "./client";
import { ClientErrors, failure, isUnauthorized, requestIdOf, type ApiFailure, type ApiResult } from "./result";

/**
 * The chat calls that answer with a stream when asked to. `chatBranchFork` streams only when it
 * writes a new alternative (no `index`); picking an existing one is the plain JSON call.
 */
export type ChatStreamName = "chatSend" | "chatRegenerate" | "chatEdit" | "chatContinue" | "chatBranchFork";

/** The input of a streaming call: a fork names no `index` (that pick is not written, so not streamed). */
export type ChatStreamInput<N extends ChatStreamName> = N extends "chatBranchFork" ? Omit<EndpointInput<N>, "index"> & { index?: undefined } : EndpointInput<N>;

/** One open choice of a scene. */
export type StreamChoice = NonNullable<ChatMessage["choices"]>[number];

/** What the whole turn wrote, as the `done` event (and the JSON answer) carries it. */
export type ChatTurn = EndpointData<"chatSend"> & { message_id?: string };

/** One event of a reply stream, as the chat wire defines it. */
export type ChatStreamEvent =
  | { type: "start"; role: "actor" | "narrator"; actor_id: string | null }
  | { type: "delta"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "choices"; choices: StreamChoice[] }
  | { type: "done"; turn: ChatTurn }
  | { type: "error"; code: string; message: string };

/** Options of {@link streamChat}. */
export interface ChatStreamOptions {
  /** Aborting it stops the reply: the server keeps (and charges) what was written so far. */
  signal?: AbortSignal;
  /** Called for every event, in order, as it arrives. */
  onEvent?: (event: ChatStreamEvent) => void;
  /** Milliseconds to wait for the answer to start (the client's timeout by default). */
  timeoutMs?: number;
  /** Milliseconds without any event before the stream is given up. Default 90000. */
  idleMs?: number;
}

/**
 * How a stream ended, beside success: `stopped` when the caller aborted (any text written is kept
 * by the server), `failed` when the server reported an error mid-stream (its code, e.g. MODEL_ERROR).
 * Failures before the stream started carry the server's envelope (status, code) like every call.
 */
export type ChatStreamResult = ApiResult<ChatTurn> & { stopped?: boolean; streamed?: boolean };

/** Failure code of a stream that ended without a `done` or `error` event. */
export const STREAM_CUT = { code: "ERROR", message: "The reply was cut off. Please try again." } as const;

type Envelope = { code?: unknown; message?: unknown; data?: unknown };

function toEvent(name: string, raw: string): ChatStreamEvent | null {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null; // an unreadable event is skipped, like an unknown one
  }
  switch (name) {
    case "start":
      return { type: "start", role: data.role === "narrator" ? "narrator" : "actor", actor_id: typeof data.actor_id === "string" ? data.actor_id : null };
    case "delta":
    case "reasoning":
      return typeof data.text === "string" ? { type: name, text: data.text } : null;
    case "choices":
      return Array.isArray(data.choices) ? { type: "choices", choices: data.choices as StreamChoice[] } : null;
    case "done":
      return { type: "done", turn: data as unknown as ChatTurn };
    case "error":
      return { type: "error", code: typeof data.code === "string" ? data.code : "ERROR", message: typeof data.message === "string" ? data.message : STREAM_CUT.message };
    default:
      return null;
  }
}

async function readEnvelope(res: Response): Promise<ChatStreamResult> {
  let envelope: Envelope;
  try {
    envelope = (await res.json()) as Envelope;
  } catch {
    return failure(ClientErrors.NETWORK.code, `HTTP error! status: ${res.status}`, res.status, undefined, requestIdOf(res));
  }
  const code = typeof envelope.code === "string" || typeof envelope.code === "number" ? String(envelope.code) : "";
  const message = typeof envelope.message === "string" ? envelope.message : "";
  // A server (or proxy) that answered the whole reply as JSON: the same turn, just not streamed.
  if (code === OK && res.ok) return { ok: true, code: OK, message, data: envelope.data as ChatTurn, status: res.status };
  const details = envelope.data && typeof envelope.data === "object" ? (envelope.data as Record<string, unknown>) : null;
  return failure(code || ClientErrors.NETWORK.code, message || `HTTP error! status: ${res.status}`, res.status, details, requestIdOf(res));
}

/** Reads an event stream to its end: `done` → success, `error` → failure, cut off → failure. */
async function readStream(res: Response, opts: ChatStreamOptions, idle: { arm: () => void }): Promise<ChatStreamResult> {
  let outcome: ChatStreamResult | null = null;
  const parser = createParser({
    onEvent(message) {
      const event = toEvent(message.event ?? "message", message.data);
      if (!event || outcome) return;
      if (event.type === "done") outcome = { ok: true, code: OK, message: "", data: event.turn, status: res.status, streamed: true };
      else if (event.type === "error") outcome = { ...failure(event.code, event.message, res.status, undefined, requestIdOf(res)), streamed: true };
      opts.onEvent?.(event);
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      idle.arm();
      parser.feed(value);
      if (outcome) break;
    }
    parser.reset({ consume: true });
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return outcome ?? { ...failure(STREAM_CUT.code, STREAM_CUT.message, res.status), streamed: true };
}

/**
 * Sends a chat call asking for a stream and reports its events as they arrive. Resolves (never
 * rejects) once the stream ends: the turn of the `done` event, or a failure. Errors found before
 * the stream starts are the server's JSON envelopes, returned like every call's (INSUFFICIENT_COINS
 * 402, CONFLICT 409, RATE_LIMITED 429, VALIDATION_ERROR 400); a 401 renews the token and is sent
 * once more, as for every authenticated call. Aborting `signal` resolves with `stopped: true`.
 */
export async function streamChat<N extends ChatStreamName>(client: ApiClient, name: N, input: ChatStreamInput<N>, opts: ChatStreamOptions = {}): Promise<ChatStreamResult> {
  // Showing an existing alternative writes nothing: it is the JSON call (client.api.chatBranchFork).
  if (name === "chatBranchFork" && (input as { index?: unknown }).index !== undefined) {
    return failure("VALIDATION_ERROR", "Only a new alternative is streamed; pick an existing one with the JSON call", 0);
  }
  const { baseUrl, fetch: fetchFn, timeoutMs } = client.transport;
  const url = `${baseUrl.replace(/\/+$/, "")}${routes[name].path}`;
  const body = JSON.stringify(input);

  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  const onAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  let streaming = false;

  const attempt = async (token: string): Promise<ChatStreamResult | Response> => {
    arm(opts.timeoutMs ?? timeoutMs);
    const res = await fetchFn(url, {
      method: "POST",
      headers: { Accept: "text/event-stream", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body,
      signal: controller.signal,
    });
    const type = res.headers.get("content-type") ?? "";
    return type.startsWith("text/event-stream") && res.ok && res.body ? res : readEnvelope(res);
  };

  try {
    const token = await client.session.getValidToken();
    if (!token) return failure(ClientErrors.AUTH.code, ClientErrors.AUTH.message, 401);
    let answer = await attempt(token);
    if (!(answer instanceof Response) && isUnauthorized(answer)) {
      const renewed = await client.session.renewToken(token);
      if (!renewed) return failure(ClientErrors.AUTH.code, ClientErrors.AUTH.message, 401);
      answer = await attempt(renewed);
    }
    if (!(answer instanceof Response)) return answer;
    streaming = true;
    const idleMs = opts.idleMs ?? 90_000;
    return await readStream(answer, opts, { arm: () => arm(idleMs) });
  } catch {
    if (opts.signal?.aborted) return { ...failure(ClientErrors.ABORTED.code, ClientErrors.ABORTED.message), stopped: true, streamed: streaming };
    if (timedOut) return { ...failure(ClientErrors.TIMEOUT.code, streaming ? STREAM_CUT.message : ClientErrors.TIMEOUT.message), streamed: streaming };
    return { ...failure(ClientErrors.NETWORK.code, streaming ? STREAM_CUT.message : ClientErrors.NETWORK.message), streamed: streaming };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

/** True for a failure that means "not enough coins for a reply" (open the purchase dialog). */
export function isInsufficientCoins(result: Pick<ApiFailure, "code" | "status">): boolean {
  return result.code === "INSUFFICIENT_COINS" || result.status === 402;
}
