import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { ChatMemory } from "@storyloom/contract";
import { chatMemories, chatMessages, rowsOf, type Db, type Tx } from "@storyloom/db";
import type { Config } from "../config";
import { ModelClient, modelSettings } from "../llm/client";
import type { PromptMemory } from "../llm/prompt";
import { clipSummary, summaryMessages, turnsWithin, type SummaryTurn } from "../llm/summary";
import { loadStory, lockUser } from "./chat";
import { meteredStream } from "./modelBudget";

// A chat's memory: the rolling summary of the turns that no longer fit the prompt, and the facts the
// player pinned. After a turn whose prompt left older turns out, the model folds the ones the
// summary does not reach yet into it, in the background: the reply has been sent by then, so the
// fold never delays a first token; it is not charged to the player (it counts in the site's daily
// token budget like every model call). A fold writes only over the revision it read, so an edit by
// the player made meanwhile wins (the next turn folds again, from the edited summary); a fold that
// fails, or comes back empty, writes nothing and the previous summary stays. Every chat has one
// memory row per branch, keyed by the chat_branches row's id ('' until a chat has branches of its
// own): reads, edits and the prompt use the shown branch's, and a fold reads only the rows of the
// branch it folds for (a fork copies turns with new ids, so another branch's rows would be told twice).

/** The branch of a chat that has none of its own. */
export const MAIN_BRANCH = "";
/** The most older messages one fold reads (a long backlog is folded over several rounds). */
const FOLD_ROWS = 200;
/** Rounds one fold may take before leaving the rest to the next turn's fold. */
const FOLD_ROUNDS = 3;

/** A memory row as the engine reads it. */
export interface StoredMemory extends PromptMemory {
  /** the branch the memory is of (its key) */
  branch: string;
  revision: number;
  updatedAt: Date | null;
}

/**
 * The rows of the chat's branch `branch` (a memory key): while it is shown, the chat's unparked rows
 * (the newest carry no branch id yet); once another is, its parked rows. MAIN_BRANCH's rows are the
 * chat's only while it never forked.
 */
function onBranch(userId: number, storyId: string, branch: string) {
  if (branch === MAIN_BRANCH)
    return sql`not ${chatMessages.parked} and not exists (select 1 from chat_branches b where b.user_id = ${userId} and b.story_id = ${storyId})`;
  const id = Number(branch);
  return sql`case when exists (select 1 from chat_branches b where b.id = ${id} and b.active) then not ${chatMessages.parked}
    else ${chatMessages.parked} and ${chatMessages.branchId} = ${id} end`;
}

/**
 * The memory key of the branch a chat shows: its active chat_branches row, or MAIN_BRANCH while it
 * has none. A subquery, so that reading the key and the memory is one statement (one snapshot: a
 * switch committing meanwhile is seen whole or not at all).
 */
const shownKey = (userId: number, storyId: string) =>
  sql`coalesce((select id::text from chat_branches where user_id = ${userId} and story_id = ${storyId} and active), ${MAIN_BRANCH})`;

interface MemoryRow {
  key: string;
  summary: string | null;
  summary_through: number | string | null;
  pins: string[] | null;
  revision: number | null;
  updated_at: string | Date | null;
}

/**
 * The memory of one player's chat of a story, of the branch it shows unless `branchId` names one
 * (the empty memory when none was written).
 */
export async function readMemory(
  db: Db | Tx,
  userId: number,
  storyId: string,
  branchId?: string,
): Promise<StoredMemory> {
  const key = branchId ?? shownKey(userId, storyId);
  const [row] = rowsOf<MemoryRow>(
    await db.execute(sql`select k.key, c.summary, c.summary_through, c.pins, c.revision, c.updated_at
      from (select ${key}::text as key) k
      left join chat_memories c on c.user_id = ${userId} and c.story_id = ${storyId} and c.branch_id = k.key`),
  );
  const branch = row!.key;
  return row!.revision !== null && row!.updated_at !== null
    ? {
        branch,
        summary: row!.summary ?? "",
        pins: row!.pins ?? [],
        through: Number(row!.summary_through),
        revision: Number(row!.revision),
        updatedAt: new Date(row!.updated_at),
      }
    : { branch, summary: "", pins: [], through: 0, revision: 0, updatedAt: null };
}

/**
 * The memory a prompt written after `rows` may carry: a summary reaching past the thread's newest
 * row (an earlier reply written again, on the turns before it) tells what has not happened there,
 * so only the pins go.
 */
export function memoryBefore(memory: StoredMemory, rows: readonly { id: number }[]): StoredMemory {
  const newest = rows.reduce((n, r) => Math.max(n, r.id), 0);
  return memory.through > newest ? { ...memory, summary: "", through: 0 } : memory;
}

/**
 * A fork's share of memory, in the fork's transaction (chatBranches.ts), after the turns up to the
 * reply `at` were copied to branch `to` (copies parked, carrying their origin) and before it is
 * shown. A chat forking for the first time names its rows branch `from`: their memory, kept under
 * MAIN_BRANCH until now, becomes that branch's. The new branch gets the player's pins; the summary
 * only if it ends before `at` (the reply the new branch writes anew), reaching the copy of the row it
 * reached; else it starts empty and the folds summarise the copied turns as they leave the budget.
 * The old branch keeps its memory, shown again when the player switches back.
 */
