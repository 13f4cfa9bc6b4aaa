import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { ChatMessage } from "@storyloom/contract";
import { actors, chatMessages, stories, users, type Db, type StoredLoreEntry, type Tx } from "@storyloom/db";
import { ApiError, notFound } from "../errors";
import { everyoneMaySee, refusal, type StoryGate } from "./catalogue";
import { onCatalogueChange } from "./invalidation";
import { applyLedger } from "./ledger";
import { recordPlay } from "./engagement";
import { countPlayerActivity } from "./activity";
import { chooseInk, startInk, type InkTurn } from "./ink";

/** A stored chat message. */
export type MessageRow = typeof chatMessages.$inferSelect;
/** A character of a story, as stored. */
export type ActorRow = typeof actors.$inferSelect;

/** What the last message of a turn keeps so the next turn can resume. */
export interface SavedTurn {
  ink: string;
  choices: InkTurn["choices"];
  ended: boolean;
  /** the text ink told in this turn and its tags: the current scene of the model's prompt */
  scene?: string[];
  tags?: string[];
  /** the character id speaking each scene line (`# speaker:`, resolved by speakerOf), or null */
  speakers?: (string | null)[];
}

const fold = (s: string) => s.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The character a `# speaker:` tag names. Seeded scripts name characters by id; scripts written in
 * the editor name them as the author does, so a tag also matches a name (case-insensitive), or the
 * first word of one name ("# speaker: wren" for "Wren Hale") when no other character shares it.
 */
export function speakerOf(cast: readonly ActorRow[], tag: string): ActorRow | undefined {
  const byId = cast.find((a) => a.id === tag);
  if (byId) return byId;
  const want = fold(tag);
  const byName = cast.find((a) => fold(a.name) === want);
  if (byName) return byName;
  const byFirst = cast.filter((a) => fold(a.name).split(" ")[0] === want);
  return byFirst.length === 1 ? byFirst[0] : undefined;
}

/** One version of a model reply. */
export interface Alternative {
  content: string;
  reasoning: string | null;
  stopped: boolean;
}

/** The thread's history: every message, in order, with the open choices on the last one. */
export interface Thread {
  messages: ChatMessage[];
  ended: boolean;
}

const HISTORY_LIMIT = 300;

/** The last model reply of a thread, when nothing the player said follows it (the one regenerate rewrites). */
export function lastModelReply(rows: readonly MessageRow[]): MessageRow | undefined {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.role === "user") return undefined;
    if (r.source === "model" && !r.pending) return r;
  }
  return undefined;
}

