// The console's list filters, kept in the page's URL (searchParams) so a view can be shared: each
// parser reads only the values the API accepts and drops anything else, so a hand-edited or stale
// link shows the default view instead of an error.

/** What a page's search parameters look like to the parsers (URLSearchParams or Next's read-only copy). */
export type Params = Pick<URLSearchParams, "get">;

/** A keyset cursor as the API takes it (the decimal id of the previous page's last row). */
const ID_CURSOR = /^[1-9][0-9]{0,17}$/;
/** The report list's opaque cursor. */
const REPORT_CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
/** A calendar day as the date inputs give it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The review queue's states. */
export const REVIEW_STATES = ["pending", "approved", "rejected"] as const;
export type ReviewStateFilter = (typeof REVIEW_STATES)[number];
/** The report groups' statuses. */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatusFilter = (typeof REPORT_STATUSES)[number];

/** A parameter's trimmed value, or undefined when missing or blank. */
function text(params: Params, key: string, max = 200): string | undefined {
  const v = params.get(key)?.trim();
  return v && v.length <= max ? v : undefined;
}

/** One of `allowed`, else the first (the default). */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T {
  return allowed.includes(value as T) ? (value as T) : allowed[0]!;
}

/** A value matching `pattern`, else undefined. */
function matching(params: Params, key: string, pattern: RegExp): string | undefined {
  const v = params.get(key);
  return v && pattern.test(v) ? v : undefined;
}

/** The moderation queue's view: state, the page's cursor and the open version. */
export function parseReviewFilters(params: Params): { state: ReviewStateFilter; cursor?: string; version?: string } {
  return { state: oneOf(params.get("state"), REVIEW_STATES), cursor: matching(params, "cursor", ID_CURSOR), version: matching(params, "version", ID_CURSOR) };
}

/** The reports view: status and the page's cursor. */
export function parseReportFilters(params: Params): { status: ReportStatusFilter; cursor?: string } {
  return { status: oneOf(params.get("status"), REPORT_STATUSES), cursor: matching(params, "cursor", REPORT_CURSOR) };
}

/** The player search: the query (e-mail, uuid, username or invite code) and the page's cursor. */
export function parsePlayerSearch(params: Params): { q?: string; cursor?: string } {
  return { q: text(params, "q", 254), cursor: matching(params, "cursor", ID_CURSOR) };
}

/** The audit log's filters as the URL holds them (days as YYYY-MM-DD). */
export interface AuditFilters {
  staff_id?: string;
  action?: string;
  target_kind?: string;
  target_id?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

/** The audit log's view from the URL; a reversed date range keeps only `from`. */
export function parseAuditFilters(params: Params): AuditFilters {
  const from = matching(params, "from", DAY);
  let to = matching(params, "to", DAY);
  if (from && to && to < from) to = undefined;
  return {
    staff_id: matching(params, "staff_id", /^[1-9][0-9]{0,9}$/),
    action: text(params, "action", 100),
    target_kind: text(params, "target_kind", 40),
    target_id: text(params, "target_id", 200),
    from,
    to,
    cursor: matching(params, "cursor", ID_CURSOR),
  };
}

/**
 * The audit filters as the API's audit.list takes them: days become the start of `from` and the end
 * of `to` (UTC), so a one-day range covers the whole day.
 */
export function auditQuery(f: AuditFilters): Record<string, string> {
  const q: Record<string, string> = {};
  for (const key of ["staff_id", "action", "target_kind", "target_id", "cursor"] as const) if (f[key]) q[key] = f[key];
  if (f.from) q.from = `${f.from}T00:00:00.000Z`;
  if (f.to) q.to = `${f.to}T23:59:59.999Z`;
  return q;
}

/**
 * The query string of a view: `changes` over the current parameters, blank values removed. Any change
 * of a filter starts again at the first page (the cursor is dropped) unless the change sets it.
 */
export function withParams(current: Params & { toString(): string }, changes: Record<string, string | undefined | null>): string {
  const next = new URLSearchParams(current.toString());
  if (!("cursor" in changes)) next.delete("cursor");
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v.trim() === "") next.delete(k);
    else next.set(k, v.trim());
  }
  const s = next.toString();
  return s ? `?${s}` : "";
}
