import { eq, sql } from "drizzle-orm";
import { outbox, rowsOf, type Db, type Tx } from "@storyloom/db";
import type { FastifyBaseLogger } from "fastify";
import { outboxProcessed } from "../metrics/metrics";

/** A side effect that leaves the process, handled by kind. */
export type OutboxHandler = (payload: unknown, id: number) => Promise<void>;

const MAX_ATTEMPTS = 8;
const backoffS = (attempt: number) => Math.min(3600, 2 ** attempt * 5);

/**
 * The transactional outbox: `enqueue` writes the message in the caller's transaction, so it exists
 * exactly when the change that caused it committed; the worker claims due rows (SKIP LOCKED, so many
 * instances can drain together), runs the handler and marks them sent, retrying with backoff.
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, OutboxHandler>,
    private readonly log: Pick<FastifyBaseLogger, "info" | "warn" | "error">,
  ) {}

  /** Sets the handler of a kind of message. */
  register(kind: string, handler: OutboxHandler): void {
    this.handlers[kind] = handler;
  }

  /** Adds a message; with a dedupe key a second enqueue of the same event is a no-op. */
  async enqueue(tx: Db | Tx, kind: string, payload: unknown, dedupeKey?: string): Promise<void> {
    await tx
      .insert(outbox)
      .values({ kind, payload, dedupeKey: dedupeKey ?? null })
      .onConflictDoNothing();
  }

  /** Asks the worker to drain now (after a commit that enqueued something urgent, like a code). */
  kick(): void {
    void this.drain();
  }

  /** Drains every due message; concurrent calls coalesce into one more pass. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.drainBatch()) > 0);
        } while (this.again);
      } catch (err) {
        this.log.error({ err }, "outbox drain failed");
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async drainBatch(): Promise<number> {
    // Claim: push the row's next attempt into the future so no other worker takes it meanwhile.
    const result = await this.db.execute(sql`
      update outbox set attempts = attempts + 1, available_at = now() + interval '5 minutes'
      where id in (
        select id from outbox
        where sent_at is null and failed_at is null and available_at <= now()
        order by id limit 20 for update skip locked)
      returning id, kind, payload, attempts`);
    const claimed = rowsOf<{ id: number; kind: string; payload: unknown; attempts: number }>(result);
    for (const row of claimed) {
      const id = Number(row.id);
      const handler = this.handlers[row.kind];
      try {
        if (!handler) throw new Error(`no handler for outbox kind ${row.kind}`);
        await handler(row.payload, id);
        await this.db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
        outboxProcessed.inc({ kind: row.kind, outcome: "sent" });
      } catch (err) {
        const attempts = Number(row.attempts);
        const message = err instanceof Error ? err.message : String(err);
        this.log.warn({ err: message, id, kind: row.kind, attempts }, "outbox message failed");
        await this.db
          .update(outbox)
          .set(
            attempts >= MAX_ATTEMPTS
              ? { failedAt: new Date(), lastError: message }
              : { availableAt: new Date(Date.now() + backoffS(attempts) * 1000), lastError: message },
          )
          .where(eq(outbox.id, id));
        outboxProcessed.inc({ kind: row.kind, outcome: attempts >= MAX_ATTEMPTS ? "failed" : "retry" });
      }
    }
    return claimed.length;
  }

  /** Starts polling for due messages. */
  start(intervalMs: number): void {
    this.timer ??= setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