/** A stored message as the wire shows it: one staff removed keeps its place, empty and marked `removed`. */
export function toMessage(row: MessageRow, opts: { withChoices: boolean; lastModel: boolean }): ChatMessage {
  const saved = row.state as SavedTurn | null;
  const role = row.role === "user" || row.role === "actor" ? row.role : "narrator";
  const removed = row.removedAt !== null;
  return {
    id: String(row.id),
    role,
    actor_id: row.actorId,
    content: removed ? "" : row.content,
    ...(opts.withChoices && saved && !saved.ended ? { choices: saved.choices } : {}),
    ...(role !== "user" ? { source: row.source === "model" ? ("model" as const) : ("script" as const) } : {}),
    ...(row.reasoning && !removed ? { reasoning: row.reasoning } : {}),
    ...(removed ? { removed: true } : {}),
    ...(row.stopped ? { stopped: true } : {}),
    // Every model reply pages its alternatives (an earlier one's continue on a branch: chatBranches.ts).
    ...(opts.lastModel || (row.source === "model" && !removed) ? { alternatives: { index: row.altIndex, count: Array.isArray(row.alternatives) ? row.alternatives.length : 1 } } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

/** Messages of one turn (or a whole thread) as the wire shows them: choices on the last saved one. */
export function present(rows: readonly MessageRow[], thread: readonly MessageRow[] = rows): ChatMessage[] {
  const lastSaved = [...thread].reverse().find((r) => r.state !== null);
  const lastModel = lastModelReply(thread);
  return rows.filter((r) => !r.pending).map((r) => toMessage(r, { withChoices: r.id === lastSaved?.id, lastModel: r.id === lastModel?.id }));
}

interface LoadedStory {
  story: { id: string; title: string; script: string; lorebook: StoredLoreEntry[] };
  cast: ActorRow[];
  /** who may play it (see catalogue.refusal) */
  gate: StoryGate;
}
// Stories and casts change only when the catalogue is edited: every turn reads them, so they are kept
// for a short while per database (an edit reaches players within STORY_TTL_MS); a story hidden or
// taken down empties the cache at once, on every instance (invalidateCatalogue).
const STORY_TTL_MS = 5_000;
const storyCache = new WeakMap<object, Map<string, { at: number; value: LoadedStory }>>();
onCatalogueChange((db) => storyCache.delete(db));

/** Whether a user is a registered player who confirmed they are 18 or older. */
async function isAdult(db: Db | Tx, userId: number): Promise<boolean> {
  const [u] = await db.select({ isGuest: users.isGuest, at: users.adultConfirmedAt }).from(users).where(eq(users.id, userId));
  return Boolean(u && !u.isGuest && u.at !== null);
}

/** Fails unless the user may play the story: see catalogue.refusal (the user is read only for a story not everyone may see). */
async function admit(db: Db | Tx, gate: StoryGate, userId: number, storyId: string): Promise<void> {
  if (everyoneMaySee(gate) || gate.authorId === userId) return;
  const adult = gate.visible && gate.rating === "mature" ? await isAdult(db, userId) : false;
  const refused = refusal(gate, { id: userId, adult }, storyId);
  if (refused) throw refused;
}

/**
 * A story and its cast (404 for an unknown story or a character not in it). With `player` (the
 * caller, passed where a request enters the chat), also fails unless they may play it: the catalogue's
 * stories for everyone (mature ones for confirmed adults only, else the age gate), any state for its
 * author, NOT_FOUND otherwise. Later reads within the same turn leave `player` out.
 */
export async function loadStory(db: Db | Tx, storyId: string, actorId?: string, player?: number): Promise<LoadedStory> {
  let perDb = storyCache.get(db);
  if (!perDb) storyCache.set(db, (perDb = new Map()));
  let hit = perDb.get(storyId);
  if (!hit || Date.now() - hit.at > STORY_TTL_MS) {
    const [row] = await db
      .select({ id: stories.id, title: stories.title, script: stories.script, lorebook: stories.lorebook, visible: stories.visible, rating: stories.rating, authorId: stories.authorId })
      .from(stories)
      .where(eq(stories.id, storyId));
    if (!row) throw notFound(`No story with id ${storyId}`);
    const cast = await db.select().from(actors).where(eq(actors.storyId, storyId)).orderBy(asc(actors.sort));
    const { visible, rating, authorId, ...story } = row;
    hit = { at: Date.now(), value: { story, cast, gate: { visible, rating, authorId } } };
    if (perDb.size > 500) perDb.clear();
    perDb.set(storyId, hit);
  }
  if (player !== undefined) await admit(db, hit.value.gate, player, storyId);
  const { cast } = hit.value;
  if (actorId && !cast.some((a) => a.id === actorId)) throw notFound(`No character ${actorId} in story ${storyId}`);
  return hit.value;
}

/** What is left of a message staff removed: its place, without its words (never shown, never sent to the model). */
const withoutRemoved = (row: MessageRow): MessageRow => (row.removedAt === null ? row : { ...row, content: "", reasoning: null, alternatives: null });

/** The newest `limit` messages of a user's thread of a story, oldest first (pending replies included; removed ones emptied). */
export async function threadRows(db: Db | Tx, userId: number, storyId: string, limit = HISTORY_LIMIT): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId), eq(chatMessages.parked, false)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(withoutRemoved);
}

/** The newest message that keeps the story's state (where the script stands). */
export async function latestSaved(db: Db | Tx, userId: number, storyId: string): Promise<MessageRow | undefined> {
  const [saved] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.storyId, storyId), isNotNull(chatMessages.state), eq(chatMessages.parked, false)))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return saved;
}

