import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { EndpointParsedInput, ReportGroup, ReportReason, ReportTargetKind } from "@storyloom/contract";
import { actors, chatMessages, reports, rowsOf, stories, type Db, type Tx } from "@storyloom/db";
import type { AuthedUser } from "../auth/session";
import type { Config } from "../config";
import { ApiError, notFound } from "../errors";
import { isStaff, recordStaffAction } from "./audit";
import { invalidateCatalogue } from "./publicRead";
import { namesOf, takeDown, tellAuthor } from "./staff";
import { notify } from "./notices";
import { hitRateLimit } from "./rateLimit";

type ReportInput = EndpointParsedInput<"reportCreate">;
type Caller = AuthedUser["user"];

/** What the reporter is told once a report is in. */
export const REPORT_THANKS = "Thanks — we'll review this report. If we act on it, you'll get a notice in the app.";

/** A reported thing as the report keeps it: its kind, id and the story it belongs to. */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  storyId: string;
}

const MESSAGE_ID = /^[1-9][0-9]{0,17}$/;

/** A chat message id on the wire must be a decimal id; anything else is a 400 naming the field. */
export function messageId(id: string): number {
  if (!MESSAGE_ID.test(id)) {
    throw new ApiError("VALIDATION_ERROR", "Invalid body: target_id must be a message id", { fields: [{ path: "target_id", message: "must be a message id" }] });
  }
  return Number(id);
}

/**
 * Whether a caller may see a story row: staff see every story; the author sees their own; anyone
 * else only a visible one, and a mature one only when signed in and age-confirmed.
 */
function maySee(caller: Caller, story: typeof stories.$inferSelect): boolean {
  if (isStaff(caller) || (story.authorId !== null && story.authorId === caller.id)) return true;
  if (!story.visible) return false;
  return story.rating !== "mature" || (!caller.isGuest && caller.adultConfirmedAt !== null);
}

/**
 * Finds (and locks, so reports of one target are counted one after another) the target of a report
 * among what the caller can see; NOT_FOUND otherwise, never telling a hidden target from a missing one.
 */
async function lockTarget(tx: Tx, caller: Caller, kind: ReportTargetKind, id: string): Promise<ReportTarget> {
  if (kind === "message") {
    const [m] = await tx
      .select({ id: chatMessages.id, storyId: chatMessages.storyId })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId(id)), eq(chatMessages.userId, caller.id), eq(chatMessages.pending, false), isNull(chatMessages.removedAt)))
      .for("update");
    if (!m) throw notFound(`No message with id ${id} in your chats`);
    return { kind, id: String(m.id), storyId: m.storyId };
  }
  const storyId = kind === "story" ? id : (await tx.select({ storyId: actors.storyId }).from(actors).where(eq(actors.slug, id)))[0]?.storyId;
  const [story] = storyId ? await tx.select().from(stories).where(eq(stories.id, storyId)).for("update") : [];
  if (!story || !maySee(caller, story)) throw notFound(kind === "story" ? `No story with id ${id}` : `No character with slug ${id}`);
  return { kind, id, storyId: story.id };
}

/** The open report of this reporter on this target, inserted now or the one already there (a repeat counts once). */
async function openReport(tx: Tx, caller: Caller, target: ReportTarget, input: ReportInput): Promise<{ id: number; reason: string; fresh: boolean }> {
  const [inserted] = await tx
    .insert(reports)
    .values({
      reporterId: caller.id,
      reporterRegistered: !caller.isGuest,
      targetKind: target.kind,
      targetId: target.id,
      storyId: target.storyId,
      reason: input.reason,
      details: input.details,
    })
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetKind, reports.targetId], where: sql`${reports.status} = 'open'` })
    .returning({ id: reports.id, reason: reports.reason });
  if (inserted) return { ...inserted, fresh: true };
  const [existing] = await tx
    .select({ id: reports.id, reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.reporterId, caller.id), eq(reports.targetKind, target.kind), eq(reports.targetId, target.id), eq(reports.status, "open")))
    .for("update");
  if (!existing) throw new ApiError("CONFLICT", "Your report was just resolved; send it again if you still need to");
  // A reporter who first chose another reason may still raise the urgent one (it is never lowered).
  if (input.reason === "minors" && existing.reason !== "minors") {
    await tx.update(reports).set({ reason: "minors", details: input.details || undefined }).where(eq(reports.id, existing.id));
    return { id: existing.id, reason: "minors", fresh: true };
  }
  return { ...existing, fresh: false };
}

