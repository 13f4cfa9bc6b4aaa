import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { ChatBranch } from "@storyloom/contract";
import { chatMessages, rowsOf, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { ModelError } from "../llm/client";
import { balanceOf, chatHistory, latestSaved, loadStory, lockUser, present, type Alternative, type MessageRow, type SavedTurn, type Thread } from "./chat";
import type { ChatEngine } from "./chatEngine";
import { forkMemory } from "./chatMemory";
import { assertModelBudget } from "./modelBudget";
import { savePromptRecord } from "./promptRecords";
import { asLine, FREE_TEXT_NEEDS_MODEL, MAX_ALTERNATIVES, modeOf, type ChatTarget, type TurnChannel, type TurnResult } from "./chatTurn";

// Branches of a chat (issue 45: "swipe any character reply, and branch").
//
// A chat shows one branch: its rows are the chat's rows that are not `parked`, so every thread read
// (chat.ts) stays one indexed scan with one more predicate, and the engine writes new rows without
// knowing branches exist (they belong to the shown branch). Choosing another alternative of an
// earlier reply, or regenerating it, forks: the turns before that reply are copied to a new branch
// (their ink states with them, so the story stands where it stood at that turn), the reply's copy
// shows the chosen alternative, and the old branch's rows are parked, kept as they were. A chat that
// never forked has no chat_branches row: it is one branch, named when it first forks.

/** The most branches one chat keeps (each fork copies the turns before it). */
export const MAX_BRANCHES = 50;
/** The most characters of a line a branch list shows. */
const LINE_CHARS = 160;

const clip = (s: string | null): string | null => (s === null ? null : s.length > LINE_CHARS ? `${s.slice(0, LINE_CHARS - 1)}…` : s);

/** The original row a message stands for (a copy's alternatives and branches are its origin's). */
const originOf = (row: MessageRow): number => row.originId ?? row.id;

/**
 * Gives every copy of `row` (on other branches) the alternatives `next`, each keeping the one it
 * shows: a reply pages the same alternatives on every branch that holds it.
 */
export async function shareAlternatives(tx: Db | Tx, row: MessageRow, next: Alternative[]): Promise<void> {
  await tx.execute(sql`update chat_messages set alternatives = ${JSON.stringify(next)}::jsonb
    where user_id = ${row.userId} and story_id = ${row.storyId} and coalesce(origin_id, id) = ${originOf(row)}`);
}

/** The alternatives of a model reply (one when it was never regenerated). */
const alternativesOf = (row: MessageRow): Alternative[] => (row.alternatives as Alternative[] | null) ?? [{ content: row.content, reasoning: row.reasoning, stopped: row.stopped }];

interface BranchRow {
  id: number;
  parent_id: number | null;
  fork_origin: number | null;
  fork_alt: number | null;
  active: boolean;
  created_at: string | Date;
  messages: number;
  line: string | null;
  last_line: string | null;
}

/** The rows of branch `b` (a `chat_branches` alias): the shown one's are the chat's unparked rows. */
const onBranch = (b: string) => sql.raw(`m.user_id = ${b}.user_id and m.story_id = ${b}.story_id and not m.pending and (case when ${b}.active then not m.parked else m.parked and m.branch_id = ${b}.id end)`);

/**
 * The branches of the caller's chat of a story, oldest first, each with the line where it departs
 * from the branch it was forked from (null for the first) and its newest line. A chat that never
 * forked is one branch, id "0". At most MAX_BRANCHES: the shown one always among them (a guest's
 * chat merged into an account's may take a chat past the cap).
 */
export async function listBranches(db: Db, userId: number, storyId: string): Promise<{ branches: ChatBranch[] }> {
  await loadStory(db, storyId, undefined, userId);
  const shown = sql.raw("case when m.removed_at is null then m.content else '' end");
  const rows = rowsOf<BranchRow>(
    await db.execute(sql`select b.id, b.parent_id, b.fork_origin, b.fork_alt, b.active, b.created_at,
      (select count(*) from chat_messages m where ${onBranch("b")})::int as messages,
      (select ${shown} from chat_messages m where ${onBranch("b")} and coalesce(m.origin_id, m.id) = b.fork_origin order by m.id limit 1) as line,
      (select ${shown} from chat_messages m where ${onBranch("b")} order by m.id desc limit 1) as last_line
      from chat_branches b where b.user_id = ${userId} and b.story_id = ${storyId} order by b.active desc, b.id limit ${MAX_BRANCHES}`),
  ).sort((a, b) => Number(a.id) - Number(b.id));
  if (!rows.length) {
    const [last] = await db
      .select({ content: chatMessages.content, removedAt: chatMessages.removedAt, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId), eq(chatMessages.parked, false), eq(chatMessages.pending, false)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from chat_messages where user_id = ${userId} and story_id = ${storyId} and not pending`),
    );
    return {
      branches: [
        {
          id: "0",
          parent_id: null,
          fork_message_id: null,
          line: null,
          last_line: last ? clip(last.removedAt ? "" : last.content) : null,
          messages: Number(n),
          active: true,
          created_at: (last?.createdAt ?? new Date()).toISOString(),
        },
      ],
    };
  }
  return {
    branches: rows.map((r) => ({
      id: String(r.id),
      parent_id: r.parent_id === null ? null : String(r.parent_id),
      fork_message_id: r.fork_origin === null ? null : String(r.fork_origin),
      line: clip(r.line),
      last_line: clip(r.last_line),
      messages: Number(r.messages),
      active: Boolean(r.active),
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * The shown branch's id, naming it first when the chat never forked (its rows, old ones included,
 * become that branch), and its rows claimed: rows written since it was last named carry no branch
 * yet. Inside the caller's transaction, the user locked.
 */
async function shownBranch(tx: Tx, userId: number, storyId: string): Promise<number> {
  const [found] = rowsOf<{ id: number }>(await tx.execute(sql`select id from chat_branches where user_id = ${userId} and story_id = ${storyId} and active`));
  const id = found
    ? Number(found.id)
    : Number(rowsOf<{ id: number }>(await tx.execute(sql`insert into chat_branches (user_id, story_id, active) values (${userId}, ${storyId}, true) returning id`))[0]!.id);
  await tx.execute(sql`update chat_messages set branch_id = ${id} where user_id = ${userId} and story_id = ${storyId} and not parked and branch_id is distinct from ${id}`);
  return id;
}

/** Shows branch `to` (the shown one named and claimed first): its rows unparked, every other row parked. */
async function show(tx: Tx, userId: number, storyId: string, from: number, to: number): Promise<void> {
  if (from === to) return;
  await tx.execute(sql`update chat_messages set parked = (branch_id is distinct from ${to}) where user_id = ${userId} and story_id = ${storyId} and (not parked or branch_id = ${to})`);
  // Two statements: the one-shown-branch index is checked row by row.
  await tx.execute(sql`update chat_branches set active = false where user_id = ${userId} and story_id = ${storyId} and active`);
  await tx.execute(sql`update chat_branches set active = true where id = ${to}`);
}

/**
 * Forks the shown branch at `at` (a row on it): a new branch with copies of the rows before it and
 * of `at` itself showing alternative `alt` (with `fields` written over the copy), parked the old
 * one, and shows the new one. Copies keep their origin (so alternatives and branches are found from
 * any copy) and the prompt records of their originals; their token counts stay with the originals
 * (counted once). The new branch's memory starts from the old one's (chatMemory.ts forkMemory).
 * Returns the copy of `at`.
 */
async function fork(tx: Tx, userId: number, storyId: string, at: MessageRow, alt: number, fields: Partial<typeof chatMessages.$inferInsert>): Promise<MessageRow> {
  const from = await shownBranch(tx, userId, storyId);
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from chat_branches where user_id = ${userId} and story_id = ${storyId}`)) as [{ n: number }];
  if (Number(n) >= MAX_BRANCHES) throw new ApiError("CONFLICT", `A chat keeps at most ${MAX_BRANCHES} branches`);
  const origin = originOf(at);
  const [{ id: to }] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into chat_branches (user_id, story_id, parent_id, fork_origin, fork_alt) values (${userId}, ${storyId}, ${from}, ${origin}, ${alt}) returning id`),
  ) as [{ id: number }];
  const branch = Number(to);
  // ids follow the thread's order (the insert reads the rows in id order).
  await tx.execute(sql`insert into chat_messages (user_id, story_id, actor_id, role, content, state, source, reasoning, stopped, pending, alternatives, alt_index, removed_at, created_at, branch_id, origin_id, parked)
    select user_id, story_id, actor_id, role, content, state, source, reasoning, stopped, false, alternatives, alt_index, removed_at, created_at, ${branch}, coalesce(origin_id, id), true
    from chat_messages where user_id = ${userId} and story_id = ${storyId} and not parked and not pending and id <= ${at.id} order by id`);
  await tx.execute(sql`insert into chat_prompts (message_id, record)
    select n.id, p.record from chat_messages n
    join chat_messages s on s.user_id = n.user_id and s.story_id = n.story_id and not s.parked and coalesce(s.origin_id, s.id) = n.origin_id
    join chat_prompts p on p.message_id = s.id
    where n.user_id = ${userId} and n.story_id = ${storyId} and n.branch_id = ${branch}`);
  const chosen = alternativesOf(at)[alt]!;
  const [copy] = await tx
    .update(chatMessages)
    .set({ content: chosen.content, reasoning: chosen.reasoning, stopped: chosen.stopped, altIndex: alt, ...fields })
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId), eq(chatMessages.branchId, branch), eq(chatMessages.originId, origin)))
    .returning();
  // Before the new branch is shown: the old branch's rows are still the unparked ones.
  await forkMemory(tx, userId, storyId, { from, to: branch, at: at.id });
  await show(tx, userId, storyId, from, branch);
  return copy!;
}

/** A model reply on the shown branch (404 for none of the caller's; 409 for one on another branch or not the model's). */
async function replyOnShown(db: Db | Tx, userId: number, storyId: string, messageId: string): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, Number(messageId)), eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId)));
  if (!row || row.pending) throw notFound(`No message ${messageId} in this chat`);
  if (row.parked) throw new ApiError("CONFLICT", "This reply is on another branch; switch to it first");
  if (row.source !== "model" || row.removedAt !== null) throw new ApiError("CONFLICT", "Only a character's reply has alternatives");
  return row;
}

/** Whether anything follows `row` on the shown branch (then a new alternative of it forks). */
async function followed(db: Db | Tx, row: MessageRow): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 from chat_messages where user_id = ${row.userId} and story_id = ${row.storyId} and not parked and not pending and id > ${row.id} limit 1`),
  );
  return rows.length > 0;
}