/** Reads a user's thread of a story (404 for an unknown story or a character not in it; refused as loadStory refuses a player). */
export async function chatHistory(db: Db, userId: number, storyId: string, actorId?: string): Promise<Thread> {
  await loadStory(db, storyId, actorId, userId);
  const rows = (await threadRows(db, userId, storyId)).filter((r) => !r.pending);
  const lastSaved = [...rows].reverse().find((r) => r.state !== null);
  return { messages: present(rows), ended: Boolean((lastSaved?.state as SavedTurn | undefined)?.ended) };
}

/** The caller's balance. */
export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return row?.coins ?? 0;
}

/**
 * Serialises the turns of one user inside a transaction: every turn first locks the user's row, so a
 * turn that waited reads the thread as the one before it left it (PostgreSQL's READ COMMITTED gives
 * each later statement a fresh snapshot). Locking the newest state row instead hands a waiter the row
 * it waited on, already superseded.
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

/** Inserts one message. */
export async function insertMessage(tx: Db | Tx, values: typeof chatMessages.$inferInsert): Promise<MessageRow> {
  return (await tx.insert(chatMessages).values(values).returning())[0]!;
}

/** Inserts messages in one statement, in order (ids ascending). */
export async function insertMessages(tx: Db | Tx, values: (typeof chatMessages.$inferInsert)[]): Promise<MessageRow[]> {
  return (await tx.insert(chatMessages).values(values).returning()).sort((a, b) => a.id - b.id);
}

/** A message as `row_to_json` writes it (snake_case keys, the timestamp as text). */
function messageFromJson(o: Record<string, unknown>): MessageRow {
  return {
    id: Number(o.id),
    userId: Number(o.user_id),
    storyId: o.story_id as string,
    actorId: (o.actor_id as string | null) ?? null,
    role: o.role as string,
    content: o.content as string,
    state: o.state ?? null,
    source: (o.source as string | null) ?? null,
    reasoning: (o.reasoning as string | null) ?? null,
    stopped: Boolean(o.stopped),
    pending: Boolean(o.pending),
    alternatives: o.alternatives ?? null,
    altIndex: Number(o.alt_index ?? 0),
    promptTokens: o.prompt_tokens == null ? null : Number(o.prompt_tokens),
    completionTokens: o.completion_tokens == null ? null : Number(o.completion_tokens),
    branchId: o.branch_id == null ? null : Number(o.branch_id),
    originId: o.origin_id == null ? null : Number(o.origin_id),
    parked: Boolean(o.parked),
    removedAt: o.removed_at == null ? null : new Date(o.removed_at as string),
    createdAt: new Date(o.created_at as string),
  };
}

/** What {@link openTurnSql} read and wrote. */
export interface OpenedTurn {
  /**
   * the thread before the player's words (pending replies left out) and the state it stands in (in
   * `saved`). The rows carry what the prompt reads of them; their `state`, `reasoning` and
   * `alternatives` are left out (null): a long thread held an ink state per scripted turn and a
   * reasoning per model reply, read and parsed on every typed message for nothing.
   */
  thread: { rows: MessageRow[]; saved: MessageRow | undefined };
  /** the player's words and the reply's empty row, written when the lease was claimed and the story has started */
  inserted: MessageRow[] | null;
}

/** The columns {@link openTurnSql} adds. */
interface OpenTurnRow {
  thread: unknown;
  saved: unknown;
  said: unknown;
  slot: unknown;
}

const json = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

/**
 * The part of the lease statement (takeChatLeaseCounted) that opens a typed turn: it reads the thread
 * (as it stood before this statement) with the state the story stands in, and, once the lease is
 * claimed (and the reply paid for: `opened`) in a story that has started (`ready`), writes the player's words and the reply's empty row (pending,
 * so no reader shows it) in that order. So the model is called after one round trip.
 */
