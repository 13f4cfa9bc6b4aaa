import { eq } from "drizzle-orm";
import { chatMessages } from "@storyloom/db";
import { joinContinuation } from "@storyloom/contract/chat-text";
import { ApiError } from "../errors";
import { ModelError } from "../llm/client";
import { balanceOf, lastModelReply, latestSaved, loadStory, lockUser, present, threadRows, type Alternative, type SavedTurn } from "./chat";
import type { ChatEngine } from "./chatEngine";
import { shareAlternatives } from "./chatBranches";
import { assertModelBudget } from "./modelBudget";
import { savePromptRecord } from "./promptRecords";
import { asLine, FREE_TEXT_NEEDS_MODEL, modeOf, type ChatTarget, type TurnChannel, type TurnResult } from "./chatTurn";

// "Continue" (issue 45): the chat's last reply, extended where it stops. The model is asked to go on
// from the reply's text (the prompt's last turn); what it writes is appended to the same message (its
// shown alternative). Charged as a reply, on the same hold/keep/give-back path as regenerate.

const NOT_CONTINUABLE = "Only the chat's last reply, a character's, can be continued";

/** `message.continue`: extends the last model reply of the chat (409 when the last message is not one). */
export async function continueReply(engine: ChatEngine, userId: number, target: ChatTarget, ch: TurnChannel): Promise<TurnResult> {
  const { db } = engine.deps;
  await loadStory(db, target.storyId, target.actorId, userId);
  if (!engine.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
  await assertModelBudget(db, engine.deps.config);
  const cost = await engine.cost();
  await engine.needCoins(userId, cost);
  // The lease keeps a second click (or any other turn) out: it answers 409 and holds nothing.
  const lease = await engine.lease(userId, target.storyId);
  try {
    const rows = (await threadRows(db, userId, target.storyId, 80)).filter((r) => !r.pending);
    const last = rows.at(-1);
    if (!last || last.id !== lastModelReply(rows)?.id || last.removedAt !== null) throw new ApiError("CONFLICT", NOT_CONTINUABLE);
    await engine.rateLimit(userId, target.address);
    const { hold } = await engine.hold(userId, cost, { story_id: target.storyId, message_id: last.id, continue: true }, lease);
    let kept = false;
    try {
      ch.open();
      const before = rows.filter((r) => r.id < last.id);
      const saved = [...before].reverse().find((r) => r.state !== null);
      // The reply so far is the prompt's last turn, in the speaker's own voice.
      const reply = await engine
        .generate(target.storyId, last.actorId, [...before.map(asLine), asLine(last)], before, saved, { offerChoices: false, group: modeOf(target) === "group", continueReply: true }, ch)
        .catch((err: unknown) => {
          throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
        });
      if (!reply.text) {
        if (reply.stopped) return { messages: [], coins: (await engine.giveBack(hold)) ?? (await balanceOf(db, userId)), ended: false, messageId: null };
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      const content = joinContinuation(last.content, reply.text);
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // The longer reply is stored: its hold is kept (a crash from here on gives nothing back).
        await tx.execute(lease.unholdSql);
        const alts = last.alternatives as Alternative[] | null;
        const next = alts?.map((a, i) => (i === last.altIndex ? { ...a, content, stopped: reply.stopped } : a)) ?? null;
        const [updated] = await tx
          .update(chatMessages)
          .set({
            content,
            stopped: reply.stopped,
            ...(next ? { alternatives: next } : {}),
            promptTokens: (last.promptTokens ?? 0) + reply.usage.promptTokens,
            completionTokens: (last.completionTokens ?? 0) + reply.usage.completionTokens,
          })
          .where(eq(chatMessages.id, last.id))
          .returning();
        // Its copies on other branches page the longer alternative too.
        if (next && (last.originId !== null || last.branchId !== null)) await shareAlternatives(tx, last, next);
        // The inspector shows the prompt that wrote the newest words.
        await savePromptRecord(tx, last.id, reply.prompt);
        return updated!;
      });
      kept = true;
      const after = await latestSaved(db, userId, target.storyId);
      return { messages: present([row], [row]), coins: await balanceOf(db, userId), ended: Boolean((after?.state as SavedTurn | undefined)?.ended), messageId: String(row.id) };
    } finally {
      if (!kept) await engine.giveBack(hold);
    }
  } finally {
    await lease.release();
  }
}
