import { NO_EVENTS, QUEUE_KEY, SENT_KEY, SENT_MEMORY, TRACKING_CLIENT_DEFAULTS } from "./constants";
import { newEventId, type AdEvent } from "./event";

/** Batch size, flush interval and retry policy of a queue. */
export interface QueueOptions {
  batchSize: number;
  flushIntervalMs: number;
  maxRetries: number;
  retryDelayMs: number;
  backoffMultiplier: number;
}

/** Sends one batch; rejects when it did not arrive. */
export type SendBatch = (events: AdEvent[]) => Promise<void>;
/** Hands a batch to the browser for delivery after the page is gone; true when it was accepted. */
export type BeaconBatch = (events: AdEvent[]) => boolean;

/** Where the queue keeps its state across reloads (localStorage in the browser). */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What enqueue did: queued; skipped because the user opted out; or skipped as already queued or sent. */
export type EnqueueResult = { status: "queued" } | { status: "opted-out" } | { status: "duplicate" };

const readList = <T>(storage: QueueStorage | null, key: string): T[] => {
  try {
    const v = JSON.parse(storage?.getItem(key) ?? "[]") as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
};

/**
 * The ad-event queue. Events wait in storage, so a reload loses none; a batch leaves when it is full
 * or on the flush interval; a failed batch is retried `maxRetries` times, waiting `retryDelayMs`
 * and then `backoffMultiplier` times longer each time. Delivered ids are remembered, so an event is
 * never sent twice, across retries and reloads alike; a batch in flight is never sent again by a
 * flush or by the page-hide beacon. Events still unsent after the retries wait for the next load.
 */
export class EventQueue {
  private readonly opts: QueueOptions;
  private pending: AdEvent[];
  private sent: string[];
  private inFlight = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private sending: Promise<void> | null = null;

  constructor(
    private readonly send: SendBatch,
    options: Partial<QueueOptions> = {},
    private readonly storage: QueueStorage | null = null,
    private readonly optedOut: () => boolean = () => false,
  ) {
    this.opts = { ...TRACKING_CLIENT_DEFAULTS, ...options };
    this.sent = readList<string>(storage, SENT_KEY);
    // What an earlier page left behind, minus anything that was delivered after all.
    this.pending = readList<AdEvent>(storage, QUEUE_KEY).filter((e) => e && typeof e.event_id === "string" && !this.sent.includes(e.event_id));
  }

  /** The options in force. */
  get options(): Readonly<QueueOptions> {
    return this.opts;
  }

  /** Events not yet delivered (in flight included). */
  get size(): number {
    return this.pending.length;
  }

  /** Starts the flush interval (and sends what an earlier page left behind at the first tick). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.opts.flushIntervalMs);
  }

  /** Stops the flush interval. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Adds an event; a full batch is sent at once. Opted-out users' events are dropped. */
  enqueue(event: AdEvent): EnqueueResult {
    if (this.optedOut()) return { status: "opted-out" };
    if (!event.event_id) event = { ...event, event_id: newEventId() };
    const id = event.event_id;
    if (id && (this.sent.includes(id) || this.pending.some((e) => e.event_id === id))) return { status: "duplicate" };
    this.pending.push(event);
    this.persist();
    if (this.pending.length - this.inFlight.size >= this.opts.batchSize) void this.flush();
    return { status: "queued" };
  }

  /** Sends the waiting events, one batch at a time, each with its retries; concurrent calls share one pass. */
  flush(): Promise<void> {
    // `.finally` runs after the assignment even when the pass ends at once (an empty queue); clearing
    // inside the pass itself would run first and leave a settled pass behind that blocks every later flush.
    this.sending ??= this.drain().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.optedOut()) return this.clear();
      const batch = this.pending.filter((e) => !this.inFlight.has(e.event_id!)).slice(0, this.opts.batchSize);
      if (batch.length === 0) return;
      if (!(await this.sendWithRetries(batch))) return;
    }
  }

  /** Page hide: hands everything not in flight to the beacon; what it takes counts as delivered. */
  flushWithBeacon(beacon: BeaconBatch): void {
    if (this.optedOut()) return this.clear();
    const rest = this.pending.filter((e) => !this.inFlight.has(e.event_id!));
    for (let i = 0; i < rest.length; i += this.opts.batchSize) {
      const batch = rest.slice(i, i + this.opts.batchSize);
      if (!beacon(batch)) return;
      this.delivered(batch);
    }
  }

  /** Drops every waiting event (the user opted out). */
  clear(): void {
    this.pending = this.pending.filter((e) => this.inFlight.has(e.event_id!));
    this.persist();
  }

  private async sendWithRetries(batch: AdEvent[]): Promise<boolean> {
    for (const e of batch) this.inFlight.add(e.event_id!);
    try {
      for (let attempt = 0; attempt <= this.opts.maxRetries; attempt++) {
        if (attempt > 0) {
          const delay = this.opts.retryDelayMs * this.opts.backoffMultiplier ** (attempt - 1);
          await new Promise((r) => setTimeout(r, delay));
        }
        try {
          await this.send(batch);
          this.delivered(batch);
          return true;
        } catch {
          // retried below; after the last try the batch waits in storage for the next load
        }
      }
      return false;
    } finally {
      for (const e of batch) this.inFlight.delete(e.event_id!);
    }
  }

  private delivered(batch: AdEvent[]): void {
    const ids = new Set(batch.map((e) => e.event_id!));
    this.pending = this.pending.filter((e) => !ids.has(e.event_id!));
    this.sent = [...this.sent, ...ids].slice(-SENT_MEMORY);
    try {
      this.storage?.setItem(SENT_KEY, JSON.stringify(this.sent));
    } catch {
      // storage full or blocked: the server's event-id dedupe still holds
    }
    this.persist();
  }

  private persist(): void {
    try {
      this.storage?.setItem(QUEUE_KEY, JSON.stringify(this.pending));
    } catch {
      // storage full or blocked: the queue still works for this page
    }
  }
}

/** Refuses an empty send with the spec's message. */
export function assertEvents(events: AdEvent[]): void {
  if (events.length === 0) throw new Error(NO_EVENTS);
}
