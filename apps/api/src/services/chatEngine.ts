import { randomUUID } from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import type { ChatMessage, PromptRecord } from "@storyloom/contract";
import { chatMessages, executePrepared, rowsOf } from "@storyloom/db";
import { ApiError, unauthorized } from "../errors";
import { ModelError } from "../llm/client";
import { chatReplyTokens } from "../metrics/metrics";
import { messageScreen, type MessageScreen } from "../moderation/messages";
import { buildPrompt, CHOICE_TOOL, type PromptLine } from "../llm/prompt";
import { compileLorebook } from "../llm/lore";
import { promptRecordCte, savePromptRecord } from "./promptRecords";
import { MemoryKeeper, memoryBefore, readMemory } from "./chatMemory";
import { chooseInk } from "./ink";
import { applyLedger, LEDGER_COLUMNS, ledgerCtes, ledgerOutcome, type LedgerChange, type LedgerRow } from "./ledger";
import { getSysconfig } from "./sysconfig";
import { assertModelBudget, meteredStream } from "./modelBudget";
import { countPlayerActivity, playerActivityCtes } from "./activity";
import { hitRateLimits, takeChatLease, takeChatLeaseCounted, type ChatLease, type LeaseCaller, type LeaseRateLimit, type LeaseStatementPart } from "./chatLease";
import { edit, regenerate, select } from "./chatRevise";
import { continueReply } from "./chatContinue";
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
const RATE_IP_MESSAGE = "Too many replies from your network in a minute; wait a moment";
const guestDayMessage = (n: number) => `Guests get ${n} replies a day; sign in to keep chatting`;

/**
 * Coins held for one model reply, taken from the balance before the model is asked: kept once the
 * reply is stored, given back (once: its own idempotency key) when no reply is.
 */
export interface Hold {
  userId: number;
  key: string;
  cost: number;
  meta: Record<string, unknown>;
}

/** The ledger key of a new hold (one per model call). */
const holdKey = () => `chat:hold:${randomUUID()}`;

/**
 * An edit's part of the store of its first reply (when `onlyIf` holds): the player's message gets its
 * new words, and what followed it before that reply is dropped.
 */
const supersedeCtes = (userId: number, storyId: string, edit: { said: MessageRow; content: string }, slot: MessageRow, onlyIf: SQL = sql`true`): SQL[] => [
  sql`edit_said as (update chat_messages set content = ${edit.content} where id = ${edit.said.id} and ${onlyIf} returning id)`,
  sql`edit_drop as (delete from chat_messages where user_id = ${userId} and story_id = ${storyId} and id > ${edit.said.id} and id < ${slot.id} and not parked and ${onlyIf} returning id)`,
];

/** The chat engine: turns with and without a language model, regenerate, edit and select. */
export class ChatEngine {
  /** the optional check of typed words (MODERATE_MESSAGES), null when off */
  private readonly screen: MessageScreen | null;
  /** the chats' rolling summaries, folded in the background once a turn has ended (chatMemory.ts) */
  readonly memory: MemoryKeeper;

  constructor(readonly deps: EngineDeps) {
    this.screen = messageScreen(deps.db, deps.config);
    this.memory = new MemoryKeeper(deps, deps.log);
  }

  /** Starts the memory fold a turn asked for once the turn has ended, however it ended. */
  private thenRemember<T>(userId: number, storyId: string, turn: Promise<T>): Promise<T> {
    return turn.finally(() => this.memory.start(userId, storyId));
  }

  /** Whether typed messages are answered. */
  get freeText(): boolean {
    return this.deps.model !== null;
  }

  /** A turn's lease lives this long unless its heartbeat renews it (see chatLease.ts). */
  private leaseMs(): number {
    return this.deps.config.CHAT_LEASE_TTL_MS;
  }

  /** @internal used by the revisions (chatRevise.ts) */
  async lease(userId: number, storyId: string): Promise<ChatLease> {
    return takeChatLease(this.deps.db, userId, storyId, this.leaseMs());
  }