export async function forkMemory(tx: Tx, userId: number, storyId: string, fork: { from: number; to: number; at: number }): Promise<void> {
  await tx.execute(sql`update chat_memories set branch_id = ${String(fork.from)}
    where user_id = ${userId} and story_id = ${storyId} and branch_id = ${MAIN_BRANCH}`);
  const old = await readMemory(tx, userId, storyId, String(fork.from));
  if (!old.revision) return;
  const keep = old.through < fork.at;
  let through = 0;
  if (keep && old.through > 0) {
    // The copies follow the old rows' order: the summary reaches the newest copy of a row it reached.
    const [mapped] = rowsOf<{ id: number | null }>(
      await tx.execute(sql`select max(n.id) as id from chat_messages n
        join chat_messages s on s.user_id = n.user_id and s.story_id = n.story_id and not s.parked and coalesce(s.origin_id, s.id) = n.origin_id
        where n.user_id = ${userId} and n.story_id = ${storyId} and n.branch_id = ${fork.to} and s.id <= ${old.through}`),
    );
    through = Number(mapped?.id ?? 0);
  }
  await tx.execute(sql`insert into chat_memories (user_id, story_id, branch_id, summary, summary_through, pins, revision)
    values (${userId}, ${storyId}, ${String(fork.to)}, ${keep ? old.summary : ""}, ${through}, ${JSON.stringify(old.pins)}::jsonb, 1)`);
}

const present = (m: StoredMemory, model: boolean): ChatMemory => ({
  summary: m.summary,
  pins: [...m.pins],
  summarised_through: m.through ? String(m.through) : null,
  updated_at: m.updatedAt ? m.updatedAt.toISOString() : null,
  model,
});

/** The caller's memory of their chat of `storyId` (a story they may play: 404 otherwise). */
export async function memoryOf(db: Db, userId: number, storyId: string, model: boolean): Promise<ChatMemory> {
  await loadStory(db, storyId, undefined, userId);
  return present(await readMemory(db, userId, storyId), model);
}

/**
 * Writes the player's summary and/or pinned facts (validated by the contract: bounded, one line each)
 * for their chat of `storyId`; the next reply's prompt carries them. How far the summary reaches is
 * kept: an edit rewrites what it says, not which turns it covers.
 */
export async function saveMemory(
  db: Db,
  userId: number,
  storyId: string,
  change: { summary?: string; pins?: string[] },
  model: boolean,
): Promise<ChatMemory> {
  await loadStory(db, storyId, undefined, userId);
  const set = {
    ...(change.summary !== undefined ? { summary: change.summary } : {}),
    ...(change.pins !== undefined ? { pins: change.pins } : {}),
  };
  // The shown branch's memory, its key read in the same statement.
  await db
    .insert(chatMemories)
    .values({ userId, storyId, branchId: sql`${shownKey(userId, storyId)}`, ...set, revision: 1 })
    .onConflictDoUpdate({
      target: [chatMemories.userId, chatMemories.storyId, chatMemories.branchId],
      set: { ...set, revision: sql`${chatMemories.revision} + 1`, updatedAt: sql`now()` },
    });
  return present(await readMemory(db, userId, storyId), model);
}

/** Where the keeper's warnings go. */
export interface MemoryLog {
  warn(message: string): void;
}

/** Folds chats' older turns into their summaries, in the background (see the module's note). */
export class MemoryKeeper {
  private readonly client: ModelClient | null;
  /** the fold running per chat branch, and the newest message a turn since asked it to reach */
  private readonly running = new Map<string, { upto: number; done: Promise<void> }>();
  /** turns' asks not started yet, per chat (a turn asks as its prompt is built; the fold starts when the turn ends) */
  private readonly asked = new Map<string, { branch: string; upto: number }>();
  private readonly stop = new AbortController();

  constructor(
    private readonly deps: { db: Db; config: Config },
    private readonly log: MemoryLog = console,
  ) {
    const settings = modelSettings(deps.config);
    // The summary is asked of the same endpoint, with its own model and output cap, and no retries:
    // a failed fold is simply tried again after the next turn.
    this.client = settings
      ? new ModelClient({
          ...settings,
          model: deps.config.LLM_SUMMARY_MODEL ?? settings.model,
          maxOutputTokens: deps.config.LLM_SUMMARY_MAX_TOKENS,
          retries: 0,
        })
      : null;
  }

  /**
   * Notes that a turn's prompt, on the chat's branch `branch` (the memory key its prompt read), left
   * the messages up to `upto` out and the summary does not reach them.
   */
  ask(userId: number, storyId: string, upto: number, branch: string): void {
    if (!this.client || upto <= 0) return;
    const chat = `${userId}:${storyId}`;
    const before = this.asked.get(chat);
    // A chat's turns run one at a time, so an ask of another branch is the newer one.
    this.asked.set(chat, { branch, upto: before?.branch === branch ? Math.max(upto, before.upto) : upto });
  }

