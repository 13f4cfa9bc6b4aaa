import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import type { Config } from "../config";
import { ApiError } from "../errors";
import { ModelError, type ModelClient, type ModelReply, type ModelRequest, type ModelSink, type ModelUsage } from "../llm/client";
import { modelTokens } from "../metrics/metrics";

// The site's daily token budget: every model call adds its tokens to the day's row of
// model_usage_daily (one upsert, shared by every API instance), and a call a player starts is refused
// once the day's total reached LLM_DAILY_TOKEN_BUDGET.

/** What a player sees once the day's budget is spent. */
export const BUDGET_SPENT_MESSAGE = "Free replies are paused for today; the story goes on by its choices";

/** How long an instance may answer the check from the total it read last. */
const TTL_MS = 2_000;

/** Per database: the day's total as last read or written here, and the calls started here since and not yet recorded. */
const seen = new WeakMap<object, { at: number; day: string; total: number; inFlight: number }>();

const today = () => new Date().toISOString().slice(0, 10);
const utcDay = sql`(now() at time zone 'utc')::date`;

function entryOf(db: Db) {
  let e = seen.get(db);
  if (!e || e.day !== today()) {
    e = { at: 0, day: today(), total: 0, inFlight: 0 };
    seen.set(db, e);
  }
  return e;
}

/** The day's total (prompt + completion tokens) as the database has it now. */
async function readTotal(db: Db): Promise<number> {
  const [row] = rowsOf<{ total: unknown }>(await db.execute(sql`select prompt_tokens + completion_tokens as total from model_usage_daily where day = ${utcDay}`));
  return Number(row?.total ?? 0);
}

/**
 * Refuses a model call with 503 UNAVAILABLE once today's tokens (UTC) reached LLM_DAILY_TOKEN_BUDGET;
 * nothing is written. The last total read here answers for a moment only while even every call this
 * instance has in flight, at a whole context each, would stay within the budget; otherwise the
 * database is read, so an instance overshoots by at most the calls it has in flight.
 */
export async function assertModelBudget(db: Db, config: Config): Promise<void> {
  const budget = config.LLM_DAILY_TOKEN_BUDGET;
  if (budget === undefined) return;
  const e = entryOf(db);
  const fresh = Date.now() - e.at < TTL_MS;
  if (fresh && e.total >= budget) throw new ApiError("UNAVAILABLE", BUDGET_SPENT_MESSAGE);
  if (fresh && e.total + (e.inFlight + 1) * config.LLM_CONTEXT_TOKENS <= budget) return;
  const total = await readTotal(db);
  Object.assign(e, { at: Date.now(), total });
  if (total >= budget) throw new ApiError("UNAVAILABLE", BUDGET_SPENT_MESSAGE);
}

/** Adds one model call's tokens to today's row (one atomic upsert); answers the day's new total. */
export async function recordModelUsage(db: Db, usage: Pick<ModelUsage, "promptTokens" | "completionTokens">): Promise<number> {
  const [row] = rowsOf<{ total: unknown }>(
    await db.execute(sql`
      insert into model_usage_daily (day, prompt_tokens, completion_tokens, calls) values (${utcDay}, ${usage.promptTokens}, ${usage.completionTokens}, 1)
      on conflict (day) do update set
        prompt_tokens = model_usage_daily.prompt_tokens + excluded.prompt_tokens,
        completion_tokens = model_usage_daily.completion_tokens + excluded.completion_tokens,
        calls = model_usage_daily.calls + 1
      returning prompt_tokens + completion_tokens as total`),
  );
  const total = Number(row?.total ?? 0);
  Object.assign(entryOf(db), { at: Date.now(), total });
  return total;
}

/**
 * One model call within the daily budget: checked first ({@link assertModelBudget}, 503 past it),
 * then streamed, then its tokens recorded, also when it stopped or failed after it started.
 */
export async function meteredStream(deps: { db: Db; config: Config; model: ModelClient }, req: ModelRequest, sink: ModelSink): Promise<ModelReply> {
  const { db, config, model } = deps;
  await assertModelBudget(db, config);
  const e = entryOf(db);
  e.inFlight++;
  let usage: ModelUsage | null = null;
  try {
    const reply = await model.stream(req, sink);
    usage = reply.usage;
    return reply;
  } catch (err) {
    if (err instanceof ModelError) usage = err.usage;
    throw err;
  } finally {
    e.inFlight = Math.max(0, e.inFlight - 1);
    // A reply already streamed to the player does not fail for its count.
    if (usage && usage.promptTokens + usage.completionTokens > 0) {
      modelTokens.inc({ type: "prompt" }, usage.promptTokens);
      modelTokens.inc({ type: "completion" }, usage.completionTokens);
      await recordModelUsage(db, usage).catch(() => undefined);
    }
  }
}
