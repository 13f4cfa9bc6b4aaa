import { z } from "zod";
import { Timestamp } from "./entities";
import { AdminLimit, StaffReason } from "./safety";
import { StaffLedgerEntry } from "./console";

// The console's orders: the list, one order with its provider events and ledger rows, refunds of
// Stripe orders through the Stripe API, and reconciliation with a fix per order. Staff only.

const Int = z.number().int();
/** An order id on the wire (ours: ord_…). */
const OrderId = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be an order id");
const IsoDate = z.string().datetime({ offset: true, message: "must be an ISO-8601 date-time" });

/** Largest refund one call may ask for, in cents (far above any package; the order's rest is the real bound). */
export const REFUND_MAX_CENTS = 10_000_000;
/** Most days one reconciliation run looks back. */
export const RECONCILE_MAX_DAYS = 90;

/** The states of an order. */
export const OrderStatus = z.enum(["pending", "paid", "failed", "cancelled"]);
/** A brand filter: a brand, or "unknown" for orders from before brands were recorded. */
export const OrderBrandFilter = z.enum(["storyloom", "playshot", "unknown"]);

/** An order as the console lists it. */
export const ConsoleOrder = z.object({
  id: z.string(),
  user_id: Int,
  provider: z.string(),
  price_id: z.string(),
  amount: Int,
  currency: z.string(),
  coins: Int,
  status: z.string(),
  refunded_amount: Int,
  disputed_amount: Int,
  reversed_coins: Int,
  coin_shortfall: Int,
  brand: z.string().nullable(),
  provider_ref: z.string().nullable(),
  payment_ref: z.string().nullable(),
  created_at: Timestamp,
  paid_at: Timestamp.nullable(),
  /** what staff may refund now, in cents (0: nothing) */
  refundable: Int,
  /** why no refund is offered (null when one is) */
  refund_blocked: z.string().nullable(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrder>;

/** A provider notification about an order, as stored when it arrived. */
export const OrderEvent = z.object({
  provider: z.string(),
  id: z.string(),
  type: z.string(),
  status: z.string(),
  outcome: z.unknown().nullable(),
  error: z.string().nullable(),
  deliveries: Int,
  received_at: Timestamp,
  processed_at: Timestamp.nullable(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** A disagreement between an order's provider and the ledger (see payments:reconcile). */
export const OrderDiscrepancy = z.object({
  order_id: z.string(),
  provider: z.string(),
  problem: z.enum(["paid-not-credited", "refund-not-reversed", "credited-not-paid", "provider-unreachable"]),
  detail: z.string(),
  fixed: z.boolean(),
});
export type OrderDiscrepancy = z.infer<typeof OrderDiscrepancy>;

/** What each orders call takes. */
export const consoleOrderInputs = {
  orderList: z
    .object({
      status: OrderStatus.optional(),
      provider: z.enum(["stripe", "onlypay"]).optional(),
      brand: OrderBrandFilter.optional(),
      from: IsoDate.optional(),
      to: IsoDate.optional(),
      /** the id of the last order of the previous page */
      cursor: OrderId.optional(),
      limit: AdminLimit,
    })
    .refine((v) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to), { message: "from must not be after to", path: ["from"] }),
  orderGet: z.object({ order_id: OrderId }),
  orderRefund: z
    .object({
      order_id: OrderId,
      /** cents to refund: at most what was paid less what was refunded */
      amount: Int.min(1, "must be at least 1 cent").max(REFUND_MAX_CENTS),
      reason: StaffReason,
    })
    .strict(),
  reconcileRun: z.object({ days: z.coerce.number().int().min(1).max(RECONCILE_MAX_DAYS).default(30) }),
  reconcileFix: z.object({ order_id: OrderId, reason: StaffReason }).strict(),
};

/** What each orders call answers. */
export const consoleOrderOutputs = {
  orderList: z.object({ orders: z.array(ConsoleOrder), next_cursor: z.string().nullable() }),
  orderGet: z.object({
    order: ConsoleOrder,
    player: z.object({ id: Int, name: z.string(), email: z.string().nullable(), coins: Int }),
    events: z.array(OrderEvent),
    /** the ledger rows of this order: its credit and its reversals */
    ledger: z.array(StaffLedgerEntry),
    reversals: z.array(z.unknown()),
  }),
  /** The refund as Stripe made it; the coins come back through Stripe's charge.refunded webhook. */
  orderRefund: z.object({ refund: z.object({ id: z.string(), amount: Int, status: z.string() }), order: ConsoleOrder }),
  reconcileRun: z.object({ since: Timestamp, differences: z.array(OrderDiscrepancy) }),
  /** what the check found for this order and whether each was fixed; remaining: still wrong */
  reconcileFix: z.object({ order: ConsoleOrder, differences: z.array(OrderDiscrepancy), remaining: Int }),
};
