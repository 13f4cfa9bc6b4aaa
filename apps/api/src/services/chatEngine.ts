import { and, eq, gt } from "drizzle-orm";
import type { ChatMessage } from "@storyloom/contract";
import { chatMessages, type Db } from "@storyloom/db";
import type { Config } from "../config";
import { ApiError, notFound } from "../errors";
import { ModelError, type ModelClient } from "../llm/client";
import { buildPrompt, CHOICE_TOOL, type PromptCharacter, type PromptLine } from "../llm/prompt";
import { chooseInk, sceneTags } from "./ink";
import { applyLedger } from "./ledger";
import { hitRateLimit } from "./rateLimit";
import { getSysconfig } from "./sysconfig";
import { takeChatLease, type ChatLease } from "./chatLease";
import {
  balanceOf,
  insertMessage,
  lastModelReply,
  latestSaved,
  loadStory,
  lockUser,
  playScripted,
  present,
  tellInk,
  threadRows,
  type ActorRow,
  type Alternative,
  type MessageRow,
  type SavedTurn,
} from "./chat";

/** Which chat route the player is on: one character, the story, the reasoning view, or the group scene. */
export type ChatMode = "character" | "story" | "reasoning" | "group";

/** Where a turn's pieces go as they are written (the SSE stream, or nowhere for a JSON answer). */
export interface TurnChannel {
  /** the player stopped or left: abort the model at once */
  signal: AbortSignal;
  /** the pre-checks passed: a stream may start now (errors after this are events, not envelopes) */
  open(): void;
  start(role: "actor" | "narrator", actorId: string | null): void;
  delta(text: string): void;
  reasoning(text: string): void;
  choices(choices: { index: number; text: string }[]): void;
}

/** A finished turn: what it wrote, the balance after it, whether the story ended. */
export interface TurnResult {
  messages: ChatMessage[];
  coins: number;
  ended: boolean;
  /** the id of the last message it wrote (the `done` event's message_id) */
  messageId: string | null;
}

/** What the engine needs. */
export interface EngineDeps {
  db: Db;
  config: Config;
  model: ModelClient | null;
}

/** The chat a call is about. */
export interface ChatTarget {
  storyId: string;
  actorId?: string;
  mode?: ChatMode;
}

const FREE_TEXT_NEEDS_MODEL = "This story is played by its choices: free replies need a language model";
/** The most characters that answer one message in a group scene. */
const GROUP_SIZE = 3;
/** Replies kept per message (the wire's alternative index is 0..19). */
const MAX_ALTERNATIVES = 20;

const modeOf = (t: ChatTarget): ChatMode => t.mode ?? (t.actorId ? "character" : "story");
const persona = (a: ActorRow): PromptCharacter => ({ id: a.id, name: a.name, tagline: a.tagline, persona: a.persona, greeting: a.greeting });

/** The characters that answer a typed message, in order (null = the narrator). */
function speakersFor(mode: ChatMode, cast: ActorRow[], actorId: string | undefined, said: string): (ActorRow | null)[] {
  if (mode === "group") {
    // Addressed by name ("Juno, …", "what do you think, Vex?"): that character answers alone.
    const low = said.toLowerCase();
    const named = cast.filter((a) => a.name.toLowerCase().split(/\s+/).some((part) => part.length > 1 && new RegExp(`\\b${part.replace(/[^\p{L}\p{N}]/gu, "")}\\b`, "iu").test(low)));
    if (named.length === 1) return named;
    const first = cast.find((a) => a.id === actorId);
    return [...(first ? [first] : []), ...cast.filter((a) => a !== first)].slice(0, GROUP_SIZE);
  }
  if (mode === "character") return [cast.find((a) => a.id === actorId) ?? cast[0] ?? null];
  return [null];
}