  /** Starts the fold a turn of this chat asked for, if any (called when the turn has ended). */
  start(userId: number, storyId: string): void {
    const chat = `${userId}:${storyId}`;
    const ask = this.asked.get(chat);
    if (ask === undefined || this.stop.signal.aborted) return;
    this.asked.delete(chat);
    const { branch, upto } = ask;
    const key = `${chat}:${branch}`;
    const run = this.running.get(key);
    if (run) {
      // One fold per chat at a time: the running one reaches this far too when it can.
      run.upto = Math.max(run.upto, upto);
      return;
    }
    const entry = { upto, done: Promise.resolve() };
    entry.done = this.foldUntil(userId, storyId, branch, entry).finally(() => this.running.delete(key));
    this.running.set(key, entry);
  }

  /** Resolves when no fold is running (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Stops the folds in flight (their summaries stay as they were) and starts no more. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
  }

  private async foldUntil(userId: number, storyId: string, branch: string, entry: { upto: number }): Promise<void> {
    for (let round = 0; round < FOLD_ROUNDS && !this.stop.signal.aborted; round++) {
      const target = entry.upto;
      const more = await this.fold(userId, storyId, branch, target).catch((err: unknown) => {
        this.log.warn(
          `[memory] the summary of a chat of ${storyId} was not updated (the previous one stays): ${err instanceof Error ? err.message : String(err)}`,
        );
        // Not tried again at once: a turn asking meanwhile is kept for the fold after the next turn.
        if (entry.upto > target) this.ask(userId, storyId, entry.upto, branch);
        return null;
      });
      // Done when it reached what was asked, including what turns asked while it ran.
      if (more === null || (!more && entry.upto === target)) return;
    }
  }

  /** One fold of branch `branch`: the next older turns its summary does not reach, up to `upto`; whether more are left. */
  private async fold(userId: number, storyId: string, branch: string, upto: number): Promise<boolean> {
    const { db, config } = this.deps;
    const memory = await readMemory(db, userId, storyId, branch);
    if (memory.through >= upto) return false;
    const rows = await db
      .select({
        id: chatMessages.id,
        role: chatMessages.role,
        actorId: chatMessages.actorId,
        content: chatMessages.content,
      })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, userId),
          eq(chatMessages.storyId, storyId),
          gt(chatMessages.id, memory.through),
          lte(chatMessages.id, upto),
          eq(chatMessages.pending, false),
          isNull(chatMessages.removedAt),
          onBranch(userId, storyId, branch),
        ),
      )
      .orderBy(asc(chatMessages.id))
      .limit(FOLD_ROWS);
    const said = rows.filter((r) => r.content.trim());
    if (!said.length) return false;
    const { story, cast } = await loadStory(db, storyId);
    const nameOf = (r: (typeof rows)[number]) =>
      r.role === "user"
        ? "Player"
        : r.role === "actor"
          ? (cast.find((a) => a.id === r.actorId)?.name ?? "A character")
          : "Narrator";
    const turns: SummaryTurn[] = said.map((r) => ({ speaker: nameOf(r), content: r.content }));
    const base = { title: story.title, summary: memory.summary, pins: memory.pins };
    const n = turnsWithin(base, turns, config.LLM_CONTEXT_TOKENS - config.LLM_SUMMARY_MAX_TOKENS);
    // Every message up to `upto` read and taken: the summary reaches `upto` (empty or removed ones included).
    const all = n === said.length && rows.length < FOLD_ROWS;
    const through = all ? upto : said[n - 1]!.id;
    const reply = await meteredStream(
      { db, config, model: this.client! },
      { messages: summaryMessages({ ...base, turns: turns.slice(0, n) }), signal: this.stop.signal },
      { text: () => undefined, reasoning: () => undefined },
    );
    const summary = clipSummary(reply.text);
    if (reply.stopped || !summary)
      throw new Error(reply.stopped ? "stopped" : "the model wrote an empty summary");
    // Only over the revision read above: a newer write (the player's edit, another instance's fold) wins.
    // Under the player's lock, as forks take it: a chat that forked meanwhile has no MAIN_BRANCH
    // memory any more (its rows and memory became a branch's), so that fold is dropped.
    const written = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      if (branch === MAIN_BRANCH) {
        const forked = rowsOf(await tx.execute(sql`select 1 from chat_branches where user_id = ${userId} and story_id = ${storyId} limit 1`));
        if (forked.length) return [];
      }
      return rowsOf(
        await tx.execute(sql`
          insert into chat_memories (user_id, story_id, branch_id, summary, summary_through, revision)
          values (${userId}, ${storyId}, ${branch}, ${summary}, ${through}, 1)
          on conflict (user_id, story_id, branch_id) do update set summary = excluded.summary, summary_through = excluded.summary_through,
            revision = chat_memories.revision + 1, updated_at = now()
          where chat_memories.revision = ${memory.revision}
          returning revision`),
      );
    });
    if (!written.length) return false;
    return through < upto;
  }
}