export function openTurnSql(userId: number, storyId: string, content: string, reply: { actorId: string | null; role: string }, limit = 80) {
  return {
    /** whether the story has started (a typed turn is answered, and paid for, only then) */
    ready: sql`exists (select 1 from chat_messages where user_id = ${userId} and story_id = ${storyId} and state is not null and not parked)`,
    ctes: sql`turn_saved as (
        select id from chat_messages where user_id = ${userId} and story_id = ${storyId} and state is not null and not parked order by id desc limit 1
      ), turn_said as (
        insert into chat_messages (user_id, story_id, actor_id, role, content, source)
        select ${userId}, ${storyId}, null, 'user', ${content}, 'typed' from opened where exists (select 1 from turn_saved)
        returning *
      ), turn_slot as (
        insert into chat_messages (user_id, story_id, actor_id, role, content, source, pending)
        select ${userId}, ${storyId}, ${reply.actorId}, ${reply.role}, '', 'model', true from turn_said
        returning *
      ), turn_thread as (
        select id, user_id, story_id, actor_id, role, case when removed_at is null then content else '' end as content, null::jsonb as state,
          source, null::text as reasoning, stopped, pending, null::jsonb as alternatives, alt_index, branch_id, origin_id, parked, removed_at, created_at
        from chat_messages where user_id = ${userId} and story_id = ${storyId} and not parked order by id desc limit ${limit}
      )`,
    columns: sql`(select json_agg(t order by t.id) from turn_thread t) as thread,
        (select row_to_json(m) from chat_messages m where m.id = (select id from turn_saved)) as saved,
        (select row_to_json(t) from turn_said t) as said,
        (select row_to_json(t) from turn_slot t) as slot`,
    read(row: OpenTurnRow): OpenedTurn {
      const rows = ((json(row.thread) as Record<string, unknown>[] | null) ?? []).map(messageFromJson).filter((r) => !r.pending);
      const saved = row.saved ? messageFromJson(json(row.saved) as Record<string, unknown>) : undefined;
      const said = row.said ? messageFromJson(json(row.said) as Record<string, unknown>) : null;
      const slot = row.slot ? messageFromJson(json(row.slot) as Record<string, unknown>) : null;
      return { thread: { rows, saved }, inserted: said && slot ? [said, slot] : null };
    },
  };
}

/**
 * Writes what ink told as narrator messages; the last keeps the state (and the scene for the prompt,
 * its speaker tags resolved to the characters of `cast`; a tag naming none is kept as written).
 */
export async function tellInk(tx: Tx, userId: number, storyId: string, turn: InkTurn, cast: readonly ActorRow[]): Promise<MessageRow[]> {
  const speakers = turn.speakers.map((tag) => (tag === null ? null : (speakerOf(cast, tag)?.id ?? tag)));
  const state: SavedTurn = { ink: turn.state, choices: turn.choices, ended: turn.ended, scene: turn.lines, tags: turn.tags, speakers };
  const lines = turn.lines.length ? turn.lines : [turn.ended ? "The End." : "…"];
  const out: MessageRow[] = [];
  for (const [i, line] of lines.entries()) {
    out.push(await insertMessage(tx, { userId, storyId, actorId: null, role: "narrator", content: line, source: "script", state: i === lines.length - 1 ? state : null }));
  }
  return out;
}

/** What a player sends without a model: nothing (start or resume), a choice, or a restart. */
export interface ScriptedInput {
  storyId: string;
  actorId?: string;
  choice?: number;
  /** the id of the message that offered the choice: refused when the story has moved on since */
  choiceOf?: string;
  restart?: boolean;
}

/** What a scripted turn wrote. */
export interface ScriptedTurn {
  rows: MessageRow[];
  /** the reply row the model fills after a choice (between the pick and the script's next lines) */
  placeholder?: MessageRow;
  /** the choice's text, when a choice was played */
  picked?: string;
  coins: number;
  ended: boolean;
}

/**
 * Plays the ink of a scripted turn from `from` (the state last saved, read without a lock) on the ink
 * pool: the opening (a start or restart), the open choice picked, or nothing (a resume). Refuses a
 * choice that is not open there.
 */