/** The scene the prompt shows: ink's text of the current turn and its tags. */
function sceneOf(rows: MessageRow[], saved: MessageRow | undefined): { lines: string[]; tags: ReturnType<typeof sceneTags> } {
  const state = saved?.state as SavedTurn | undefined;
  if (state?.scene) return { lines: state.scene, tags: sceneTags(state.tags ?? []) };
  // Threads saved before scenes were kept: the script's lines up to the saved row.
  const end = saved ? rows.findIndex((r) => r.id === saved.id) : -1;
  const lines: string[] = [];
  for (let i = end; i >= 0 && rows[i]!.role === "narrator" && rows[i]!.source !== "model"; i--) lines.unshift(rows[i]!.content);
  return { lines, tags: {} };
}

const asLine = (r: MessageRow): PromptLine => ({ role: r.role === "user" ? "user" : r.role === "actor" ? "actor" : "narrator", actorId: r.actorId, content: r.content });

/** The chat engine: turns with and without a language model, regenerate, edit and select. */
export class ChatEngine {
  constructor(private readonly deps: EngineDeps) {}

  /** Whether typed messages are answered. */
  get freeText(): boolean {
    return this.deps.model !== null;
  }

  private leaseMs(): number {
    return this.deps.config.LLM_REPLY_TIMEOUT_MS + this.deps.config.LLM_FIRST_TOKEN_TIMEOUT_MS * (this.deps.config.LLM_RETRIES + 1) + 10_000;
  }

  private async lease(userId: number, storyId: string): Promise<ChatLease> {
    return takeChatLease(this.deps.db, userId, storyId, this.leaseMs());
  }

  private async cost(): Promise<number> {
    return (await getSysconfig(this.deps.db)).chat_cost_per_reply;
  }

  /** Counts one model call against the caller's per-minute limit (shared by every API instance). */
  private async rateLimit(userId: number): Promise<void> {
    await hitRateLimit(this.deps.db, `llm:user:${userId}`, this.deps.config.LLM_RATE_PER_MINUTE, 60, "Too many replies in a minute; wait a moment");
  }