  /**
   * The lease of a chat taken with one model call counted against the caller's limit, the caller
   * checked first, in one statement with `also` (see takeChatLeaseCounted).
   */
  private leaseCounted<Row extends object>(userId: number, storyId: string, address: string | undefined, caller: LeaseCaller, also?: LeaseStatementPart) {
    return takeChatLeaseCounted<Row>(this.deps.db, userId, storyId, this.leaseMs(), this.rates(userId, address), caller, also);
  }

  /**
   * The limits one model call counts against: the player's per minute, their address's per minute
   * (when known) and, for a guest, the replies of the day.
   */
  private rates(userId: number, address: string | undefined): LeaseRateLimit[] {
    const { config } = this.deps;
    const day = config.LLM_GUEST_REPLIES_PER_DAY;
    return [
      { key: `llm:user:${userId}`, limit: config.LLM_RATE_PER_MINUTE, windowS: 60, message: RATE_MESSAGE },
      ...(address ? [{ key: `llm:ip:${address}`, limit: config.LLM_RATE_PER_IP_PER_MINUTE, windowS: 60, message: RATE_IP_MESSAGE }] : []),
      {
        key: `llm:guest-day:${userId}`,
        limit: sql`(select case when is_guest then ${day}::int else 2147483647 end from users where id = ${userId})`,
        windowS: 86_400,
        message: guestDayMessage(day),
      },
    ];
  }

  /** @internal used by the revisions (chatRevise.ts) */
  async cost(): Promise<number> {
    return (await getSysconfig(this.deps.db)).chat_cost_per_reply;
  }

  /** Counts one model call against the caller's limits (see rates; shared by every API instance), in one statement. */
  /** @internal used by the revisions (chatRevise.ts) */
  async rateLimit(userId: number, address: string | undefined): Promise<void> {
    await hitRateLimits(this.deps.db, this.rates(userId, address));
  }

  /**
   * Takes the price of one reply from the balance before its model call (402 INSUFFICIENT_COINS
   * when the balance cannot cover it, taking nothing) and records it on the chat's `lease` in the
   * same statement, so a crash before the reply is stored gives it back (chatLease.ts, settleHold);
   * a free reply holds nothing.
   */
  /** @internal used by the revisions (chatRevise.ts) */
  async hold(userId: number, cost: number, meta: Record<string, unknown>, lease: ChatLease): Promise<{ hold: Hold | null; balance: number | null }> {
    if (cost <= 0) return { hold: null, balance: null };
    const hold: Hold = { userId, key: holdKey(), cost, meta };
    const change: LedgerChange = { userId, amount: -cost, reason: "chat", idempotencyKey: hold.key, meta };
    const [row] = rowsOf<LedgerRow>(
      await this.deps.db.execute(sql`with ${ledgerCtes(change)}, lease_hold as (${lease.holdSql(hold.key)} and exists (select 1 from ledger_entry)) select ${LEDGER_COLUMNS}`),
    );
    const { balance } = await ledgerOutcome(this.deps.db, change, row);
    return { hold, balance };
  }

  /** Gives a hold's coins back when its reply was not stored (once, however often it is called); the balance after. */
  /** @internal used by the revisions (chatRevise.ts) */
  async giveBack(hold: Hold | null): Promise<number | null> {
    if (!hold) return null;
    const r = await applyLedger(this.deps.db, { userId: hold.userId, amount: hold.cost, reason: "chat-refund", idempotencyKey: `${hold.key}:refund`, meta: hold.meta });
    return r.balance;
  }

  /** @internal used by the revisions (chatRevise.ts) */
  async needCoins(userId: number, cost: number, known?: number): Promise<number> {
    const balance = known ?? (await balanceOf(this.deps.db, userId));
    if (cost > 0 && balance < cost) throw new ApiError("INSUFFICIENT_COINS", "Not enough coins", { balance, needed: cost });
    return balance;
  }

  /** Plays one scripted turn of `message.send`: start, restart or a choice (typed words: {@link sendTyped}). */
  send(userId: number, input: ChatTarget & { choice?: number; choiceOf?: string; restart?: boolean }, ch: TurnChannel): Promise<TurnResult> {
    return this.thenRemember(userId, input.storyId, this.sendScripted(userId, input, ch));
  }

