import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";
import { arrivalOf, chatFirstToken, sseStreamsOpen } from "../metrics/metrics";
import type { TurnChannel, TurnResult } from "../services/chatEngine";

// Server-Sent Events for chat turns (see the chat wire): every event is written to the socket as it
// happens, with the headers that stop proxies from buffering. Errors found before the stream opens
// stay ordinary JSON envelopes; after it opens they are `error` events.

const HEARTBEAT_MS = 15_000;

/** Whether the caller asked for a stream. */
export function wantsStream(req: FastifyRequest): boolean {
  return (req.headers.accept ?? "").includes("text/event-stream");
}

/** A channel of one turn: SSE when asked for, otherwise silent (the JSON answer carries the result). */
export interface RouteChannel extends TurnChannel {
  /** true once the stream has started (the answer can no longer be an envelope) */
  readonly streaming: boolean;
  /** ends the stream with `done` */
  done(result: TurnResult): void;
  /** ends the stream with `error` */
  fail(err: unknown): void;
}

/** Opens the channel of a turn; the client closing its connection aborts `signal` at once. */
export function turnChannel(req: FastifyRequest, reply: FastifyReply): RouteChannel {
  const stream = wantsStream(req);
  const ctl = new AbortController();
  const res = reply.raw;
  // The response closing before it finished = the player stopped (or left): abort the model now.
  res.on("close", () => {
    if (!res.writableFinished) ctl.abort();
  });
  let open = false;
  let heartbeat: NodeJS.Timeout | undefined;
  // The first token of the turn is timed from the request's arrival: the wait the player sees.
  const arrived = arrivalOf(req.raw, performance.now());
  let firstToken = false;
  const token = () => {
    if (firstToken) return;
    firstToken = true;
    chatFirstToken.observe((performance.now() - arrived) / 1000);
  };
  const write = (event: string, data: unknown) => {
    if (open && !res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const end = () => {
    clearInterval(heartbeat);
    if (open && !res.writableEnded) res.end();
  };
  return {
    signal: ctl.signal,
    get streaming() {
      return open;
    },
    open() {
      if (!stream || open) return;
      open = true;
      // Counted while the response is open (a player gone already is not counted: no close would follow).
      if (!res.closed) {
        sseStreamsOpen.inc();
        res.once("close", () => sseStreamsOpen.dec());
      }
      reply.hijack();
      req.raw.socket?.setNoDelay(true);
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
        connection: "keep-alive",
      });
      res.flushHeaders();
      // A comment line now and then keeps idle-timeout proxies from closing a slow reply.
      heartbeat = setInterval(() => open && !res.writableEnded && res.write(": keep-alive\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
    },
    start: (role, actorId) => write("start", { role, actor_id: actorId }),
    delta: (text) => (token(), write("delta", { text })),
    reasoning: (text) => (token(), write("reasoning", { text })),
    choices: (choices) => write("choices", { choices }),
    done(result) {
      write("done", { message_id: result.messageId, coins: result.coins, messages: result.messages, ended: result.ended });
      end();
    },
    fail(err) {
      const e = err instanceof ApiError ? err : null;
      if (!e) req.log.error({ err }, "chat turn failed while streaming");
      write("error", { code: e?.code ?? "INTERNAL_ERROR", message: e?.message ?? "Something went wrong on our side; please try again" });
      end();
    },
  };
}
