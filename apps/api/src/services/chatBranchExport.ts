import { and, desc, eq } from "drizzle-orm";
import type { ChatBranchLines } from "@storyloom/contract";
import { chatMessages, type Db } from "@storyloom/db";
import { present, type MessageRow } from "./chat";
import { listBranches } from "./chatBranches";

// The JSON export "with its branches" (issue 45): every branch of the caller's chat with its lines.
// The shown branch's rows are the chat's unparked ones; another branch's are the parked rows that
// carry its id (a fork copies the lines before its fork point, so each branch's lines stand alone).

/** At most this many of a chat's messages (the newest) go into one export: 50 branches of a long chat stay one bounded answer. */
export const EXPORT_ROWS = 3000;

/** Every branch of the caller's chat of `storyId` with its lines, oldest first (404 for a story they may not play). */
export async function branchLines(db: Db, userId: number, storyId: string): Promise<{ branches: ChatBranchLines[]; complete: boolean }> {
  // listBranches checks the story first (404), and bounds the branches (MAX_BRANCHES).
  const { branches } = await listBranches(db, userId, storyId);
  const newest = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId), eq(chatMessages.pending, false)))
    .orderBy(desc(chatMessages.id))
    .limit(EXPORT_ROWS + 1);
  const complete = newest.length <= EXPORT_ROWS;
  const rows = newest.slice(0, EXPORT_ROWS).reverse();
  const on = (branch: { id: string; active: boolean }) => (r: MessageRow) => (branch.active ? !r.parked : r.parked && String(r.branchId) === branch.id);
  return {
    branches: branches.map((b) => {
      const own = rows.filter(on(b));
      return { ...b, lines: present(own, own) };
    }),
    complete,
  };
}