/** `branch.switch`: shows another branch of the caller's chat (free); the thread as it now reads. */
export async function switchBranch(engine: ChatEngine, userId: number, input: { storyId: string; branchId: string }): Promise<Thread & { branch_id: string }> {
  const { db } = engine.deps;
  await loadStory(db, input.storyId, undefined, userId);
  const lease = await engine.lease(userId, input.storyId);
  try {
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [target] = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from chat_branches where id = ${Number(input.branchId)} and user_id = ${userId} and story_id = ${input.storyId}`),
      );
      if (!target) {
        // A chat that never forked is branch "0": showing it changes nothing.
        const [any] = rowsOf(await tx.execute(sql`select 1 from chat_branches where user_id = ${userId} and story_id = ${input.storyId} limit 1`));
        if (input.branchId === "0" && !any) return;
        throw notFound(`No branch ${input.branchId} in this chat`);
      }
      await show(tx, userId, input.storyId, await shownBranch(tx, userId, input.storyId), Number(target.id));
    });
  } finally {
    await lease.release();
  }
  return { ...(await chatHistory(db, userId, input.storyId)), branch_id: input.branchId };
}

/**
 * `branch.fork` with an index: shows alternative `index` of a reply (free). On the last reply it is
 * chosen in place; on an earlier one the story continues from it on a branch: the branch that
 * already shows it (the newest), else a new fork.
 */
export async function chooseAt(engine: ChatEngine, userId: number, input: { storyId: string; messageId: string; index: number }): Promise<Thread & { branch_id: string }> {
  const { db } = engine.deps;
  await loadStory(db, input.storyId, undefined, userId);
  const lease = await engine.lease(userId, input.storyId);
  try {
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const row = await replyOnShown(tx, userId, input.storyId, input.messageId);
      const alts = alternativesOf(row);
      const alt = alts[input.index];
      if (!alt) throw new ApiError("VALIDATION_ERROR", `Invalid body: index must be below ${alts.length}`, { fields: [{ path: "index", message: `must be below ${alts.length}` }] });
      if (input.index === row.altIndex) return;
      if (!(await followed(tx, row))) {
        await tx.update(chatMessages).set({ content: alt.content, reasoning: alt.reasoning, stopped: alt.stopped, altIndex: input.index }).where(eq(chatMessages.id, row.id));
        return;
      }
      const [elsewhere] = rowsOf<{ branch_id: number }>(
        await tx.execute(sql`select branch_id from chat_messages where user_id = ${userId} and story_id = ${input.storyId} and parked
          and coalesce(origin_id, id) = ${originOf(row)} and alt_index = ${input.index} order by id desc limit 1`),
      );
      if (elsewhere) await show(tx, userId, input.storyId, await shownBranch(tx, userId, input.storyId), Number(elsewhere.branch_id));
      else await fork(tx, userId, input.storyId, row, input.index, {});
    });
  } finally {
    await lease.release();
  }
  return { ...(await chatHistory(db, userId, input.storyId)), branch_id: await shownId(db, userId, input.storyId) };
}

/** The shown branch's wire id ("0" while the chat never forked). */
async function shownId(db: Db, userId: number, storyId: string): Promise<string> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from chat_branches where user_id = ${userId} and story_id = ${storyId} and active`));
  return row ? String(row.id) : "0";
}

