import { and, eq, gt } from "drizzle-orm";
import type { ChatMessage } from "@storyloom/contract";
import { chatMessages } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { ModelError } from "../llm/client";
import { balanceOf, lastModelReply, latestSaved, loadStory, lockUser, present, threadRows, type Alternative, type MessageRow, type SavedTurn } from "./chat";
import type { ChatEngine } from "./chatEngine";
import { assertModelBudget } from "./modelBudget";
import { savePromptRecord } from "./promptRecords";
import { shareAlternatives } from "./chatBranches";
import { asLine, FREE_TEXT_NEEDS_MODEL, MAX_ALTERNATIVES, modeOf, type ChatTarget, type TurnChannel, type TurnResult } from "./chatTurn";

// Revisions of the last exchange: a new alternative of the last model reply, new words for the
// player's last message, and choosing among the alternatives.

/** `message.regenerate`: a new alternative of the last model reply (the earlier ones are kept). */
export async function regenerate(engine: ChatEngine, userId: number, target: ChatTarget, ch: TurnChannel): Promise<TurnResult> {
  const { db } = engine.deps;
  await loadStory(db, target.storyId, target.actorId, userId);
  if (!engine.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
  await assertModelBudget(db, engine.deps.config);
  const cost = await engine.cost();
  const balance = await engine.needCoins(userId, cost);
  const lease = await engine.lease(userId, target.storyId);
  try {
    const rows = (await threadRows(db, userId, target.storyId, 80)).filter((r) => !r.pending);
    const last = lastModelReply(rows);
    const lastRow = rows.at(-1);
    if (!last) {
      // The player's message got no answer (the model failed): answer it now.
      if (lastRow?.role === "user" && lastRow.source === "typed") {
        await engine.rateLimit(userId, target.address);
        const held = await engine.hold(userId, cost, { story_id: target.storyId }, lease);
        const before = rows.slice(0, -1);
        const money = { cost, balance: held.balance ?? balance, hold: held.hold };
        return await engine.answer(userId, target, lastRow, { rows: before, saved: [...before].reverse().find((r) => r.state !== null) }, money, ch, lease);
      }
      throw new ApiError("CONFLICT", "There is no reply to regenerate");
    }
    const alts = (last.alternatives as Alternative[] | null) ?? [{ content: last.content, reasoning: last.reasoning, stopped: last.stopped }];
    if (alts.length >= MAX_ALTERNATIVES) throw new ApiError("CONFLICT", `A reply keeps at most ${MAX_ALTERNATIVES} alternatives`);
    await engine.rateLimit(userId, target.address);
    // The new alternative's price is held before the model is asked, and given back unless it is stored.
    const { hold } = await engine.hold(userId, cost, { story_id: target.storyId, message_id: last.id }, lease);
    let kept = false;
    try {
      ch.open();
      const reply = await regenerated(engine, target, rows, last, ch);
      if (!reply.text) {
        if (reply.stopped) return { messages: [], coins: (await engine.giveBack(hold)) ?? (await balanceOf(db, userId)), ended: false, messageId: null };
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // The alternative is stored: its hold is kept (a crash from here on gives nothing back).
        await tx.execute(lease.unholdSql);
        const next = [...alts, { content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped }];
        const [updated] = await tx
          .update(chatMessages)
          .set({
            content: reply.text,
            reasoning: reply.reasoning || null,
            stopped: reply.stopped,
            alternatives: next,
            altIndex: next.length - 1,
            // The row's tokens are those of every alternative written for it.
            promptTokens: (last.promptTokens ?? 0) + reply.usage.promptTokens,
            completionTokens: (last.completionTokens ?? 0) + reply.usage.completionTokens,
          })
          .where(eq(chatMessages.id, last.id))
          .returning();
        // Its copies on other branches page the new alternative too.
        if (last.originId !== null || last.branchId !== null) await shareAlternatives(tx, last, next);
        // The inspector shows the newest alternative's prompt.
        await savePromptRecord(tx, last.id, reply.prompt);
        return updated!;
      });
      kept = true;
      const saved = await latestSaved(db, userId, target.storyId);
      return { messages: present([row], [row]), coins: await balanceOf(db, userId), ended: Boolean((saved?.state as SavedTurn | undefined)?.ended), messageId: String(row.id) };
    } finally {
      if (!kept) await engine.giveBack(hold);
    }
  } finally {
    await lease.release();
  }
}

