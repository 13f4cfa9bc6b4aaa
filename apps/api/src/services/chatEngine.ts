import { eq, sql, type SQL } from "drizzle-orm";
import type { ChatMessage } from "@storyloom/contract";
import { chatMessages, executePrepared, rowsOf } from "@storyloom/db";
import { ApiError } from "../errors";
import { ModelError } from "../llm/client";
import { buildPrompt, CHOICE_TOOL, type PromptLine } from "../llm/prompt";
import { chooseInk } from "./ink";
import { applyLedger, LEDGER_COLUMNS, ledgerCtes, ledgerOutcome, type LedgerChange, type LedgerRow } from "./ledger";
import { hitRateLimit } from "./rateLimit";
import { getSysconfig } from "./sysconfig";
import { takeChatLease, takeChatLeaseCounted, type ChatLease, type LeaseCaller, type LeaseStatementPart } from "./chatLease";
import { edit, regenerate, select } from "./chatRevise";
import {
  asLine,
  FREE_TEXT_NEEDS_MODEL,
  modeOf,
  parseChoice,
  persona,
  sceneOf,
  speakersFor,
  type ChatTarget,
  type EngineDeps,
  type TurnChannel,
  type TurnResult,
} from "./chatTurn";

export type { ChatMode, ChatTarget, EngineDeps, TurnChannel, TurnResult } from "./chatTurn";
import {
  balanceOf,
  insertMessages,
  openTurnSql,
  latestSaved,
  loadStory,
  lockUser,
  playScripted,
  present,
  tellInk,
  threadRows,
  type MessageRow,
  type SavedTurn,
} from "./chat";

const RATE_MESSAGE = "Too many replies in a minute; wait a moment";

/** The chat engine: turns with and without a language model, regenerate, edit and select. */
export class ChatEngine {
  constructor(readonly deps: EngineDeps) {}

  /** Whether typed messages are answered. */
  get freeText(): boolean {
    return this.deps.model !== null;
  }

  private leaseMs(): number {
    return this.deps.config.LLM_REPLY_TIMEOUT_MS + this.deps.config.LLM_FIRST_TOKEN_TIMEOUT_MS * (this.deps.config.LLM_RETRIES + 1) + 10_000;
  }

  /** @internal used by the revisions (chatRevise.ts) */
  async lease(userId: number, storyId: string): Promise<ChatLease> {
    return takeChatLease(this.deps.db, userId, storyId, this.leaseMs());
  }

  /**
   * The lease of a chat taken with one model call counted against the caller's limit, the caller
   * checked first, in one statement with `also` (see takeChatLeaseCounted).
   */
  private leaseCounted<Row extends object>(userId: number, storyId: string, caller: LeaseCaller, also?: LeaseStatementPart) {
    const rate = { key: `llm:user:${userId}`, limit: this.deps.config.LLM_RATE_PER_MINUTE, windowS: 60, message: RATE_MESSAGE };
    return takeChatLeaseCounted<Row>(this.deps.db, userId, storyId, this.leaseMs(), rate, caller, also);
  }

  /** @internal used by the revisions (chatRevise.ts) */
  async cost(): Promise<number> {
    return (await getSysconfig(this.deps.db)).chat_cost_per_reply;
  }

  /** Counts one model call against the caller's per-minute limit (shared by every API instance). */
  /** @internal used by the revisions (chatRevise.ts) */
  async rateLimit(userId: number): Promise<void> {
    await hitRateLimit(this.deps.db, `llm:user:${userId}`, this.deps.config.LLM_RATE_PER_MINUTE, 60, RATE_MESSAGE);
  }