  private async needCoins(userId: number, cost: number): Promise<void> {
    const balance = await balanceOf(this.deps.db, userId);
    if (cost > 0 && balance < cost) throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance, needed: cost });
  }

  /** Plays one turn of `message.send`: start, restart, a choice, or typed words. */
  async send(userId: number, input: ChatTarget & { content?: string; choice?: number; choiceOf?: string; restart?: boolean }, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    await loadStory(db, input.storyId, input.actorId);
    if (input.content !== undefined) {
      if (!this.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
      return this.typed(userId, input, input.content, ch);
    }
    if (input.choice === undefined && !input.restart && (await latestSaved(db, userId, input.storyId))) {
      // Opening a chat that already started writes nothing.
      return { messages: [], coins: await balanceOf(db, userId), ended: false, messageId: null };
    }
    const lease = await this.lease(userId, input.storyId);
    try {
      const cost = await this.cost();
      const mode = modeOf(input);
      const { cast } = await loadStory(db, input.storyId, input.actorId);
      // With a model, the character answers the choice in persona before the script's next lines.
      let speaker: { actorId: string | null } | undefined;
      if (this.deps.model && input.choice !== undefined) {
        const who = speakersFor(mode === "group" ? "character" : mode, cast, input.actorId, "")[0];
        speaker = { actorId: who?.id ?? null };
      }
      const turn = await playScripted(db, userId, input, { cost, speaker });
      ch.open();
      let rows = turn.rows;
      if (turn.placeholder) {
        const filled = await this.speakAfterChoice(userId, input.storyId, turn.placeholder, turn.picked ?? "", ch);
        rows = filled ? rows.map((r) => (r.id === filled.id ? filled : r)) : rows.filter((r) => r.id !== turn.placeholder!.id);
      }
      const saved = rows.findLast((r) => r.state !== null);
      if (saved && input.choice !== undefined) ch.choices((saved.state as SavedTurn).ended ? [] : (saved.state as SavedTurn).choices);
      return { messages: present(rows), coins: await balanceOf(db, userId), ended: turn.ended, messageId: rows.at(-1) ? String(rows.at(-1)!.id) : null };
    } finally {
      await lease.release();
    }
  }

  /** The character's words after a scripted choice (free: the choice paid for the turn); null when none came. */
  private async speakAfterChoice(userId: number, storyId: string, placeholder: MessageRow, picked: string, ch: TurnChannel): Promise<MessageRow | null> {
    const { db } = this.deps;
    try {
      await this.rateLimit(userId);
    } catch {
      await db.delete(chatMessages).where(eq(chatMessages.id, placeholder.id));
      return null;
    }
    const reply = await this.generate(userId, storyId, placeholder, { offerChoices: false, afterChoice: picked }, ch).catch(() => null);
    if (!reply || !reply.text) {
      await db.delete(chatMessages).where(eq(chatMessages.id, placeholder.id));
      return null;
    }
    const [row] = await db
      .update(chatMessages)
      .set({ content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, pending: false })
      .where(eq(chatMessages.id, placeholder.id))
      .returning();
    return row ?? null;
  }

  /** Streams one reply for the pending row `row` (prompt from the thread before it). */
  private async generate(
    userId: number,
    storyId: string,
    row: MessageRow,
    opts: { offerChoices: boolean; afterChoice?: string; group?: boolean },
    ch: TurnChannel,
  ) {
    const { db, config, model } = this.deps;
    const { story, cast } = await loadStory(db, storyId);
    const rows = (await threadRows(db, userId, storyId, 200)).filter((r) => r.id < row.id && !r.pending);
    const saved = [...rows].reverse().find((r) => r.state !== null);
    const state = saved?.state as SavedTurn | undefined;
    const speaker = row.actorId ? cast.find((a) => a.id === row.actorId) : undefined;
    const prompt = buildPrompt({
      title: story.title,
      speaker: speaker ? persona(speaker) : null,
      cast: cast.map(persona),
      group: Boolean(opts.group),
      scene: sceneOf(rows, saved),
      choices: state && !state.ended ? state.choices : [],
      offerChoices: opts.offerChoices && Boolean(state && !state.ended),
      history: rows.map(asLine),
      afterChoice: opts.afterChoice,
      budget: config.LLM_CONTEXT_TOKENS - config.LLM_MAX_OUTPUT_TOKENS,
    });
    ch.start(row.actorId ? "actor" : "narrator", row.actorId);
    const reply = await model!.stream({ messages: prompt.messages, tools: prompt.tools, signal: ch.signal }, { text: ch.delta, reasoning: ch.reasoning });
    return { ...reply, text: reply.text.trim(), reasoning: reply.reasoning.trim(), saved, state };
  }

  /** Typed words: stored, then answered by the character (or several, in a group scene). */
  private async typed(userId: number, target: ChatTarget, content: string, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    const cost = await this.cost();
    await this.needCoins(userId, cost);
    const lease = await this.lease(userId, target.storyId);
    try {
      await this.rateLimit(userId);
      if (!(await latestSaved(db, userId, target.storyId))) throw new ApiError("CONFLICT", "This story has not started yet; open it to begin");
      const said = await insertMessage(db, { userId, storyId: target.storyId, actorId: null, role: "user", content, source: "typed" });
      return await this.answer(userId, target, said, cost, ch, lease, true);
    } finally {
      await lease.release();
    }
  }

  /**
   * Answers the player's message `said`: each speaker's reply streams into a reserved row, is stored
   * with its price in one transaction (key per reply), and may take one of the open choices through
   * the choice tool. A stopped reply keeps its text; one without text is dropped and costs nothing.
   */
  private async answer(userId: number, target: ChatTarget, said: MessageRow, cost: number, ch: TurnChannel, lease: ChatLease, rateCounted: boolean): Promise<TurnResult> {
    const { db } = this.deps;
    const mode = modeOf(target);
    const { cast } = await loadStory(db, target.storyId, target.actorId);
    const speakers = speakersFor(mode, cast, target.actorId, said.content);
    const written: MessageRow[] = [said];
    ch.open();
    for (const [i, who] of speakers.entries()) {
      if (i > 0) {
        // The next character speaks only if the player can pay for it and is within the limit.
        if (ch.signal.aborted || (cost > 0 && (await balanceOf(db, userId)) < cost)) break;
        try {
          await this.rateLimit(userId);
        } catch {
          break;
        }
        await lease.renew();
      } else if (!rateCounted) await this.rateLimit(userId);
      const slot = await insertMessage(db, { userId, storyId: target.storyId, actorId: who?.id ?? null, role: who ? "actor" : "narrator", content: "", source: "model", pending: true });
      let reply: Awaited<ReturnType<ChatEngine["generate"]>>;
      try {
        reply = await this.generate(userId, target.storyId, slot, { offerChoices: i === 0, group: mode === "group" }, ch);
      } catch (err) {
        await db.delete(chatMessages).where(eq(chatMessages.id, slot.id));
        if (i > 0) break; // the first character answered; the scene just ends here
        throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
      }
      if (!reply.text) {
        await db.delete(chatMessages).where(eq(chatMessages.id, slot.id));
        if (reply.stopped || i > 0) break;
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      const stored = await this.store(userId, target.storyId, slot, reply, cost, reply.toolCall && !reply.stopped ? reply.toolCall : null);
      written.push(...stored.rows);
      if (stored.advanced) ch.choices(stored.advanced.ended ? [] : stored.advanced.choices);
      if (reply.stopped || stored.advanced) break;
    }
    const thread = await threadRows(db, userId, target.storyId, 50);
    const ids = new Set(written.map((w) => w.id));
    const rows = thread.filter((r) => ids.has(r.id));
    const saved = [...thread].reverse().find((r) => r.state !== null);
    return {
      messages: present(rows, rows),
      coins: await balanceOf(db, userId),
      ended: Boolean((saved?.state as SavedTurn | undefined)?.ended),
      messageId: String(rows.at(-1)?.id ?? said.id),
    };
  }

  /**
   * Stores a finished or stopped reply and takes its price in one transaction (idempotency key per
   * reply). A valid choice tool call advances the script in the same transaction: the narration
   * follows the reply. An invalid index advances nothing.
   */
  private async store(
    userId: number,
    storyId: string,
    slot: MessageRow,
    reply: { text: string; reasoning: string; stopped: boolean; saved?: MessageRow },
    cost: number,
    toolCall: { name: string; arguments: string } | null,
  ): Promise<{ rows: MessageRow[]; advanced: SavedTurn | null }> {
    const { db } = this.deps;
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [row] = await tx
        .update(chatMessages)
        .set({ content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, pending: false })
        .where(eq(chatMessages.id, slot.id))
        .returning();
      if (cost > 0) {
        await applyLedger(tx, { userId, amount: -cost, reason: "chat", idempotencyKey: `chat:reply:${slot.id}:0`, meta: { story_id: storyId, message_id: slot.id } }).catch((err: unknown) => {
          // Coins spent elsewhere while the reply was written: the player has the reply, uncharged.
          if (!(err instanceof ApiError && err.code === "INSUFFICIENT_COINS")) throw err;
        });
      }
      const rows = [row!];
      let advanced: SavedTurn | null = null;
      const index = toolCall?.name === CHOICE_TOOL ? parseChoice(toolCall.arguments) : null;
      const saved = await latestSaved(tx, userId, storyId);
      const state = saved?.state as SavedTurn | undefined;
      // The script advances only from the state the reply was written against, along an open choice.
      if (index !== null && saved && state && !state.ended && saved.id === reply.saved?.id && state.choices.some((c) => c.index === index)) {
        const { story } = await loadStory(tx, storyId);
        const turn = chooseInk(story.script, state.ink, index);
        if (turn) {
          rows.push(...(await tellInk(tx, userId, storyId, turn)));
          advanced = { ink: turn.state, choices: turn.choices, ended: turn.ended };
        }
      }
      return { rows, advanced };
    });
  }

  /** `message.regenerate`: a new alternative of the last model reply (the earlier ones are kept). */
  async regenerate(userId: number, target: ChatTarget, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    await loadStory(db, target.storyId, target.actorId);
    if (!this.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
    const cost = await this.cost();
    await this.needCoins(userId, cost);
    const lease = await this.lease(userId, target.storyId);
    try {
      const rows = (await threadRows(db, userId, target.storyId)).filter((r) => !r.pending);
      const last = lastModelReply(rows);
      const lastRow = rows.at(-1);
      if (!last) {
        // The player's message got no answer (the model failed): answer it now.
        if (lastRow?.role === "user" && lastRow.source === "typed") {
          await this.rateLimit(userId);
          return await this.answer(userId, target, lastRow, cost, ch, lease, true);
        }
        throw new ApiError("CONFLICT", "There is no reply to regenerate");
      }
      const alts = (last.alternatives as Alternative[] | null) ?? [{ content: last.content, reasoning: last.reasoning, stopped: last.stopped }];
      if (alts.length >= MAX_ALTERNATIVES) throw new ApiError("CONFLICT", `A reply keeps at most ${MAX_ALTERNATIVES} alternatives`);
      await this.rateLimit(userId);
      ch.open();
      let reply;
      try {
        reply = await this.generate(userId, target.storyId, last, { offerChoices: false, group: modeOf(target) === "group" }, ch);
      } catch (err) {
        throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
      }
      if (!reply.text) {
        if (reply.stopped) return { messages: [], coins: await balanceOf(db, userId), ended: false, messageId: null };
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const next = [...alts, { content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped }];
        const [updated] = await tx
          .update(chatMessages)
          .set({ content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, alternatives: next, altIndex: next.length - 1 })
          .where(eq(chatMessages.id, last.id))
          .returning();
        if (cost > 0) {
          await applyLedger(tx, { userId, amount: -cost, reason: "chat", idempotencyKey: `chat:reply:${last.id}:${next.length - 1}`, meta: { story_id: target.storyId, message_id: last.id } });
        }
        return updated!;
      });
      const saved = await latestSaved(db, userId, target.storyId);
      return { messages: present([row], [row]), coins: await balanceOf(db, userId), ended: Boolean((saved?.state as SavedTurn | undefined)?.ended), messageId: String(row.id) };
    } finally {
      await lease.release();
    }
  }

  /** `message.edit`: new words for the player's last typed message; what followed it is dropped and answered anew. */
  async edit(userId: number, target: ChatTarget & { messageId: string; content: string }, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    await loadStory(db, target.storyId, target.actorId);
    if (!this.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
    const cost = await this.cost();
    await this.needCoins(userId, cost);
    const lease = await this.lease(userId, target.storyId);
    try {
      const id = Number(target.messageId);
      const said = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [row] = await tx.select().from(chatMessages).where(and(eq(chatMessages.id, id), eq(chatMessages.userId, userId), eq(chatMessages.storyId, target.storyId)));
        if (!row) throw notFound(`No message ${target.messageId} in this chat`);
        const [later] = await tx
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, target.storyId), eq(chatMessages.role, "user"), gt(chatMessages.id, id)))
          .limit(1);
        if (row.role !== "user" || later) throw new ApiError("CONFLICT", "Only your last message can be edited");
        if (row.source !== "typed") throw new ApiError("CONFLICT", "A choice cannot be edited; restart the story to choose again");
        await tx.delete(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, target.storyId), gt(chatMessages.id, id)));
        const [updated] = await tx.update(chatMessages).set({ content: target.content }).where(eq(chatMessages.id, id)).returning();
        return updated!;
      });
      await this.rateLimit(userId);
      return await this.answer(userId, target, said, cost, ch, lease, true);
    } finally {
      await lease.release();
    }
  }

  /** `message.select`: shows another alternative of the last model reply (free). */
  async select(userId: number, input: { storyId: string; messageId: string; index: number }): Promise<{ message: ChatMessage }> {
    const { db } = this.deps;
    await loadStory(db, input.storyId);
    const lease = await this.lease(userId, input.storyId);
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
}

/** The choice index of a tool call's JSON arguments; null when they name none. */
function parseChoice(args: string): number | null {
  try {
    const v = (JSON.parse(args || "{}") as { index?: unknown }).index;
    const n = typeof v === "string" ? Number(v) : v;
    return typeof n === "number" && Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}
