import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_EVENTS, QUEUE_KEY, SENT_KEY, TRACKING_CLIENT_DEFAULTS, TRACKING_QUEUE } from "./constants";
import type { AdEvent } from "./event";
import { forwardEvents } from "./forward";
import { EventQueue, type QueueStorage } from "./queue";

class MemoryStorage implements QueueStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}
let n = 0;
const ev = (): AdEvent => ({ event_name: "Purchase", event_time: 1_800_000_000, user_data: {}, action_source: "website", event_id: `e${++n}` });
const ids = (batches: AdEvent[][]) => batches.map((b) => b.map((e) => e.event_id));

describe("the ad-event queue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the spec's numbers: batch 5, flush every 3000 ms, 3 retries from 2000 ms doubling; client defaults 10 / 5000 / 1000 ms", () => {
    expect(TRACKING_QUEUE).toEqual({ batchSize: 5, flushIntervalMs: 3000, maxRetries: 3, retryDelayMs: 2000, backoffMultiplier: 2 });
    expect(TRACKING_CLIENT_DEFAULTS).toMatchObject({ batchSize: 10, flushIntervalMs: 5000, retryDelayMs: 1000 });
    expect(new EventQueue(async () => {}).options).toMatchObject({ batchSize: 10, flushIntervalMs: 5000, retryDelayMs: 1000 });
  });

  it("sends a full batch of 5 at once and the rest on the 3000 ms tick", async () => {
    const sent: AdEvent[][] = [];
    const q = new EventQueue(async (b) => void sent.push(b), TRACKING_QUEUE);
    q.start();
    for (let i = 0; i < 4; i++) q.enqueue(ev());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    q.enqueue(ev());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => b.length)).toEqual([5]);
    q.enqueue(ev());
    await vi.advanceTimersByTimeAsync(2999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((b) => b.length)).toEqual([5, 1]);
    q.stop();
  });

  it("keeps flushing after a tick that found the queue empty", async () => {
    const sent: AdEvent[][] = [];
    const q = new EventQueue(async (b) => void sent.push(b), TRACKING_QUEUE);
    q.start();
    await vi.advanceTimersByTimeAsync(3000); // an empty pass
    q.enqueue(ev());
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent.map((b) => b.length)).toEqual([1]);
    q.stop();
  });

  it("without options batches 10 and flushes every 5000 ms", async () => {
    const sent: AdEvent[][] = [];
    const q = new EventQueue(async (b) => void sent.push(b));
    q.start();
    for (let i = 0; i < 9; i++) q.enqueue(ev());
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((b) => b.length)).toEqual([9]);
    for (let i = 0; i < 10; i++) q.enqueue(ev());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => b.length)).toEqual([9, 10]);
    q.stop();
  });

  it("retries a failed batch 3 times after 2000, 4000 and 8000 ms, then keeps it for the next load", async () => {
    const tries: number[] = [];
    const storage = new MemoryStorage();
    const q = new EventQueue(async () => {
      tries.push(Date.now());
      throw new Error("HTTP error! status: 503");
    }, TRACKING_QUEUE, storage);
    const start = Date.now();
    const e = ev();
    q.enqueue(e);
    void q.flush();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tries.map((t) => t - start)).toEqual([0, 2000, 6000, 14000]);
    expect(JSON.parse(storage.getItem(QUEUE_KEY)!)).toEqual([e]);
  });

  it("with the client defaults retries after 1000, 2000 and 4000 ms", async () => {
    const tries: number[] = [];
    const q = new EventQueue(async () => {
      tries.push(Date.now());
      throw new Error("down");
    });
    const start = Date.now();
    q.enqueue(ev());
    void q.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tries.map((t) => t - start)).toEqual([0, 1000, 3000, 7000]);
  });

  it("sends nothing twice: not across retries, not across flushes while in flight, not after a reload", async () => {
    const storage = new MemoryStorage();
    const sent: AdEvent[][] = [];
    let fail = 2;
    const send = async (b: AdEvent[]) => {
      sent.push(b);
      if (fail-- > 0) throw new Error("down");
    };
    const q = new EventQueue(send, TRACKING_QUEUE, storage);
    const [a, b] = [ev(), ev()];
    q.enqueue(a);
    q.enqueue(b);
    void q.flush();
    void q.flush(); // a second flush while the batch is in flight sends nothing more
    await vi.advanceTimersByTimeAsync(6000);
    expect(ids(sent)).toEqual([[a.event_id, b.event_id], [a.event_id, b.event_id], [a.event_id, b.event_id]]);
    expect(q.enqueue(a)).toEqual({ status: "duplicate" }); // the same event again: already delivered
    await q.flush();
    expect(sent).toHaveLength(3);
    expect(JSON.parse(storage.getItem(SENT_KEY)!)).toEqual([a.event_id, b.event_id]);

    // A reload whose storage still lists a delivered event (written before the answer came) drops it.
    storage.setItem(QUEUE_KEY, JSON.stringify([a, ev()]));
    const again: AdEvent[][] = [];
    const reloaded = new EventQueue(async (batch) => void again.push(batch), TRACKING_QUEUE, storage);
    expect(reloaded.size).toBe(1);
    await reloaded.flush();
    expect(again.flat().map((e) => e.event_id)).not.toContain(a.event_id);
  });

  it("keeps events across a reload and sends them once", async () => {
    const storage = new MemoryStorage();
    const first = new EventQueue(async () => {}, TRACKING_QUEUE, storage);
    const [a, b] = [ev(), ev()];
    first.enqueue(a);
    first.enqueue(b);
    const sent: AdEvent[][] = [];
    const second = new EventQueue(async (batch) => void sent.push(batch), TRACKING_QUEUE, storage);
    second.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(ids(sent)).toEqual([[a.event_id, b.event_id]]);
    await vi.advanceTimersByTimeAsync(9000);
    expect(sent).toHaveLength(1);
    second.stop();
  });

  it("hands what is not in flight to the page-hide beacon, in batches, and never sends it again", async () => {
    const storage = new MemoryStorage();
    let release!: () => void;
    const fetched: AdEvent[][] = [];
    const q = new EventQueue((b) => {
      fetched.push(b);
      return new Promise<void>((r) => (release = r));
    }, TRACKING_QUEUE, storage);
    const inFlight = Array.from({ length: 5 }, ev);
    inFlight.forEach((e) => q.enqueue(e)); // a full batch: in flight now
    const rest = Array.from({ length: 7 }, ev);
    rest.forEach((e) => q.enqueue(e));
    await vi.advanceTimersByTimeAsync(0);
    const beaconed: AdEvent[][] = [];
    q.flushWithBeacon((b) => (beaconed.push(b), true));
    expect(beaconed.map((b) => b.length)).toEqual([5, 2]);
    expect(beaconed.flat().map((e) => e.event_id)).toEqual(rest.map((e) => e.event_id));
    release();
    await vi.advanceTimersByTimeAsync(0);
    await q.flush();
    expect(fetched.flat().map((e) => e.event_id)).toEqual(inFlight.map((e) => e.event_id));
    expect(q.size).toBe(0);
  });

  it("skips and reports opted-out users, and drops what waited when they opt out", async () => {
    let out = false;
    const sent: AdEvent[][] = [];
    const q = new EventQueue(async (b) => void sent.push(b), TRACKING_QUEUE, new MemoryStorage(), () => out);
    expect(q.enqueue(ev())).toEqual({ status: "queued" });
    out = true;
    expect(q.enqueue(ev())).toEqual({ status: "opted-out" });
    await q.flush();
    expect(sent).toHaveLength(0);
    expect(q.size).toBe(0);
  });

  it("refuses an empty send with 'No events to send'", async () => {
    await expect(forwardEvents("http://127.0.0.1:1", [])).rejects.toThrow(NO_EVENTS);
  });
});
