import type { Db } from "@storyloom/db";
import { CURRENCY, type PaymentDeps } from "./deps";
import { onProviderEvent } from "./events";
import { closeOrder, fulfilOrder } from "./fulfil";
import type { OnlypayNotification } from "./onlypay";
import { reverseOrder } from "./reversals";

/** What an Onlypay notification did; `replay` when answered from the record. */
export interface NotifyOutcome {
  order_id: string;
  applied: boolean;
  coins?: number;
  shortfall?: number;
  replay?: boolean;
  recorded?: NotifyOutcome;
}

/**
 * Acts on a verified Onlypay notification: paid fulfils, failed closes, refunded takes coins back.
 * Onlypay sends no event id, so an outcome is one event per order and a refund one per refund id;
 * the event is stored first and a repeat is answered from the record.
 */
export async function handleOnlypayNotification(deps: PaymentDeps, db: Db, n: OnlypayNotification): Promise<NotifyOutcome> {
  const orderId = n.merchant_order_id;
  const eventId = n.status === "refunded" ? `${n.onlypay_order_id}:refund:${n.refund_id}` : `${n.onlypay_order_id}:${n.status}`;
  const answer = await onProviderEvent(db, { provider: "onlypay", id: eventId, type: n.status, orderId }, async (tx): Promise<NotifyOutcome> => {
    if (n.status === "paid") {
      const r = await fulfilOrder(deps, tx, { orderId, provider: "onlypay", providerRef: n.onlypay_order_id, amount: n.amount, currency: n.currency });
      return { order_id: orderId, applied: r.applied };
    }
    if (n.status === "failed") return { order_id: orderId, applied: await closeOrder(deps, tx, orderId, "onlypay", "failed") };
    if (n.currency.toLowerCase() !== CURRENCY) throw deps.fail("VALIDATION_ERROR", "Payment currency does not match the order", { order_id: orderId });
    const r = await reverseOrder(deps, tx, { orderId, provider: "onlypay", kind: "refund", cents: n.refunded_amount!, ref: n.refund_id! });
    return { order_id: orderId, applied: r.applied, coins: r.coins, shortfall: r.shortfall };
  });
  return answer.replay ? { ...answer.outcome, applied: false, replay: true, recorded: answer.outcome } : answer.outcome;
}
