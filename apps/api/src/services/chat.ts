import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { ChatMessage } from "@storyloom/contract";
import { actors, chatMessages, stories, type Db, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { applyLedger } from "./ledger";
import { recordPlay } from "./engagement";
import { getSysconfig } from "./sysconfig";
import { chooseInk, startInk, type InkTurn } from "./ink";

type MessageRow = typeof chatMessages.$inferSelect;
/** What the last message of a turn keeps so the next turn can resume. */
interface SavedTurn {
  ink: string;
  choices: InkTurn["choices"];
  ended: boolean;
}

/** The thread's history: every message, in order, with the open choices on the last one. */
export interface Thread {
  messages: ChatMessage[];
  ended: boolean;
}

const HISTORY_LIMIT = 300;

function toMessage(row: MessageRow, withChoices: boolean): ChatMessage {
  const saved = row.state as SavedTurn | null;
  return {
    id: String(row.id),
    role: row.role === "user" || row.role === "actor" ? row.role : "narrator",
    actor_id: row.actorId,
    content: row.content,
    ...(withChoices && saved && !saved.ended ? { choices: saved.choices } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

async function loadStory(db: Db | Tx, storyId: string, actorId?: string) {
  const [story] = await db
    .select({ id: stories.id, script: stories.script })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.published, true)));
  if (!story) throw notFound(`No story with id ${storyId}`);
  const cast = await db.select().from(actors).where(eq(actors.storyId, storyId)).orderBy(asc(actors.sort));
  if (actorId && !cast.some((a) => a.id === actorId)) throw notFound(`No character ${actorId} in story ${storyId}`);
  return { story, cast };
}

/** Reads a user's thread of a story (404 for an unknown story or a character not in it). */
export async function chatHistory(db: Db, userId: number, storyId: string, actorId?: string): Promise<Thread> {
  await loadStory(db, storyId, actorId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId)))
    .orderBy(desc(chatMessages.id))
    .limit(HISTORY_LIMIT);
  rows.reverse();
  const lastSaved = [...rows].reverse().find((r) => r.state !== null);
  return {
    messages: rows.map((r) => toMessage(r, r === lastSaved)),
    ended: Boolean((lastSaved?.state as SavedTurn | undefined)?.ended),
  };
}

/** What a player sends: nothing (start or resume), a choice, free text, or a restart. */
export interface ChatInput {
  storyId: string;
  actorId?: string;
  content?: string;
  choice?: number;
  restart?: boolean;
}

/**
 * Plays one turn. Starting (or restarting) is free: the lead character greets the player and the
 * opening is told. A choice advances the script and costs `chat_cost_per_reply` coins through the
 * ledger, in the same transaction as the messages, so a turn that fails charges nothing and a turn
 * without enough coins writes nothing.
 */
export async function playTurn(db: Db, userId: number, input: ChatInput): Promise<{ messages: ChatMessage[]; coins: number; ended: boolean }> {
  const { chat_cost_per_reply } = await getSysconfig(db);
  return db.transaction(async (tx) => {
    const { story, cast } = await loadStory(tx, input.storyId, input.actorId);
    const lead = cast.find((a) => a.id === input.actorId) ?? cast[0];
    const [saved] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, story.id), isNotNull(chatMessages.state)))
      .orderBy(desc(chatMessages.id))
      .limit(1)
      .for("update");
    const insert = async (role: string, content: string, actorId: string | null, state: SavedTurn | null) =>
      (await tx.insert(chatMessages).values({ userId, storyId: story.id, actorId, role, content, state }).returning())[0]!;
    const written: MessageRow[] = [];
    const tell = async (turn: InkTurn) => {
      for (const [i, line] of turn.lines.entries()) {
        const last = i === turn.lines.length - 1;
        written.push(await insert("narrator", line, null, last ? { ink: turn.state, choices: turn.choices, ended: turn.ended } : null));
      }
      if (turn.lines.length === 0) written.push(await insert("narrator", turn.ended ? "The End." : "…", null, { ink: turn.state, choices: turn.choices, ended: turn.ended }));
    };

    if (!saved || input.restart) {
      if (input.content !== undefined || input.choice !== undefined) {
        throw new ApiError("CONFLICT", "This story has not started yet; open it to begin");
      }
      if (lead) written.push(await insert("actor", lead.greeting, lead.id, null));
      await tell(startInk(story.script));
      await recordPlay(tx, userId, story.id);
    } else if (input.choice !== undefined) {
      const state = saved.state as SavedTurn;
      if (state.ended) throw new ApiError("CONFLICT", "This story has ended; restart it to play again");
      const picked = state.choices.find((c) => c.index === input.choice);
      if (!picked) throw new ApiError("VALIDATION_ERROR", "Invalid body: choice is not one of the open choices", { fields: [{ path: "choice", message: "is not one of the open choices" }] });
      const user = await insert("user", picked.text, null, null);
      written.push(user);
      if (chat_cost_per_reply > 0) {
        await applyLedger(tx, { userId, amount: -chat_cost_per_reply, reason: "chat", idempotencyKey: `chat:${user.id}`, meta: { story_id: story.id } });
      }
      const turn = chooseInk(story.script, state.ink, picked.index);
      if (!turn) throw new ApiError("CONFLICT", "The story could not continue from here; restart it");
      await tell(turn);
    } else if (input.content !== undefined) {
      // Free replies need a language model; without one the story is played by its choices.
      throw new ApiError("CONFLICT", "This story is played by its choices: free replies need a language model");
    }
    const last = written.findLast((w) => w.state !== null) ?? saved;
    const balanceRow = await tx.query.users.findFirst({ columns: { coins: true }, where: (u, { eq: e }) => e(u.id, userId) });
    return {
      messages: written.map((w) => toMessage(w, w === last)),
      coins: balanceRow?.coins ?? 0,
      ended: Boolean((last?.state as SavedTurn | null)?.ended),
    };
  });
}
