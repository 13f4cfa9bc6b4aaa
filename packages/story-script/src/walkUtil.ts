// Small helpers of the walker, kept apart so walk.ts reads as the walk itself.

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same playthroughs. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The middle value (lower of the two middles for an even count); 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * What makes two saved states the same place in the story: the turn counter, the random seed and
 * the pending output differ between two visits of one place and are left out, so a loop or two
 * branches that rejoin count once. (Scripts that read TURNS_SINCE are walked a little coarser.)
 */
export function stateKey(json: string): string {
  const s = JSON.parse(json) as Record<string, unknown> & { flows?: Record<string, Flow> };
  delete s.turnIdx;
  delete s.turnIndices;
  delete s.storySeed;
  delete s.previousRandom;
  for (const flow of Object.values(s.flows ?? {})) {
    delete flow.outputStream;
    // Thread numbers only ever grow; renumber them by first appearance so one place has one key.
    const ids = new Map<number, number>();
    const id = (n: number) => ids.get(n) ?? (ids.set(n, ids.size), ids.size - 1);
    if (flow.callstack) {
      delete flow.callstack.threadCounter;
      for (const t of flow.callstack.threads ?? []) t.threadIndex = id(t.threadIndex);
    }
    const threads: Record<string, Thread> = {};
    for (const [k, t] of Object.entries(flow.choiceThreads ?? {})) {
      t.threadIndex = id(t.threadIndex);
      threads[String(id(Number(k)))] = t;
    }
    if (flow.choiceThreads) flow.choiceThreads = threads;
    for (const c of flow.currentChoices ?? []) c.originalThreadIndex = id(c.originalThreadIndex);
  }
  return JSON.stringify(s);
}

interface Thread {
  threadIndex: number;
}
interface Flow {
  outputStream?: unknown;
  callstack?: { threads?: Thread[]; threadCounter?: number };
  choiceThreads?: Record<string, Thread>;
  currentChoices?: { originalThreadIndex: number }[];
}