/** Distinct signed-in (non-guest) accounts with an open "minors" report of the target. */
async function urgentReporters(tx: Tx, target: ReportTarget): Promise<number> {
  const result = await tx.execute(sql`
    select count(distinct reporter_id)::int as n from reports
    where target_kind = ${target.kind} and target_id = ${target.id} and status = 'open' and reason = 'minors' and reporter_registered`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Takes a reported target out of sight: a story (or a character's story) is hidden; a message loses
 * its text (every alternative and its reasoning too). Answers whether a story was hidden now.
 */
export async function hideTarget(tx: Tx, target: ReportTarget, reason: string): Promise<boolean> {
  if (target.kind === "message") {
    await tx
      .update(chatMessages)
      .set({ removedAt: new Date(), content: "", reasoning: null, alternatives: null, altIndex: 0 })
      .where(and(eq(chatMessages.id, Number(target.id)), isNull(chatMessages.removedAt)));
    return false;
  }
  const hidden = await tx
    .update(stories)
    .set({ hiddenAt: new Date(), hiddenReason: reason })
    .where(and(eq(stories.id, target.storyId), isNull(stories.hiddenAt)))
    .returning({ id: stories.id });
  return hidden.length > 0;
}

/**
 * A "minors" report hides its target at once when it comes from staff, or when the target's open
 * reports of that reason come from REPORT_HIDE_THRESHOLD distinct signed-in accounts (guests never
 * count, so no single free guest can take a story down). Answers whether a story was hidden.
 */
async function hideIfUrgent(tx: Tx, config: Pick<Config, "REPORT_HIDE_THRESHOLD">, caller: Caller, target: ReportTarget, reportId: number): Promise<boolean> {
  if (isStaff(caller)) {
    const reason = "Reported by staff: sexual content involving minors";
    const hid = await hideTarget(tx, target, reason);
    await recordStaffAction(tx, { staffId: caller.id, action: "report.hide", targetKind: target.kind, targetId: target.id, reason, detail: { story_id: target.storyId, report_id: String(reportId), by: "report" } });
    return hid;
  }
  if ((await urgentReporters(tx, target)) < config.REPORT_HIDE_THRESHOLD) return false;
  const hid = await hideTarget(tx, target, `Reported by ${config.REPORT_HIDE_THRESHOLD} or more accounts: sexual content involving minors`);
  const [story] = hid ? await tx.select().from(stories).where(eq(stories.id, target.storyId)) : [];
  if (story) await tellAuthor(tx, story, `Your story “${story.title}” was hidden after reports; staff will review it.`);
  return hid;
}

/** The per-account and per-address hourly limits on sending reports (every attempt counts). */
async function countReport(db: Db, config: Pick<Config, "REPORTS_PER_USER_PER_HOUR" | "REPORTS_PER_IP_PER_HOUR">, userId: number, address: string): Promise<void> {
  const perUser = config.REPORTS_PER_USER_PER_HOUR;
  await hitRateLimit(db, `report:user:${userId}`, perUser, 3600, `You can send ${perUser} reports an hour; try again later`);
  const perIp = config.REPORTS_PER_IP_PER_HOUR;
  await hitRateLimit(db, `report:ip:${address}`, perIp, 3600, `Too many reports from this network; try again later`);
}

/**
 * Files a report of a story, character or chat message the caller can see. One open report per
 * reporter and target: a repeat (even a concurrent one) answers the open report already there.
 */
export async function createReport(
  db: Db,
  config: Pick<Config, "REPORT_HIDE_THRESHOLD" | "REPORTS_PER_USER_PER_HOUR" | "REPORTS_PER_IP_PER_HOUR">,
  caller: Caller,
  address: string,
  input: ReportInput,
): Promise<{ report: { id: string; status: "open" }; message: string }> {
  await countReport(db, config, caller.id, address);
  const { id, hid } = await db.transaction(async (tx) => {
    const target = await lockTarget(tx, caller, input.target_kind, input.target_id);
    const report = await openReport(tx, caller, target, input);
    const urgent = report.fresh && (report.reason as ReportReason) === "minors";
    return { id: report.id, hid: urgent ? await hideIfUrgent(tx, config, caller, target, report.id) : false };
  });
  if (hid) invalidateCatalogue(db);
  return { report: { id: String(id), status: "open" }, message: REPORT_THANKS };
}

// ── staff: reports grouped by target, and their resolution ──

type Group = ReportGroup;
type GroupStatus = Group["status"];

interface GroupRow {
  target_kind: ReportTargetKind;
  target_id: string;
  story_id: string;
  count: number;
  registered: number;
  urgent: boolean;
  last_id: string;
  first_at: string | Date;
  last_at: string | Date;
  details: string[] | null;
}

/** Most details (newest first) a report group carries. */
export const GROUP_DETAILS_MAX = 20;
/** Longest excerpt of a reported message or title. */
export const EXCERPT_MAX = 200;

const CURSOR = /^([01])-([1-9][0-9]{0,17})$/;

function groupCursor(row: GroupRow): string {
  return `${row.urgent ? 1 : 0}-${row.last_id}`;
}

/** Reads a report-list cursor; anything it did not make is a 400. */
function readCursor(cursor: string): { urgent: number; lastId: string } {
  const m = CURSOR.exec(cursor);
  if (!m) throw new ApiError("VALIDATION_ERROR", "Invalid query: cursor malformed cursor", { fields: [{ path: "cursor", message: "malformed cursor" }] });
  return { urgent: Number(m[1]), lastId: m[2]! };
}

/** Report groups of one status (urgent "minors" groups first, then the most recently reported). */
async function groupRows(db: Db | Tx, status: GroupStatus, opts: { target?: { kind: string; id: string }; cursor?: string; limit: number }): Promise<GroupRow[]> {
  const target = opts.target ? sql`and target_kind = ${opts.target.kind} and target_id = ${opts.target.id}` : sql``;
  const at = opts.cursor ? readCursor(opts.cursor) : null;
  const after = at ? sql`having (bool_or(reason = 'minors')::int, max(id)) < (${at.urgent}::int, ${at.lastId}::bigint)` : sql``;
  const result = await db.execute(sql`
    select target_kind, target_id, min(story_id) as story_id, count(*)::int as count,
      count(distinct reporter_id) filter (where reporter_registered)::int as registered,
      bool_or(reason = 'minors') as urgent, max(id)::text as last_id,
      min(created_at) as first_at, max(created_at) as last_at,
      (array_agg(details order by id desc) filter (where details <> ''))[1:${sql.raw(String(GROUP_DETAILS_MAX))}] as details
    from reports where status = ${status} ${target}
    group by target_kind, target_id ${after}
    order by bool_or(reason = 'minors') desc, max(id) desc
    limit ${opts.limit}`);
  return rowsOf<GroupRow>(result);
}

/** How many reports of each reason every listed group holds. */
async function reasonCounts(db: Db | Tx, status: GroupStatus, rows: GroupRow[]): Promise<Map<string, Group["reasons"]>> {
  const out = new Map<string, Group["reasons"]>();
  if (rows.length === 0) return out;
  const targets = sql.join(rows.map((r) => sql`(${r.target_kind}, ${r.target_id})`), sql`, `);
  const result = await db.execute(sql`
    select target_kind || ':' || target_id as key, reason, count(*)::int as n from reports
    where status = ${status} and (target_kind, target_id) in (${targets})
    group by target_kind, target_id, reason order by 3 desc, 2`);
  for (const r of rowsOf<{ key: string; reason: ReportReason; n: number }>(result)) {
    out.set(r.key, [...(out.get(r.key) ?? []), { reason: r.reason, count: Number(r.n) }]);
  }
  return out;
}

/** What each listed target says (title, character name or message text) and whether it is out of sight. */
async function describeTargets(db: Db | Tx, rows: GroupRow[]): Promise<Map<string, { excerpt: string; hidden: boolean }>> {
  const messageIds = rows.filter((r) => r.target_kind === "message").map((r) => Number(r.target_id));
  const slugs = rows.filter((r) => r.target_kind === "character").map((r) => r.target_id);
  const { stories: storyRows, actors: names } = await namesOf(db, [...new Set(rows.map((r) => r.story_id))], slugs);
  const messages = messageIds.length ? await db.select({ id: chatMessages.id, content: chatMessages.content, removedAt: chatMessages.removedAt }).from(chatMessages).where(inArray(chatMessages.id, messageIds)) : [];
  const byId = new Map(messages.map((m) => [String(m.id), m]));
  const out = new Map<string, { excerpt: string; hidden: boolean }>();
  for (const r of rows) {
    const story = storyRows.get(r.story_id);
    const title = story?.title ?? r.story_id;
    let d: { excerpt: string; hidden: boolean };
    if (r.target_kind === "message") {
      const m = byId.get(r.target_id);
      d = !m ? { excerpt: "(message deleted)", hidden: true } : m.removedAt ? { excerpt: "(message removed)", hidden: true } : { excerpt: m.content, hidden: false };
    } else {
      const name = r.target_kind === "character" ? `${names.get(r.target_id) ?? r.target_id} — ` : "";
      d = { excerpt: `${name}${title}`, hidden: story?.hiddenAt != null };
    }
    out.set(`${r.target_kind}:${r.target_id}`, { excerpt: d.excerpt.slice(0, EXCERPT_MAX), hidden: d.hidden });
  }
  return out;
}

const iso = (v: string | Date) => new Date(v).toISOString();

async function toGroups(db: Db | Tx, status: GroupStatus, rows: GroupRow[]): Promise<Group[]> {
  const reasons = await reasonCounts(db, status, rows);
  const described = await describeTargets(db, rows);
  return rows.map((r) => {
    const key = `${r.target_kind}:${r.target_id}`;
    return {
      target_kind: r.target_kind,
      target_id: r.target_id,
      story_id: r.story_id,
      excerpt: described.get(key)!.excerpt,
      count: Number(r.count),
      registered_reporters: Number(r.registered),
      reasons: reasons.get(key) ?? [],
      details: r.details ?? [],
      status,
      hidden: described.get(key)!.hidden,
      first_at: iso(r.first_at),
      last_at: iso(r.last_at),
    };
  });
}

/** Reports of one status grouped by target, with counts, reasons, details and an excerpt; keyset-paged. */
export async function listReportGroups(db: Db, input: EndpointParsedInput<"adminReportList">): Promise<{ groups: Group[]; next_cursor: string | null }> {
  const rows = await groupRows(db, input.status, { cursor: input.cursor, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  return { groups: await toGroups(db, input.status, page), next_cursor: rows.length > input.limit ? groupCursor(page.at(-1)!) : null };
}

type ResolveInput = EndpointParsedInput<"adminReportResolve">;

/** Which actions fit which targets: a message can be removed (hide = delete), a story or character hidden or unpublished. */
function checkAction(input: ResolveInput): void {
  const wrong = (message: string) => new ApiError("VALIDATION_ERROR", `Invalid body: action ${message}`, { fields: [{ path: "action", message }] });
  if (input.target_kind === "message" && input.action === "unpublish") throw wrong("unpublish is for a story or character; use delete_message");
  if (input.target_kind !== "message" && input.action === "delete_message") throw wrong("delete_message is for a message; use hide or unpublish");
  if (input.target_kind === "message") messageId(input.target_id);
}

/** What a notice calls the reported target. */
function targetName(target: ReportTarget, story: typeof stories.$inferSelect | undefined, actorName: string | undefined): string {
  if (target.kind === "message") return "a chat message";
  if (target.kind === "character") return `the character “${actorName ?? target.id}”`;
  return `the story “${story?.title ?? target.storyId}”`;
}

/** Carries out the action on the target; answers whether the catalogue changed. */
async function act(tx: Tx, target: ReportTarget, input: ResolveInput, story: typeof stories.$inferSelect | undefined): Promise<boolean> {
  if (input.action === "dismiss") return false;
  if (input.action === "unpublish") {
    await takeDown(tx, target.storyId);
    if (story) await tellAuthor(tx, story, `Staff unpublished your story “${story.title}” after reports: ${input.reason}`);
    return true;
  }
  const hid = await hideTarget(tx, target, input.reason);
  if (hid && story) await tellAuthor(tx, story, `Staff hid your story “${story.title}” after reports: ${input.reason}`);
  return hid;
}

/**
 * The open reports of one target, locked after the target itself (its story row, or its message
 * row), in the order a new report takes its locks, so the two never wait on each other in a circle.
 */
async function lockOpenReports(tx: Tx, kind: ReportTargetKind, id: string): Promise<(typeof reports.$inferSelect)[]> {
  const ofTarget = and(eq(reports.targetKind, kind), eq(reports.targetId, id));
  const [any] = await tx.select({ storyId: reports.storyId }).from(reports).where(ofTarget).limit(1);
  if (any && kind === "message") await tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, Number(id))).for("update");
  else if (any) await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, any.storyId)).for("update");
  const open = await tx.select().from(reports).where(and(ofTarget, eq(reports.status, "open"))).for("update");
  if (open.length === 0) throw notFound(`No open reports of ${kind} ${id}`);
  return open;
}

/**
 * Resolves every open report of one target in one transaction with its audit row: dismissed, or
 * actioned (the target hidden, its story unpublished, or the message removed), and then every
 * reporter of an actioned target gets a notice. A target with no open reports is NOT_FOUND.
 */
export async function resolveReports(db: Db, staffId: number, input: ResolveInput): Promise<{ group: Group }> {
  checkAction(input);
  const status: GroupStatus = input.action === "dismiss" ? "dismissed" : "actioned";
  const { group, changed } = await db.transaction(async (tx) => {
    const open = await lockOpenReports(tx, input.target_kind, input.target_id);
    const target: ReportTarget = { kind: input.target_kind, id: input.target_id, storyId: open[0]!.storyId };
    const names = await namesOf(tx, [target.storyId], target.kind === "character" ? [target.id] : []);
    const story = names.stories.get(target.storyId);
    const changed = await act(tx, target, input, story);
    const ids = open.map((r) => r.id);
    await tx.update(reports).set({ status, resolvedBy: staffId, resolvedAt: new Date(), resolution: input.action }).where(inArray(reports.id, ids));
    await recordStaffAction(tx, { staffId, action: `report.${input.action}`, targetKind: target.kind, targetId: target.id, reason: input.reason, detail: { story_id: target.storyId, reports: ids.map(String) } });
    if (status === "actioned") {
      const what = targetName(target, story, names.actors.get(target.id));
      for (const reporter of new Set(open.map((r) => r.reporterId))) {
        await notify(tx, reporter, "report.actioned", `We acted on your report of ${what}. Thank you for telling us.`);
      }
    }
    const [row] = await groupRows(tx, status, { target: { kind: target.kind, id: target.id }, limit: 1 });
    return { group: (await toGroups(tx, status, [row!]))[0]!, changed };
  });
  if (changed) invalidateCatalogue(db);
  return { group };
}
