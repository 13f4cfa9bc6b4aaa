import type { Db } from "@storyloom/db";
import type { FastifyBaseLogger } from "fastify";
import { eraseDueAccounts } from "./privacy";

/**
 * Runs {@link eraseDueAccounts} every `intervalMs` (first pass right away) until stopped. Every
 * instance runs it: a due account is taken `for update skip locked`, so two instances share the work
 * and never erase one account twice at the same time.
 */
export class DeletionWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, "info" | "error">,
  ) {}

  private pass(): void {
    if (this.running) return;
    this.running = eraseDueAccounts(this.db)
      .then((n) => {
        if (n > 0) this.log.info({ erased: n }, "erased deleted accounts");
      })
      .catch((err: unknown) => this.log.error({ err }, "account erasure failed"))
      .finally(() => (this.running = null));
  }

  /** Starts the job. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.pass();
    this.timer = setInterval(() => this.pass(), intervalMs);
    this.timer.unref();
  }

  /** Stops the job and waits for the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
