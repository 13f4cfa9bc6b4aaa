import { createPayments, type PaymentDeps, type Payments } from "@storyloom/payments/server";
import type { Db } from "@storyloom/db";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { applyLedger } from "../services/ledger";
import { recordPurchaseConversion } from "../services/metaEvents";

/** The API's side of the payment domain: its ledger, and failures as its error envelope. */
export const paymentDeps: PaymentDeps = {
  applyLedger,
  fail: (code, message, data) => new ApiError(code, message, data ?? null),
};

/**
 * The payment domain bound to a database and the API's ledger. With the outbox and settings, a
 * paid order also records the server's Purchase conversion in its fulfilment transaction (sent to
 * the Conversions API when META_PIXEL_ID and META_ACCESS_TOKEN are set, stored otherwise).
 */
export function paymentsFor(db: Db, ctx?: Pick<AppContext, "config" | "outbox">): Payments {
  if (!ctx) return createPayments(db, paymentDeps);
  const forward = Boolean(ctx.config.META_PIXEL_ID && ctx.config.META_ACCESS_TOKEN);
  return createPayments(db, {
    ...paymentDeps,
    onFulfilled: async (tx, order) => {
      await recordPurchaseConversion(tx, ctx.outbox, order, forward);
    },
  });
}