/**
 * `branch.fork` without an index: a new alternative of any reply, charged as one reply. The last
 * reply is regenerated in place (message.regenerate); an earlier one is written from the turns
 * before it, and the story continues from it on a new branch: the turns after it stay on the old
 * branch. Its price is held before the model is asked and given back unless the branch is stored.
 */
export async function regenerateAt(engine: ChatEngine, userId: number, target: ChatTarget & { messageId: string }, ch: TurnChannel): Promise<TurnResult> {
  const { db } = engine.deps;
  await loadStory(db, target.storyId, target.actorId, userId);
  if (!engine.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
  const first = await replyOnShown(db, userId, target.storyId, target.messageId);
  if (!(await followed(db, first))) return engine.regenerate(userId, target, ch);
  await assertModelBudget(db, engine.deps.config);
  const cost = await engine.cost();
  await engine.needCoins(userId, cost);
  const lease = await engine.lease(userId, target.storyId);
  try {
    // Read again under the lease: a request that waited finds the reply moved to another branch.
    const at = await replyOnShown(db, userId, target.storyId, target.messageId);
    const alts = alternativesOf(at);
    if (alts.length >= MAX_ALTERNATIVES) throw new ApiError("CONFLICT", `A reply keeps at most ${MAX_ALTERNATIVES} alternatives`);
    await engine.rateLimit(userId, target.address);
    const { hold } = await engine.hold(userId, cost, { story_id: target.storyId, message_id: at.id }, lease);
    let kept = false;
    try {
      ch.open();
      const before = (
        await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, target.storyId), eq(chatMessages.parked, false), eq(chatMessages.pending, false), lt(chatMessages.id, at.id)))
          .orderBy(desc(chatMessages.id))
          .limit(80)
      ).reverse();
      const saved = [...before].reverse().find((r) => r.state !== null);
      const reply = await engine
        .generate(target.storyId, at.actorId, before.map(asLine), before, saved, { offerChoices: false, group: modeOf(target) === "group" }, ch)
        .catch((err: unknown) => {
          throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
        });
      if (!reply.text) {
        if (reply.stopped) return { messages: [], coins: (await engine.giveBack(hold)) ?? (await balanceOf(db, userId)), ended: false, messageId: null };
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      const copy = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // The branch is stored: its hold is kept (a crash from here on gives nothing back).
        await tx.execute(lease.unholdSql);
        const next = [...alts, { content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped }];
        await shareAlternatives(tx, at, next);
        const row = await fork(tx, userId, target.storyId, { ...at, alternatives: next }, next.length - 1, {
          promptTokens: reply.usage.promptTokens,
          completionTokens: reply.usage.completionTokens,
        });
        await savePromptRecord(tx, row.id, reply.prompt);
        return row;
      });
      kept = true;
      const saved2 = await latestSaved(db, userId, target.storyId);
      return { messages: present([copy], [copy]), coins: await balanceOf(db, userId), ended: Boolean((saved2?.state as SavedTurn | undefined)?.ended), messageId: String(copy.id) };
    } finally {
      if (!kept) await engine.giveBack(hold);
    }
  } finally {
    await lease.release();
  }
}
