// The orders screens' URL filters and the refund form's amount: the values the API accepts
// (packages/contract console-orders.ts), anything else dropped or refused before a call.
import type { Checked } from "./rules";

/** What the URL of the orders list may hold. */
export interface OrderFilters {
  status?: "pending" | "paid" | "failed" | "cancelled";
  provider?: "stripe" | "onlypay";
  brand?: "storyloom" | "playshot" | "unknown";
  from?: string;
  to?: string;
  cursor?: string;
}

/** The order statuses, providers and brands the filters offer ("all" first: no filter). */
export const ORDER_STATUSES = ["all", "pending", "paid", "failed", "cancelled"] as const;
export const ORDER_PROVIDERS = ["all", "stripe", "onlypay"] as const;
export const ORDER_BRANDS = ["all", "storyloom", "playshot", "unknown"] as const;
/** How far back a reconciliation run may look, in days. */
export const RECONCILE_DAYS = ["1", "7", "30", "90"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ORDER_CURSOR = /^[A-Za-z0-9_-]{1,64}$/;
type Params = Pick<URLSearchParams, "get">;

/** `value` when it is one of `allowed` other than "all". */
function pick<T extends string>(value: string | null, allowed: readonly T[]): Exclude<T, "all"> | undefined {
  return value && value !== "all" && allowed.includes(value as T) ? (value as Exclude<T, "all">) : undefined;
}

/** The orders list's view from the URL (days as YYYY-MM-DD); a reversed range keeps only `from`. */
export function parseOrderFilters(params: Params): OrderFilters {
  const day = (k: string) => (DAY.test(params.get(k) ?? "") ? params.get(k)! : undefined);
  const from = day("from");
  let to = day("to");
  if (from && to && to < from) to = undefined;
  const cursor = params.get("cursor");
  return {
    status: pick(params.get("status"), ORDER_STATUSES),
    provider: pick(params.get("provider"), ORDER_PROVIDERS),
    brand: pick(params.get("brand"), ORDER_BRANDS),
    from,
    to,
    cursor: cursor && ORDER_CURSOR.test(cursor) ? cursor : undefined,
  };
}

/** The filters as order.list takes them: days become the start of `from` and the end of `to` (UTC). */
export function orderQuery(f: OrderFilters): Record<string, string> {
  const q: Record<string, string> = {};
  for (const key of ["status", "provider", "brand", "cursor"] as const) if (f[key]) q[key] = f[key];
  if (f.from) q.from = `${f.from}T00:00:00.000Z`;
  if (f.to) q.to = `${f.to}T23:59:59.999Z`;
  return q;
}

/** Cents as "$4.99". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A refund amount typed in dollars ("2", "2.5", "2.50") as cents, from 1 cent up to `max`. */
export function checkRefundAmount(input: string, max: number): Checked<number> {
  const typed = input.trim().replace(/^\$/, "");
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return { ok: false, error: "Type an amount in dollars, e.g. 4.99." };
  const [whole, frac = ""] = typed.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (cents < 1) return { ok: false, error: "The amount must be at least $0.01." };
  if (cents > max) return { ok: false, error: `At most ${formatCents(max)} can be refunded.` };
  return { ok: true, value: cents };
}
