import { randomFillSync } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";

// Every request has an id: each of its log lines carries it (Fastify's per-request child logger,
// `reqId`), and the answer names it in `x-request-id`, so a player can quote it to support and the
// sites' error page can show it. A proxy in front (nginx's $request_id) may hand one in.

/** The header an id arrives in (from a proxy) and the answer carries it in. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An incoming id is kept only when it is a short token of letters, digits, `-`, `_` and `.`: the
 * header comes from anyone, and its value goes into every log line and a response header, so it
 * must not carry line breaks, markup or a megabyte of text. nginx's `$request_id` (32 hex digits)
 * and UUIDs fit.
 */
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Whether an incoming `x-request-id` may be used as this request's id. */
export function isSafeRequestId(value: unknown): value is string {
  return typeof value === "string" && SAFE_ID.test(value);
}

// Random bytes are drawn from the CSPRNG 4 KiB at a time, 8 per id: one call per 512 requests, not
// one per request (randomBytes(8) on every request was ~4 µs, a tenth of a cached read's time).
const pool = Buffer.alloc(4096);
let taken = pool.length;

/** A fresh id: 16 hex digits, short enough to read out to support, unique enough to find one request. */
export function newRequestId(): string {
  if (taken + 8 > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const id = pool.toString("hex", taken, taken + 8);
  taken += 8;
  return id;
}

/** Fastify's `genReqId`: the proxy's id when it is a safe token, else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return isSafeRequestId(incoming) ? incoming : newRequestId();
}

/**
 * Names the request id on every answer, errors and 404s included: the header is set before any
 * route runs, and an error answer keeps the headers set before it (the streamed chat copies them too).
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
