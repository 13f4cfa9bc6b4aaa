import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's metrics: counted where the work happens (chat engine, model client, outbox,
// webhooks, ledger) and exported at /metrics (see serve.ts). One registry for the process, not
// prom-client's global default one: a test process that starts several APIs defines every metric
// once (a second `new Counter` of a name on the default registry throws), and a library that writes
// to the default registry cannot leak into our export. The figures read from the database on each
// scrape (outbox, pool) live in each API's own registry instead (instance.ts).
//
// Every label takes a bounded set of values: route patterns, not URLs; status codes; reasons and
// kinds written in the code; provider event types.

/** The process's registry (every API started in this process counts into it). */
export const processRegistry = new Registry();

let defaultsOn = false;
/** Adds Node's own metrics (CPU, memory, event-loop lag, GC) once, when the first API exports metrics. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}

const registers = [processRegistry];

// When each request arrived (performance.now()), set by the request timer (serve.ts). Fastify's own
// reply.elapsedTime is 0 unless its logger or an onResponse hook is on, so it cannot be relied on.
const arrivals = new WeakMap<object, number>();

/** Notes that a request (its raw IncomingMessage) arrived now. */
export function markArrival(raw: object): void {
  arrivals.set(raw, performance.now());
}

/** When a request arrived, in performance.now() time: noted on arrival when requests are timed, else `fallback`. */
export function arrivalOf(raw: object, fallback: number): number {
  return arrivals.get(raw) ?? fallback;
}

/** Every HTTP request: its route pattern (`unmatched` when none), method and status (`aborted` when the client left before an answer). */
export const httpRequestDuration = new Histogram({
  name: "storyloom_http_request_duration_seconds",
  help: "HTTP requests by route pattern, method and status: seconds from arrival to the last byte (a streamed chat reply: to its end)",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers,
});

/** How long a player waits for a model reply's first token. */
export const chatFirstToken = new Histogram({
  name: "storyloom_chat_first_token_seconds",
  help: "Chat turns answered by the model: seconds from the request's arrival to the reply's first token (text or reasoning)",
  buckets: [0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 8, 13, 20, 30],
  registers,
});

/** Completion tokens of each chat reply the model wrote (stopped ones included). */
export const chatReplyTokens = new Histogram({
  name: "storyloom_chat_reply_tokens",
  help: "Completion tokens of each chat reply the model wrote, stopped ones included (the server's count, else the tokenizer's)",
  buckets: [8, 16, 32, 64, 128, 256, 512, 1024, 2048],
  registers,
});

/** Tokens of every model call (chat and co-writer), as the daily budget counts them. */
export const modelTokens = new Counter({
  name: "storyloom_model_tokens_total",
  help: "Tokens of every model call (chat and co-writer) by type: prompt or completion",
  labelNames: ["type"] as const,
  registers,
});

/** Failed model attempts, by kind (a retried failure counts once per attempt). */
export const modelErrors = new Counter({
  name: "storyloom_model_errors_total",
  help: "Failed model attempts by kind: first_token_timeout, reply_timeout, broken_stream, unreachable, http_<status> (each retry counts)",
  labelNames: ["kind"] as const,
  registers,
});

/** Chat replies streaming to a player now. */
export const sseStreamsOpen = new Gauge({
  name: "storyloom_sse_streams_open",
  help: "Server-sent event streams (chat turns) open now",
  registers,
});

/** What the outbox worker did with each message it claimed. */
export const outboxProcessed = new Counter({
  name: "storyloom_outbox_messages_total",
  help: "Outbox messages handled by this process, by kind and outcome: sent, retry (will be tried again) or failed (given up)",
  labelNames: ["kind", "outcome"] as const,
  registers,
});

/** Provider notifications (webhooks), by provider, event type and what they did. */
export const webhookOutcomes = new Counter({
  name: "storyloom_webhooks_total",
  help: "Payment provider notifications by provider, event type and outcome: applied, unchanged (nothing to do), replay (answered from the record), ignored (not our order), rejected (bad signature or body), error",
  labelNames: ["provider", "type", "outcome"] as const,
  registers,
});

/** Ledger entries written, by reason and direction. */
export const ledgerMovements = new Counter({
  name: "storyloom_ledger_movements_total",
  help: "Coin ledger entries written by reason and direction (credit or debit); counted when the statement writes them",
  labelNames: ["reason", "direction"] as const,
  registers,
});

/** Coins moved through the ledger, by reason and direction (always positive: a debit counts its size). */
export const ledgerCoins = new Counter({
  name: "storyloom_ledger_coins_total",
  help: "Coins moved through the ledger by reason and direction (credit or debit), in absolute value",
  labelNames: ["reason", "direction"] as const,
  registers,
});

// A reason is written in the code ("chat", "task:play-game", "purchase"); anything else is folded.
const REASON = /^[a-z0-9][a-z0-9_:.-]{0,47}$/i;

/** Counts one ledger entry that was written. */
export function countLedgerMovement(change: { reason: string; amount: number }): void {
  const labels = { reason: REASON.test(change.reason) ? change.reason : "other", direction: change.amount < 0 ? "debit" : "credit" };
  ledgerMovements.inc(labels);
  ledgerCoins.inc(labels, Math.abs(change.amount));
}

// Provider event types are Stripe's dotted names and Onlypay's statuses.
const EVENT_TYPE = /^[a-z][a-z0-9_.]{0,63}$/;

/** What a provider notification did, as a label. */
export type WebhookOutcome = "applied" | "unchanged" | "replay" | "ignored" | "rejected" | "error";

/** Counts one provider notification. `type` is null when it could not be read (an unverified body). */
export function countWebhook(provider: "stripe" | "onlypay", type: string | null, outcome: WebhookOutcome): void {
  webhookOutcomes.inc({ provider, type: type && EVENT_TYPE.test(type) ? type : "unknown", outcome });
}

/** The outcome label of a handled notification's answer. */
export function webhookOutcomeOf(answer: { applied: boolean; replay?: boolean; order_id?: string | null }): WebhookOutcome {
  if (answer.replay) return "replay";
  if (answer.order_id === null) return "ignored";
  return answer.applied ? "applied" : "unchanged";
}
