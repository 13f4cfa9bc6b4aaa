// What the payment return page can honestly say, from its query and the order lookup.
import type { Order } from "@storyloom/contract";

/** The return page's query (spec section 2): token; for the card provider also provider=stripe and session_id. */
export interface RechargeParams {
  token?: string;
  provider?: string;
  sessionId?: string;
  orderId?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/** Reads the query; Stripe's unfilled `{CHECKOUT_SESSION_ID}` placeholder counts as no id. */
export function readRechargeParams(query: Record<string, string | string[] | undefined>): RechargeParams {
  const sessionId = first(query.session_id);
  return {
    token: first(query.token),
    provider: first(query.provider),
    sessionId: sessionId && !sessionId.startsWith("{") ? sessionId : undefined,
    orderId: first(query.order_id) ?? first(query.orderId),
  };
}

/** The order to look up: the card provider's session id, else the redirect provider's order id. */
export function lookupId(params: RechargeParams): string | null {
  return params.sessionId ?? params.orderId ?? null;
}

/** What the page shows. Success only for an order the server says is paid, never on the URL's word. */
export type RechargeView = "verifying" | "success" | "failed" | "unconfirmed";

/** How many times a pending order is re-checked (every 3 s) before the page stops saying "verifying". */
export const MAX_CHECKS = 20;

/** The view for the lookup's state. */
export function rechargeView(input: { id: string | null; loading: boolean; error: boolean; status?: Order["status"]; checks: number }): RechargeView {
  if (!input.id || input.error) return "unconfirmed";
  if (input.loading || !input.status) return input.loading ? "verifying" : "unconfirmed";
  if (input.status === "paid") return "success";
  if (input.status === "failed" || input.status === "cancelled") return "failed";
  return input.checks < MAX_CHECKS ? "verifying" : "unconfirmed";
}
