import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PromptRecord } from "@storyloom/contract";
import { chatMessages, chatPrompts, type Db, type Tx } from "@storyloom/db";
import { notFound } from "../errors";

// The prompt inspector's records: what each model reply's prompt was built from, stored when the
// reply is (the parts as the builder assembled them, so the inspector shows exactly what the model
// was sent, whatever changed since: the lorebook, the persona, the thread). A record is bounded by the
// prompt's own token budget. Regenerating a reply replaces its record with the new alternative's.

/**
 * A statement part (a CTE named `name`) that stores `record` for the message whose id the CTE `from`
 * returns (as `id`), when it returns one; null without a record.
 */
export function promptRecordCte(name: string, record: PromptRecord | undefined, from: string): SQL | null {
  if (!record) return null;
  return sql`${sql.raw(name)} as (insert into chat_prompts (message_id, record) select id, ${JSON.stringify(record)}::jsonb from ${sql.raw(from)} on conflict (message_id) do update set record = excluded.record returning message_id)`;
}

/** Stores (or replaces) the record of one reply's prompt. */
export async function savePromptRecord(db: Db | Tx, messageId: number, record: PromptRecord | undefined): Promise<void> {
  if (!record) return;
  await db.insert(chatPrompts).values({ messageId, record }).onConflictDoUpdate({ target: chatPrompts.messageId, set: { record } });
}

/**
 * The record of a reply of the caller's own chat of `storyId`: NOT_FOUND for anyone else's message,
 * one removed by staff, and a reply written before prompts were recorded (or not by the model).
 */
export async function promptRecordOf(db: Db, userId: number, storyId: string, messageId: string): Promise<PromptRecord> {
  const [row] = await db
    .select({ record: chatPrompts.record, removedAt: chatMessages.removedAt })
    .from(chatPrompts)
    .innerJoin(chatMessages, eq(chatMessages.id, chatPrompts.messageId))
    .where(and(eq(chatPrompts.messageId, Number(messageId)), eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId)));
  if (!row || row.removedAt) throw notFound(`No recorded prompt for message ${messageId} in this chat`);
  return row.record as PromptRecord;
}
