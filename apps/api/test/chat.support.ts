import { sql } from "drizzle-orm";
import { actors, rowsOf, stories, type Db } from "@storyloom/db";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import type { RunningApi } from "../src/server";
import { startTestApi } from "../src/testing";

/** A chat message as the tests read it. */
export interface Msg {
  id: string;
  role: string;
  actor_id: string | null;
  content: string;
  choices?: { index: number; text: string }[];
  reasoning?: string;
  source?: string;
  stopped?: boolean;
  alternatives?: { index: number; count: number };
}

/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  /** ms since the request was sent */
  at: number;
}

/** A streamed call: its response and the events as they arrive. */
export interface Streamed {
  res: Response;
  /** the next event, or null at the end of the stream */
  next(): Promise<SseEvent | null>;
  /** every remaining event */
  rest(): Promise<SseEvent[]>;
}

/** Posts with `Accept: text/event-stream` and reads the events one at a time, as the browser would. */
export async function stream(api: Pick<RunningApi, "url">, path: string, body: unknown, token: string, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<Streamed> {
  const t0 = Date.now();
  const res = await fetch(`${api.url}${path}`, {
    method: "POST",
    headers: { accept: "text/event-stream", "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const next = async (): Promise<SseEvent | null> => {
    for (;;) {
      const cut = buf.indexOf("\n\n");
      if (cut >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        let event = "message";
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (!data) continue; // a comment (heartbeat)
        return { event, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() - t0 };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buf += decoder.decode(value, { stream: true });
    }
  };
  return {
    res,
    next,
    rest: async () => {
      const out: SseEvent[] = [];
      for (let e = await next(); e; e = await next()) out.push(e);
      return out;
    },
  };
}

/** A streamed reply read to its end: its event kinds in order (repeats folded), the start event's data, its words and the done event's data. */
export async function wholeReply<Done>(s: Streamed): Promise<{ kinds: string[]; start: Record<string, unknown>; text: string; done: Done }> {
  const events = await s.rest();
  return {
    kinds: events.map((e) => e.event).filter((e, i, all) => e !== all[i - 1]),
    start: events[0]!.data,
    text: events.filter((e) => e.event === "delta").map((e) => String(e.data.text)).join(""),
    done: events.at(-1)!.data as Done,
  };
}

/**
 * Streams a reply of 16 one-letter words (100 ms apart) from `path` and stops it as a player would
 * once 3 characters have come: returns the words seen and the whole reply, once the model's request
 * ended as aborted and the chat's lease is free.
 */
export async function stopMidReply(
  at: { api: Pick<RunningApi, "url">; peer: ModelPeer; db: Db; userId: number; storyId: string },
  path: string,
  body: unknown,
  token: string,
): Promise<{ seen: string; full: string }> {
  const full = "a b c d e f g h i j k l m n o p";
  at.peer.script({ content: full, reasoning: null, tokenDelayMs: 100 });
  const stop = new AbortController();
  const s = await stream(at.api, path, body, token, stop.signal);
  let seen = "";
  for (let e = await s.next(); e && seen.trim().length < 3; e = await s.next()) if (e.event === "delta") seen += String(e.data.text);
  stop.abort();
  await at.peer.waitFor((r) => r.outcome === "aborted", 2000);
  await eventually(() => leaseFree(at.db, at.userId, at.storyId));
  return { seen, full };
}

/** The ink script of the test story: tags, two choices, a second scene. (Independent of the seeded catalogue.) */
export const testScript = (speaker: string) => `-> opening
=== opening ===
# scene: The Lantern Bar
# goal: Decide whether to trust Lacquer
Rain hammers the neon sign of the Lantern Bar.
Lacquer slides a key across the counter and walks out into the storm.
"Don't follow her," Mara mutters. # speaker: ${speaker}
* [Follow Lacquer into the rain] -> rain
* [Stay at the bar and wait] -> bar
=== rain ===
# scene: The flooded alley
The alley is knee-deep in water and Lacquer is gone.
* [Call out for Lacquer] Nobody answers. -> END
* [Turn back] You turn back. -> END
=== bar ===
The bartender polishes a glass that is already clean.
* [Order a drink] The drink tastes of copper. -> END
`;

let stories_ = 0;
/** Adds a story with two characters (Mara Quill, Tobin Reyes) playing the test script; returns its ids. */
export async function addTestStory(db: Db): Promise<{ storyId: string; mara: string; tobin: string }> {
  const n = `${process.pid}-${++stories_}`;
  const storyId = `rain-test-${n}`;
  const mara = `mara-${n}`;
  const tobin = `tobin-${n}`;
  const category = rowsOf<{ id: string }>(await db.execute(sql`select id from categories limit 1`))[0]!.id;
  await db.insert(stories).values({ id: storyId, title: "Rain Test", hook: "h", description: "d", categoryId: category, coverUrl: "/c.svg", script: testScript(mara) });
  await db.insert(actors).values([
    { id: mara, slug: mara, storyId, name: "Mara Quill", tagline: "a courier", persona: "A wry courier who never lies.", greeting: "You're late.", avatarUrl: "/a.svg", sort: 0 },
    { id: tobin, slug: tobin, storyId, name: "Tobin Reyes", tagline: "a bartender", persona: "A patient bartender.", greeting: "What'll it be?", avatarUrl: "/b.svg", sort: 1 },
  ]);
  return { storyId, mara, tobin };
}

/** A user's balance and ledger sum, and the number of chat charges. */
export async function coins(db: Db, userId: number): Promise<{ coins: number; sum: number; charges: number }> {
  const r = rowsOf<{ coins: number; sum: number; charges: number }>(
    await db.execute(sql`select u.coins,
      coalesce((select sum(amount) from coin_ledger l where l.user_id = u.id), 0)::int as sum,
      (select count(*) from coin_ledger l where l.user_id = u.id and l.reason = 'chat')::int as charges
      from users u where u.id = ${userId}`),
  )[0]!;
  return { coins: Number(r.coins), sum: Number(r.sum), charges: Number(r.charges) };
}

/** A user's chat ledger entries: holds taken (reason "chat") and given back ("chat-refund"), with their sums. */
export async function chatLedger(db: Db, userId: number): Promise<{ debits: number; refunds: number; debited: number; refunded: number }> {
  const r = rowsOf<{ debits: number; refunds: number; debited: number; refunded: number }>(
    await db.execute(sql`select
      count(*) filter (where reason = 'chat' and amount < 0)::int as debits, count(*) filter (where reason = 'chat-refund')::int as refunds,
      coalesce(-sum(amount) filter (where reason = 'chat' and amount < 0), 0)::int as debited, coalesce(sum(amount) filter (where reason = 'chat-refund'), 0)::int as refunded
      from coin_ledger where user_id = ${userId}`),
  )[0]!;
  return { debits: Number(r.debits), refunds: Number(r.refunds), debited: Number(r.debited), refunded: Number(r.refunded) };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether a chat's lease is free (the turn has finished its bookkeeping). */
export async function leaseFree(db: Db, userId: number, storyId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from chat_leases where user_id = ${userId} and story_id = ${storyId}`)).length === 0;
}

/** The test story's id and its two characters' ids. */
export type TestStory = { storyId: string; mara: string; tobin: string };

/**
 * One API per test file on a local model peer, with the test story: started before the file's tests,
 * stopped after them, the peer reset before each test. The fields are set once `beforeAll` has run.
 */
export function useModelChat(): { api: RunningApi; peer: ModelPeer; story: TestStory } {
  const stack = {} as { api: RunningApi; peer: ModelPeer; story: TestStory };
  beforeAll(async () => {
    stack.peer = await startModelPeer({ apiKey: "sk-test" });
    stack.api = await startTestApi({ LLM_BASE_URL: stack.peer.url, LLM_API_KEY: "sk-test", LLM_MODEL: "peer-model", LLM_RETRIES: 1, LLM_FIRST_TOKEN_TIMEOUT_MS: 5000 });
    stack.story = await addTestStory(stack.api.ctx.db);
  });
  afterAll(async () => {
    await stack.api?.stop();
    await stack.peer?.close();
  });
  beforeEach(() => stack.peer.reset());
  return stack;
}
