import type { Db } from "@storyloom/db";
import type { FastifyBaseLogger } from "fastify";
import { PeriodicJob } from "./periodic";
import { eraseDueAccounts } from "./privacy";

/**
 * Runs {@link eraseDueAccounts} every `intervalMs` (first pass right away) until stopped. Every
 * instance runs it: a due account is taken `for update skip locked`, so two instances share the work
 * and never erase one account twice at the same time.
 */
export class DeletionWorker extends PeriodicJob {
  constructor(db: Db, log: Pick<FastifyBaseLogger, "info" | "error">) {
    super(
      async () => {
        const n = await eraseDueAccounts(db);
        if (n > 0) log.info({ erased: n }, "erased deleted accounts");
      },
      (err) => log.error({ err }, "account erasure failed"),
    );
  }
}