  /** @internal used by the revisions (chatRevise.ts) */
  async needCoins(userId: number, cost: number, known?: number): Promise<number> {
    const balance = known ?? (await balanceOf(this.deps.db, userId));
    if (cost > 0 && balance < cost) throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance, needed: cost });
    return balance;
  }

  /** Plays one scripted turn of `message.send`: start, restart or a choice (typed words: {@link sendTyped}). */
  async send(userId: number, input: ChatTarget & { choice?: number; choiceOf?: string; restart?: boolean }, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    await loadStory(db, input.storyId, input.actorId);
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
      return { messages: present(rows), coins: turn.coins, ended: turn.ended, messageId: rows.at(-1) ? String(rows.at(-1)!.id) : null };
    } finally {
      await lease.release();
    }
  }

  /** The character's words after a scripted choice (free: the choice paid for the turn); null when none came. */
  private async speakAfterChoice(userId: number, storyId: string, placeholder: MessageRow, picked: string, ch: TurnChannel): Promise<MessageRow | null> {
    const { db } = this.deps;
    const drop = async () => {
      await db.delete(chatMessages).where(eq(chatMessages.id, placeholder.id));
      return null;
    };
    try {
      await this.rateLimit(userId);
    } catch {
      return drop();
    }
    const rows = (await threadRows(db, userId, storyId, 80)).filter((r) => r.id < placeholder.id && !r.pending);
    const saved = [...rows].reverse().find((r) => r.state !== null);
    const reply = await this.generate(storyId, placeholder.actorId, rows.map(asLine), rows, saved, { offerChoices: false, afterChoice: picked }, ch).catch(() => null);
    if (!reply || !reply.text) return drop();
    const [row] = await db
      .update(chatMessages)
      .set({ content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, pending: false })
      .where(eq(chatMessages.id, placeholder.id))
      .returning();
    return row ?? null;
  }

  /** Streams one reply of `speakerId` (null = the narrator) after the thread `rows`, which stands in state `saved`. */
  /** @internal used by the revisions (chatRevise.ts) */
  async generate(
    storyId: string,
    speakerId: string | null,
    history: PromptLine[],
    rows: MessageRow[],
    saved: MessageRow | undefined,
    opts: { offerChoices: boolean; afterChoice?: string; group?: boolean },
    ch: TurnChannel,
  ) {
    const { config, model } = this.deps;
    const { story, cast } = await loadStory(this.deps.db, storyId);
    const state = saved?.state as SavedTurn | undefined;
    const speaker = speakerId ? cast.find((a) => a.id === speakerId) : undefined;
    const prompt = buildPrompt({
      title: story.title,
      speaker: speaker ? persona(speaker) : null,
      cast: cast.map(persona),
      group: Boolean(opts.group),
      scene: sceneOf(rows, saved, cast),
      choices: state && !state.ended ? state.choices : [],
      offerChoices: opts.offerChoices && Boolean(state && !state.ended),
      history,
      afterChoice: opts.afterChoice,
      budget: config.LLM_CONTEXT_TOKENS - config.LLM_MAX_OUTPUT_TOKENS,
    });
    ch.start(speakerId ? "actor" : "narrator", speakerId);
    const reply = await model!.stream({ messages: prompt.messages, tools: prompt.tools, signal: ch.signal }, { text: ch.delta, reasoning: ch.reasoning });
    return { ...reply, text: reply.text.trim(), reasoning: reply.reasoning.trim() };
  }

  /**
   * Typed words of `message.send`, from a caller whose session is not checked yet (see CallerCheck):
   * stored, then answered by the character (or several, in a group scene). Refused without a model.
   */
  async sendTyped(caller: { userId: number; liveSql: SQL; confirmed(): void }, target: ChatTarget, content: string, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    const { cast } = await loadStory(db, target.storyId, target.actorId);
    if (!this.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
    const userId = caller.userId;
    const cost = await this.cost();
    // One statement checks the session and the balance first, then counts the model call against
    // the rate limit, takes the lease, reads the thread and writes the player's words with the
    // reply's row: the model is called after one round trip (a refused attempt still counts against
    // the rate limit, and writes nothing else).
    const first = speakersFor(modeOf(target), cast, target.actorId, content)[0];
    const open = openTurnSql(userId, target.storyId, content, { actorId: first?.id ?? null, role: first ? "actor" : "narrator" });
    const { lease, row, balance } = await this.leaseCounted<Parameters<typeof open.read>[0]>(userId, target.storyId, { liveSql: caller.liveSql, cost }, open).then(
      (out) => (caller.confirmed(), out),
      (err: unknown) => {
        // A refusal of the statement's own (401 first, then 402, 409, 429) comes from the checked session.
        if (err instanceof ApiError) caller.confirmed();
        throw err;
      },
    );
    try {
      const { thread, inserted } = open.read(row);
      if (!thread.saved || !inserted) throw new ApiError("CONFLICT", "This story has not started yet; open it to begin");
      return await this.answer(userId, target, { content }, thread, { cost, balance }, ch, lease, inserted);
    } finally {
      await lease.release();
    }
  }

  /**
   * Answers the player's message: `said` is a stored message (edit, regenerate after a failure) or
   * new words, stored while the model starts. Each speaker's reply streams, then is stored with its
   * price in one transaction (key per reply) and may take one of the open choices through the choice
   * tool. A stopped reply keeps its text; one without text is dropped and costs nothing. The caller
   * holds the lease and counted the first model call against the rate limit.
   */
  /** @internal used by the revisions (chatRevise.ts) */
  async answer(
    userId: number,
    target: ChatTarget,
    said: MessageRow | { content: string },
    thread: { rows: MessageRow[]; saved: MessageRow | undefined },
    money: { cost: number; balance: number },
    ch: TurnChannel,
    lease: ChatLease,
    /** the player's words and the first reply's row, when the caller wrote them already */
    opened?: MessageRow[],
  ): Promise<TurnResult> {
    const { db } = this.deps;
    const mode = modeOf(target);
    const { cast } = await loadStory(db, target.storyId, target.actorId);
    const speakers = speakersFor(mode, cast, target.actorId, said.content);
    let balance = money.balance;
    let saved = thread.saved;
    const history: PromptLine[] = [...thread.rows.map(asLine), { role: "user", actorId: null, content: said.content }];
    const written: MessageRow[] = [];
    let advanced: SavedTurn | null = null;
    ch.open();
    for (const [i, who] of speakers.entries()) {
      const actorId = who?.id ?? null;
      const slotValues = { userId, storyId: target.storyId, actorId, role: who ? "actor" : "narrator", content: "", source: "model", pending: true };
      let rowsToInsert: (typeof chatMessages.$inferInsert)[];
      if (i === 0 && !("id" in said)) {
        // The player's words and the reply's row.
        rowsToInsert = [{ userId, storyId: target.storyId, actorId: null, role: "user", content: said.content, source: "typed" }, slotValues];
      } else {
        if (i > 0) {
          // The next character speaks only if the player can pay for it and is within the limit.
          if (ch.signal.aborted || (money.cost > 0 && balance < money.cost)) break;
          try {
            await this.rateLimit(userId);
          } catch {
            break;
          }
          await lease.renew();
        }
        rowsToInsert = [slotValues];
      }
      // Rows the caller did not write with its lease are written once the first token is on its way
      // to the player (or once the model ended without one): nothing before the first token waits
      // for them. The lease keeps every other writer out of the chat meanwhile, so the ids still
      // follow the thread's order.
      let inserting: Promise<MessageRow[]> | undefined = i === 0 && opened ? Promise.resolve(opened) : undefined;
      const insert = () => {
        if (!inserting) {
          inserting = insertMessages(db, rowsToInsert);
          inserting.catch(() => undefined); // awaited below; a failure there is reported there
        }
        return inserting;
      };
      const sink: TurnChannel = {
        signal: ch.signal,
        open: () => ch.open(),
        start: (role, id) => ch.start(role, id),
        delta: (text) => (ch.delta(text), void insert()),
        reasoning: (text) => (ch.reasoning(text), void insert()),
        choices: (choices) => ch.choices(choices),
      };
      const generating = this.generate(target.storyId, actorId, history, thread.rows, saved, { offerChoices: i === 0, group: mode === "group" }, sink);
      const outcome = await Promise.allSettled([generating.then(insert, insert), generating]);
      if (outcome[0].status === "rejected") throw outcome[0].reason;
      const inserted = outcome[0].value;
      if (inserted.length === 2) written.push(inserted[0]!);
      const slot = inserted.at(-1)!;
      const dropSlot = () => db.delete(chatMessages).where(eq(chatMessages.id, slot.id));
      if (outcome[1].status === "rejected") {
        await dropSlot();
        if (i > 0) break; // the first character answered; the scene just ends here
        const err: unknown = outcome[1].reason;
        throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
      }
      const reply = outcome[1].value;
      if (!reply.text) {
        await dropSlot();
        if (reply.stopped || i > 0) break;
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      // The last speaker's store is the turn's last write: it releases the lease too.
      const last = i === speakers.length - 1 ? lease : undefined;
      const stored = await this.store(userId, target.storyId, slot, reply, money.cost, saved, reply.toolCall && !reply.stopped ? reply.toolCall : null, last);
      if (stored.balance !== null) balance = stored.balance;
      written.push(...stored.rows);
      history.push(asLine(stored.rows[0]!));
      if (stored.advanced) {
        advanced = stored.advanced;
        saved = stored.rows.at(-1);
        ch.choices(advanced.ended ? [] : advanced.choices);
      }
      if (reply.stopped || stored.advanced) break;
    }
    const said0 = "id" in said ? [said] : [];
    const rows = [...said0, ...written];
    return {
      messages: present(rows, rows),
      coins: balance,
      ended: Boolean(advanced?.ended ?? (saved?.state as SavedTurn | undefined)?.ended),
      messageId: rows.at(-1) ? String(rows.at(-1)!.id) : null,
    };
  }

  /**
   * Stores a finished or stopped reply and takes its price in one transaction (idempotency key per
   * reply). A valid choice tool call advances the script in the same transaction: the narration
   * follows the reply. An invalid index advances nothing. A plain reply is stored, charged and (with
   * `release`) its lease released in one statement.
   */
  private async store(
    userId: number,
    storyId: string,
    slot: MessageRow,
    reply: { text: string; reasoning: string; stopped: boolean },
    cost: number,
    against: MessageRow | undefined,
    toolCall: { name: string; arguments: string } | null,
    release?: ChatLease,
  ): Promise<{ rows: MessageRow[]; advanced: SavedTurn | null; balance: number | null }> {
    const { db } = this.deps;
    const index = toolCall?.name === CHOICE_TOOL ? parseChoice(toolCall.arguments) : null;
    const charge: LedgerChange | null =
      cost > 0 ? { userId, amount: -cost, reason: "chat", idempotencyKey: `chat:reply:${slot.id}:0`, meta: { story_id: storyId, message_id: slot.id } } : null;
    // Coins spent elsewhere while the reply was written: the player has the reply, uncharged.
    const settle = (outcome: Promise<{ balance: number }>) =>
      outcome.then(
        (r) => r.balance,
        (err: unknown) => {
          if (err instanceof ApiError && err.code === "INSUFFICIENT_COINS") return null;
          throw err;
        },
      );
    const content = { content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, pending: false };
    if (index === null) {
      const ctes: SQL[] = [sql`reply as (update chat_messages set content = ${content.content}, reasoning = ${content.reasoning}, stopped = ${content.stopped}, pending = false where id = ${slot.id} returning id)`];
      if (charge) ctes.push(ledgerCtes(charge, sql`exists (select 1 from reply)`));
      if (release) ctes.push(sql`lease as (${release.releaseSql})`);
      const [out] = rowsOf<LedgerRow & { stored: unknown }>(
        await executePrepared(db, sql`with ${sql.join(ctes, sql`, `)} select (select count(*) from reply)::int as stored${charge ? sql`, ${LEDGER_COLUMNS}` : sql``}`),
      );
      release?.released();
      if (Number(out?.stored) !== 1) throw new ApiError("CONFLICT", "This reply was removed while it was written");
      return { rows: [{ ...slot, ...content }], advanced: null, balance: charge ? await settle(ledgerOutcome(db, charge, out)) : null };
    }
    return db.transaction(async (tx) => {
      // Advancing the script reads the state: serialise with the user's other turns first.
      await lockUser(tx, userId);
      const [row] = await tx.update(chatMessages).set(content).where(eq(chatMessages.id, slot.id)).returning();
      if (!row) throw new ApiError("CONFLICT", "This reply was removed while it was written");
      const balance = charge ? await settle(applyLedger(tx, charge)) : null;
      const rows = [row];
      let advanced: SavedTurn | null = null;
      const saved = await latestSaved(tx, userId, storyId);
      const state = saved?.state as SavedTurn | undefined;
      // The script advances only from the state the reply was written against, along an open choice.
      if (saved && state && !state.ended && saved.id === against?.id && state.choices.some((c) => c.index === index)) {
        const { story, cast } = await loadStory(tx, storyId);
        const turn = chooseInk(story.script, state.ink, index);
        if (turn) {
          rows.push(...(await tellInk(tx, userId, storyId, turn, cast)));
          advanced = { ink: turn.state, choices: turn.choices, ended: turn.ended };
        }
      }
      return { rows, advanced, balance };
    });
  }

  /** `message.regenerate`: a new alternative of the last model reply (the earlier ones are kept). */
  regenerate(userId: number, target: ChatTarget, ch: TurnChannel): Promise<TurnResult> {
    return regenerate(this, userId, target, ch);
  }

  /** `message.edit`: new words for the player's last typed message, answered anew. */
  edit(userId: number, target: ChatTarget & { messageId: string; content: string }, ch: TurnChannel): Promise<TurnResult> {
    return edit(this, userId, target, ch);
  }

  /** `message.select`: shows another alternative of the last model reply (free). */
  select(userId: number, input: { storyId: string; messageId: string; index: number }): Promise<{ message: ChatMessage }> {
    return select(this, userId, input);
  }
}