async function playFrom(
  story: LoadedStory["story"],
  from: MessageRow | undefined,
  input: ScriptedInput,
): Promise<{ turn?: InkTurn; choice?: InkTurn["choices"][number] }> {
  if (!from || input.restart) {
    if (input.choice !== undefined) throw new ApiError("CONFLICT", "This story has not started yet; open it to begin");
    return { turn: await startInk(story) };
  }
  if (input.choice === undefined) return {};
  const state = from.state as SavedTurn;
  if (input.choiceOf !== undefined && input.choiceOf !== String(from.id)) throw new ApiError("CONFLICT", "This choice was already played; the story has moved on");
  if (state.ended) throw new ApiError("CONFLICT", "This story has ended; restart it to play again");
  const choice = state.choices.find((c) => c.index === input.choice);
  if (!choice) throw new ApiError("VALIDATION_ERROR", "Invalid body: choice is not one of the open choices", { fields: [{ path: "choice", message: "is not one of the open choices" }] });
  const turn = await chooseInk(story, state.ink, choice.index);
  if (!turn) throw new ApiError("CONFLICT", "The story could not continue from here; restart it");
  return { turn, choice };
}

/**
 * Plays one scripted turn. Starting (or restarting) is free: the lead character greets the player and
 * the opening is told. A choice advances the script and costs `cost` coins through the ledger, in the
 * same transaction as the messages, with one idempotency key per saved state: the same state can be
 * played on only once, however many requests race. `speaker` (with a model) reserves a reply row
 * between the pick and the next scene, for the character's words after the choice.
 */
export async function playScripted(
  db: Db,
  userId: number,
  input: ScriptedInput,
  opts: { cost: number; speaker?: { actorId: string | null } },
): Promise<ScriptedTurn> {
  // ink plays on the ink pool before the transaction (a user's script must hold neither the user's
  // row nor PGlite's one connection), from the state read here; it is written only if the story
  // still stands there once locked.
  const { story, cast } = await loadStory(db, input.storyId, input.actorId, userId);
  const from = await latestSaved(db, userId, story.id);
  const played = await playFrom(story, from, input);
  return db.transaction(async (tx) => {
    const lead = cast.find((a) => a.id === input.actorId) ?? cast[0];
    await lockUser(tx, userId);
    const saved = await latestSaved(tx, userId, story.id);
    if (saved?.id !== from?.id && !input.restart) {
      if (input.choice !== undefined) throw new ApiError("CONFLICT", "This choice was already played; the story has moved on");
      // Another request started the story meanwhile: nothing more to tell.
      return { rows: [], coins: await balanceOf(tx, userId), ended: Boolean((saved?.state as SavedTurn | null)?.ended) };
    }
    const written: MessageRow[] = [];
    let placeholder: MessageRow | undefined;
    const picked = played.choice?.text;
    if (!saved || input.restart) {
      if (lead) written.push(await insertMessage(tx, { userId, storyId: story.id, actorId: lead.id, role: "actor", content: lead.greeting, source: "script" }));
      written.push(...(await tellInk(tx, userId, story.id, played.turn!, cast)));
      await recordPlay(tx, userId, story.id);
    } else if (played.choice) {
      const { choice, turn } = played;
      written.push(await insertMessage(tx, { userId, storyId: story.id, actorId: null, role: "user", content: choice.text, source: "choice" }));
      if (opts.cost > 0) {
        const charged = await applyLedger(tx, { userId, amount: -opts.cost, reason: "chat", idempotencyKey: `chat:state:${saved.id}`, meta: { story_id: story.id, choice: choice.index } });
        if (!charged.applied) throw new ApiError("CONFLICT", "This choice was already played");
      }
      if (opts.speaker) {
        placeholder = await insertMessage(tx, { userId, storyId: story.id, actorId: opts.speaker.actorId, role: opts.speaker.actorId ? "actor" : "narrator", content: "", source: "model", pending: true });
        written.push(placeholder);
      }
      written.push(...(await tellInk(tx, userId, story.id, turn!, cast)));
    }
    await countPlayerActivity(tx, userId, saved ? null : "stories_started");
    const last = written.findLast((w) => w.state !== null) ?? saved;
    return { rows: written, placeholder, picked, coins: await balanceOf(tx, userId), ended: Boolean((last?.state as SavedTurn | null)?.ended) };
  });
}