  private async sendScripted(userId: number, input: ChatTarget & { choice?: number; choiceOf?: string; restart?: boolean }, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    await loadStory(db, input.storyId, input.actorId, userId);
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
        const filled = await this.speakAfterChoice(userId, input, turn.placeholder, turn.picked ?? "", ch);
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
  private async speakAfterChoice(userId: number, target: ChatTarget, placeholder: MessageRow, picked: string, ch: TurnChannel): Promise<MessageRow | null> {
    const { db } = this.deps;
    const { storyId } = target;
    const drop = async () => {
      await db.delete(chatMessages).where(eq(chatMessages.id, placeholder.id));
      return null;
    };
    try {
      await this.rateLimit(userId, target.address);
    } catch {
      return drop();
    }
    const rows = (await threadRows(db, userId, storyId, 80)).filter((r) => r.id < placeholder.id && !r.pending);
    const saved = [...rows].reverse().find((r) => r.state !== null);
    const reply = await this.generate(storyId, placeholder.actorId, rows.map(asLine), rows, saved, { offerChoices: false, afterChoice: picked }, ch).catch(() => null);
    if (!reply || !reply.text) return drop();
    const [row] = await db
      .update(chatMessages)
      .set({ content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, pending: false, promptTokens: reply.usage.promptTokens, completionTokens: reply.usage.completionTokens })
      .where(eq(chatMessages.id, placeholder.id))
      .returning();
    if (row) await savePromptRecord(db, row.id, reply.prompt);
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
    opts: { offerChoices: boolean; afterChoice?: string; group?: boolean; continueReply?: boolean },
    ch: TurnChannel,
  ) {
    const { config, model } = this.deps;
    // `rows` is one player's thread: its owner's memory of the shown branch (summary, pinned facts) goes into the prompt.
    const owner = rows[0]?.userId;
    const [{ story, cast }, memory] = await Promise.all([loadStory(this.deps.db, storyId), owner === undefined ? undefined : readMemory(this.deps.db, owner, storyId)]);
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
      continueReply: opts.continueReply,
      budget: config.LLM_CONTEXT_TOKENS - config.LLM_MAX_OUTPUT_TOKENS,
      lorebook: compileLorebook(story.lorebook),
      memory: memory && memoryBefore(memory, rows),
    });
    // Older turns left out that the summary does not reach yet: fold them in once this turn ends.
    if (owner !== undefined && prompt.record.trimmed.summary_lines > 0) {
      const upto = history.slice(0, prompt.record.trimmed.turns).reduce((n, l) => Math.max(n, l.id ?? 0), 0);
      this.memory.ask(owner, storyId, upto, memory!.branch);
    }
    ch.start(speakerId ? "actor" : "narrator", speakerId);
    const reply = await meteredStream({ db: this.deps.db, config, model: model! }, { messages: prompt.messages, tools: prompt.tools, signal: ch.signal }, { text: ch.delta, reasoning: ch.reasoning });
    // A reply with words is stored (and charged), stopped or not: one sample each.
    if (reply.text.trim()) chatReplyTokens.observe(reply.usage.completionTokens);
    return { ...reply, text: reply.text.trim(), reasoning: reply.reasoning.trim(), prompt: prompt.record };
  }

  /**
   * Typed words of `message.send`, from a caller whose session is not checked yet (see CallerCheck):
   * stored, then answered by the character (or several, in a group scene). Refused without a model.
   */
  sendTyped(caller: { userId: number; liveSql: SQL; confirmed(): void }, target: ChatTarget, content: string, ch: TurnChannel): Promise<TurnResult> {
    return this.thenRemember(caller.userId, target.storyId, this.sendWords(caller, target, content, ch));
  }

  private async sendWords(caller: { userId: number; liveSql: SQL; confirmed(): void }, target: ChatTarget, content: string, ch: TurnChannel): Promise<TurnResult> {
    const { db } = this.deps;
    const { cast } = await loadStory(db, target.storyId, target.actorId, caller.userId);
    if (!this.deps.model) throw new ApiError("CONFLICT", FREE_TEXT_NEEDS_MODEL);
    // Past the day's token budget the player's words are refused before anything is written.
    await assertModelBudget(db, this.deps.config);
    const userId = caller.userId;
    if (this.screen) {
      // The words go to the moderation endpoint only from a live session, before any coin is held.
      if (!rowsOf(await db.execute(caller.liveSql)).length) throw unauthorized();
      caller.confirmed();
      await this.screen.check(userId, target.storyId, target.address, content);
    }
    const cost = await this.cost();
    // One statement checks the session and the balance first, then counts the model call against
    // the rate limits, takes the lease, holds the reply's price, reads the thread and writes the
    // player's words with the reply's row: the model is called after one round trip (a refused
    // attempt still counts against the rate limits, and writes nothing else).
    const first = speakersFor(modeOf(target), cast, target.actorId, content)[0];
    const open = openTurnSql(userId, target.storyId, content, { actorId: first?.id ?? null, role: first ? "actor" : "narrator" });
    const hold: Hold = { userId, key: holdKey(), cost, meta: { story_id: target.storyId } };
    const reserve = { key: hold.key, meta: hold.meta, ready: open.ready };
    const { lease, row, balance, reserved } = await this.leaseCounted<Parameters<typeof open.read>[0]>(userId, target.storyId, target.address, { liveSql: caller.liveSql, cost, reserve }, open).then(
      (out) => (caller.confirmed(), out),
      (err: unknown) => {
        // A refusal of the statement's own (401 first, then 402, 409, 429) comes from the checked session.
        if (err instanceof ApiError) caller.confirmed();
        throw err;
      },
    );
    try {
      const { thread, inserted } = open.read(row);
      const held = reserved ? hold : null;
      if (!thread.saved || !inserted) {
        await this.giveBack(held);
        throw new ApiError("CONFLICT", "This story has not started yet; open it to begin");
      }
      return await this.answer(userId, target, { content }, thread, { cost, balance, hold: held }, ch, lease, inserted);
    } finally {
      await lease.release();
    }
  }

  /**
   * Answers the player's message: `said` is a stored message (edit, regenerate after a failure) or
   * new words, stored while the model starts. Each speaker's price is held before its model call
   * (the first one's by the caller, `money.hold`); its reply streams, then is stored and may take
   * one of the open choices through the choice tool. A stopped reply keeps its text and its price;
   * one not stored (no text, a model failure) is dropped and its price given back. A further
   * character of a group scene speaks only within the limits and once its price is held. With
   * `edited` (new words for the stored `said`), the first reply's store writes them and drops what
   * followed `said`: until then the thread stays as it was. The caller holds the lease and counted
   * the first model call against the rate limits.
   */
  /** @internal used by the revisions (chatRevise.ts) */
  async answer(
    userId: number,
    target: ChatTarget,
    said: MessageRow | { content: string },
    thread: { rows: MessageRow[]; saved: MessageRow | undefined },
    money: { cost: number; balance: number; hold: Hold | null },
    ch: TurnChannel,
    lease: ChatLease,
    /** the player's words and the first reply's row, when the caller wrote them already */
    opened?: MessageRow[],
    /** new words for the stored `said` (edit), written with the first reply */
    edited?: string,
  ): Promise<TurnResult> {
    const { db } = this.deps;
    const mode = modeOf(target);
    const { cast } = await loadStory(db, target.storyId, target.actorId);
    const words = edited ?? said.content;
    const speakers = speakersFor(mode, cast, target.actorId, words);
    let balance = money.balance;
    let saved = thread.saved;
    let saidNow = said;
    const history: PromptLine[] = [...thread.rows.map(asLine), { role: "user", actorId: null, content: words }];
    const written: MessageRow[] = [];
    let advanced: SavedTurn | null = null;
    ch.open();
    for (const [i, who] of speakers.entries()) {
      const actorId = who?.id ?? null;
      const slotValues = { userId, storyId: target.storyId, actorId, role: who ? "actor" : "narrator", content: "", source: "model", pending: true };
      let rowsToInsert: (typeof chatMessages.$inferInsert)[];
      let hold = i === 0 ? money.hold : null;
      if (i === 0 && !("id" in said)) {
        // The player's words and the reply's row.
        rowsToInsert = [{ userId, storyId: target.storyId, actorId: null, role: "user", content: said.content, source: "typed" }, slotValues];
      } else {
        if (i > 0) {
          // The next character speaks only within the limits and once its price is held.
          if (ch.signal.aborted) break;
          try {
            await this.rateLimit(userId, target.address);
            const held = await this.hold(userId, money.cost, { story_id: target.storyId }, lease);
            hold = held.hold;
            if (held.balance !== null) balance = held.balance;
          } catch (err) {
            if (err instanceof ApiError) break;
            throw err;
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
      // Until the reply is stored, a failure gives its held price back.
      const refund = async () => {
        const after = await this.giveBack(hold);
        if (after !== null) balance = after;
      };
      const outcome = await Promise.allSettled([generating.then(insert, insert), generating]);
      if (outcome[0].status === "rejected") {
        await refund();
        throw outcome[0].reason;
      }
      const inserted = outcome[0].value;
      if (inserted.length === 2) written.push(inserted[0]!);
      const slot = inserted.at(-1)!;
      const dropSlot = () => db.delete(chatMessages).where(eq(chatMessages.id, slot.id));
      if (outcome[1].status === "rejected") {
        await dropSlot();
        await refund();
        if (i > 0) break; // the first character answered; the scene just ends here
        const err: unknown = outcome[1].reason;
        throw err instanceof ModelError ? new ApiError("MODEL_ERROR", err.message) : err;
      }
      const reply = outcome[1].value;
      if (!reply.text) {
        await dropSlot();
        await refund();
        if (reply.stopped || i > 0) break;
        throw new ApiError("MODEL_ERROR", "The language model wrote an empty reply");
      }
      // The last speaker's store is the turn's last write: it releases the lease too.
      const last = i === speakers.length - 1 ? lease : undefined;
      const supersede = i === 0 && edited !== undefined && "id" in said ? { said, content: edited } : undefined;
      const stored = await this.store(userId, target.storyId, slot, reply, saved, reply.toolCall && !reply.stopped ? reply.toolCall : null, lease, last, supersede).catch(async (err: unknown) => {
        await dropSlot();
        await refund();
        throw err;
      });
      if (supersede) saidNow = { ...supersede.said, content: supersede.content };
      written.push(...stored.rows);
      history.push(asLine(stored.rows[0]!));
      if (stored.advanced) {
        advanced = stored.advanced;
        saved = stored.rows.at(-1);
        ch.choices(advanced.ended ? [] : advanced.choices);
      }
      if (reply.stopped || stored.advanced) break;
    }
    const said0 = "id" in saidNow ? [saidNow] : [];
    const rows = [...said0, ...written];
    return {
      messages: present(rows, rows),
      coins: balance,
      ended: Boolean(advanced?.ended ?? (saved?.state as SavedTurn | undefined)?.ended),
      messageId: rows.at(-1) ? String(rows.at(-1)!.id) : null,
    };
  }

  /**
   * Stores a finished or stopped reply (its price was held before the model was asked). A valid
   * choice tool call advances the script in the same transaction: the narration follows the reply.
   * An invalid index advances nothing. A plain reply is stored and (with `release`) its lease
   * released in one statement. With `supersede` (an edit), the same write gives the player's message
   * its new words and drops what followed it before this reply.
   */
  private async store(
    userId: number,
    storyId: string,
    slot: MessageRow,
    reply: { text: string; reasoning: string; stopped: boolean; usage?: { promptTokens: number; completionTokens: number }; prompt?: PromptRecord },
    against: MessageRow | undefined,
    toolCall: { name: string; arguments: string } | null,
    /** the turn's lease: its hold is cleared by the write that stores the reply */
    lease: ChatLease,
    release?: ChatLease,
    supersede?: { said: MessageRow; content: string },
  ): Promise<{ rows: MessageRow[]; advanced: SavedTurn | null }> {
    const { db } = this.deps;
    const index = toolCall?.name === CHOICE_TOOL ? parseChoice(toolCall.arguments) : null;
    const tokens = { promptTokens: reply.usage?.promptTokens ?? null, completionTokens: reply.usage?.completionTokens ?? null };
    const content = { content: reply.text, reasoning: reply.reasoning || null, stopped: reply.stopped, pending: false, ...tokens };
    if (index === null) {
      const ctes: SQL[] = [
        sql`reply as (update chat_messages set content = ${content.content}, reasoning = ${content.reasoning}, stopped = ${content.stopped}, pending = false, prompt_tokens = ${tokens.promptTokens}, completion_tokens = ${tokens.completionTokens} where id = ${slot.id} returning id)`,
      ];
      const recorded = promptRecordCte("prompt_record", reply.prompt, "reply");
      if (recorded) ctes.push(recorded);
      if (supersede) ctes.push(...supersedeCtes(userId, storyId, supersede, slot, sql`exists (select 1 from reply)`));
      ctes.push(...playerActivityCtes(userId, "typed_replies", sql`exists (select 1 from reply)`));
      // The reply's hold is kept from here on: the write that stores it releases the lease, or clears its hold.
      ctes.push(release ? sql`lease as (${release.releaseSql})` : sql`unhold as (${lease.unholdSql})`);
      const [out] = rowsOf<{ stored: unknown }>(await executePrepared(db, sql`with ${sql.join(ctes, sql`, `)} select (select count(*) from reply)::int as stored`));
      release?.released();
      if (Number(out?.stored) !== 1) throw new ApiError("CONFLICT", "This reply was removed while it was written");
      return { rows: [{ ...slot, ...content }], advanced: null };
    }
    // The script's next lines are played on the ink pool before the transaction, from the state the
    // reply was written against; a script that cannot go on leaves the story where it is.
    const from = against?.state as SavedTurn | null | undefined;
    const next = async () => {
      if (!from || from.ended || !from.choices.some((c) => c.index === index)) return null;
      const { story, cast } = await loadStory(db, storyId);
      const turn = await chooseInk(story, from.ink, index);
      return turn ? { turn, cast } : null;
    };
    const played = await next().catch((e: unknown) => {
      if (e instanceof ApiError) return null;
      throw e;
    });
    return db.transaction(async (tx) => {
      // Advancing the script reads the state: serialise with the user's other turns first.
      await lockUser(tx, userId);
      const [row] = await tx.update(chatMessages).set(content).where(eq(chatMessages.id, slot.id)).returning();
      if (!row) throw new ApiError("CONFLICT", "This reply was removed while it was written");
      await tx.execute(lease.unholdSql);
      await savePromptRecord(tx, row.id, reply.prompt);
      await countPlayerActivity(tx, userId, "typed_replies");
      if (supersede) await tx.execute(sql`with ${sql.join(supersedeCtes(userId, storyId, supersede, slot), sql`, `)} select 1`);
      const rows = [row];
      let advanced: SavedTurn | null = null;
      const saved = await latestSaved(tx, userId, storyId);
      const state = saved?.state as SavedTurn | undefined;
      // The script advances only from the state the reply was written against, along an open choice.
      if (saved && state && !state.ended && saved.id === against?.id && played) {
        rows.push(...(await tellInk(tx, userId, storyId, played.turn, played.cast)));
        advanced = { ink: played.turn.state, choices: played.turn.choices, ended: played.turn.ended };
      }
      return { rows, advanced };
    });
  }

  /** `message.regenerate`: a new alternative of the last model reply (the earlier ones are kept). */
  regenerate(userId: number, target: ChatTarget, ch: TurnChannel): Promise<TurnResult> {
    return this.thenRemember(userId, target.storyId, regenerate(this, userId, target, ch));
  }

  /** `message.continue`: the last character reply, extended where it stops (charged as a reply). */
  continue(userId: number, target: ChatTarget, ch: TurnChannel): Promise<TurnResult> {
    return this.thenRemember(userId, target.storyId, continueReply(this, userId, target, ch));
  }

  /** `message.edit`: new words for the player's last typed message, answered anew. */
  async edit(userId: number, target: ChatTarget & { messageId: string; content: string }, ch: TurnChannel): Promise<TurnResult> {
    // New words are checked like a new message (on a story the player may play), before anything
    // is held or the model is asked.
    if (this.screen && this.deps.model) {
      await loadStory(this.deps.db, target.storyId, target.actorId, userId);
      await this.screen.check(userId, target.storyId, target.address, target.content);
    }
    return this.thenRemember(userId, target.storyId, edit(this, userId, target, ch));
  }

  /** `message.select`: shows another alternative of the last model reply (free). */
  select(userId: number, input: { storyId: string; messageId: string; index: number }): Promise<{ message: ChatMessage }> {
    return select(this, userId, input);
  }
}
