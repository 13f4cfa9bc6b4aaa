/**
 * A job run every `intervalMs` (the first pass right away) until stopped: one pass at a time (a tick
 * during a pass is skipped), a failed pass reported and the next one run as usual. The timer does not
 * keep the process alive.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  private pass(): void {
    if (this.running) return;
    this.running = this.run()
      .catch(this.onError)
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
