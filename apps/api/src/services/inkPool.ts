import { Piscina } from "piscina";
import type { InkAnswer, InkTask } from "./inkWorker";

/** How an ink pool runs scripts. */
export interface InkPoolOptions {
  /** worker threads, all started (inkjs loaded) when the pool is made */
  threads: number;
  /** how long past a task's own deadline the pool waits before it stops the worker from outside */
  killGraceMs: number;
}

/** Why the pool stopped a worker from outside: its task ran past its deadline and the grace after it. */
export const OVERRUN = "the story took too long to play: look for a knot that diverts back into itself";

/**
 * A pool of worker threads that play users' ink scripts. A script that loops holds a worker, never
 * the API: each task has a deadline measured in the worker (the ink guard), and one that still runs
 * `killGraceMs` after it (a loop the guard does not see, such as compiling) has its worker
 * terminated, which the pool replaces.
 */
export class InkPool {
  private readonly pool: Piscina<InkTask, InkAnswer>;
  /** Tasks handed to the workers so far. */
  runs = 0;

  constructor(readonly options: InkPoolOptions) {
    // From sources the worker is TypeScript, loaded through tsx; the build has dist/inkWorker.js.
    const here = import.meta.url;
    const filename = here.endsWith(".ts") ? new URL("./inkWorkerBoot.mjs", here).href : new URL("./inkWorker.js", here).href;
    this.pool = new Piscina<InkTask, InkAnswer>({ filename, minThreads: options.threads, maxThreads: options.threads, idleTimeout: Number.MAX_SAFE_INTEGER });
  }

  /** Runs a task: its answer, or `runaway` with {@link OVERRUN} when its worker had to be stopped. */
  async run(task: InkTask): Promise<InkAnswer> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), task.deadlineMs + this.options.killGraceMs);
    this.runs++;
    try {
      return await this.pool.run(task, { signal: ctl.signal });
    } catch (e) {
      if (ctl.signal.aborted) return { ok: false, runaway: OVERRUN, timed: true, thread: -1 };
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The thread ids of the pool's live workers. */
  threadIds(): number[] {
    return this.pool.threads.map((t) => t.threadId);
  }

  /** Stops every worker. */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