/** A new alternative of `last`, written from the thread before it (a model failure as MODEL_ERROR). */
async function regenerated(engine: ChatEngine, target: ChatTarget, rows: MessageRow[], last: MessageRow, ch: TurnChannel) {
  const before = rows.filter((r) => r.id < last.id);
  const saved = [...before].reverse().find((r) => r.state !== null);
  return engine.generate(target.storyId, last.actorId, before.map(asLine), before, saved, { offerChoices: false, group: modeOf(target) === "group" }, ch).catch((err: unknown) => {
    throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
  });
}

/**
 * `message.edit`: new words for the player's last typed message, answered anew. The new words and the
 * new reply replace the old ones in the store of that reply: a refused or failed edit leaves the
 * thread as it was.
 */
export async function edit(engine: ChatEngine, userId: number, target: ChatTarget & { messageId: string; content: string }, ch: TurnChannel): Promise<TurnResult> {
  const { db } = engine.deps;
  await loadStory(db, target.storyId, target.actorId, userId);
  if (!engine.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
  await assertModelBudget(db, engine.deps.config);
  const cost = await engine.cost();
  const balance = await engine.needCoins(userId, cost);
  const lease = await engine.lease(userId, target.storyId);
  try {
    const id = Number(target.messageId);
    const said = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(chatMessages).where(and(eq(chatMessages.id, id), eq(chatMessages.userId, userId), eq(chatMessages.storyId, target.storyId), eq(chatMessages.parked, false)));
      if (!row) throw notFound(`No message ${target.messageId} in this chat`);
      const [later] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, target.storyId), eq(chatMessages.role, "user"), gt(chatMessages.id, id), eq(chatMessages.parked, false)))
        .limit(1);
      if (row.role !== "user" || later) throw new ApiError("CONFLICT", "Only your last message can be edited");
      if (row.source !== "typed") throw new ApiError("CONFLICT", "A choice cannot be edited; restart the story to choose again");
      return row;
    });
    await engine.rateLimit(userId, target.address);
    const held = await engine.hold(userId, cost, { story_id: target.storyId, message_id: said.id }, lease);
    const before = (await threadRows(db, userId, target.storyId, 80)).filter((r) => r.id < said.id && !r.pending);
    const money = { cost, balance: held.balance ?? balance, hold: held.hold };
    return await engine.answer(userId, target, said, { rows: before, saved: [...before].reverse().find((r) => r.state !== null) }, money, ch, lease, undefined, target.content);
  } finally {
    await lease.release();
  }
}

/** `message.select`: shows another alternative of the last model reply (free). */
export async function select(engine: ChatEngine, userId: number, input: { storyId: string; messageId: string; index: number }): Promise<{ message: ChatMessage }> {
  const { db } = engine.deps;
  await loadStory(db, input.storyId, undefined, userId);
  const lease = await engine.lease(userId, input.storyId);
  try {
    const rows = (await threadRows(db, userId, input.storyId)).filter((r) => !r.pending);
    const row = rows.find((r) => String(r.id) === input.messageId);
    if (!row) throw notFound(`No message ${input.messageId} in this chat`);
    if (row.id !== lastModelReply(rows)?.id) throw new ApiError("CONFLICT", "Only the last reply's alternatives can be chosen");
    const alts = (row.alternatives as Alternative[] | null) ?? [{ content: row.content, reasoning: row.reasoning, stopped: row.stopped }];
    const alt = alts[input.index];
    if (!alt) throw new ApiError("VALIDATION_ERROR", `Invalid body: index must be below ${alts.length}`, { fields: [{ path: "index", message: `must be below ${alts.length}` }] });
    const [updated] = await db
      .update(chatMessages)
      .set({ content: alt.content, reasoning: alt.reasoning, stopped: alt.stopped, altIndex: input.index })
      .where(eq(chatMessages.id, row.id))
      .returning();
    return { message: present([updated!], [updated!])[0]! };
  } finally {
    await lease.release();
  }
}
