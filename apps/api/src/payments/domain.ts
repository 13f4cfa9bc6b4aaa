import { createPayments, type PaymentDeps, type Payments } from "@storyloom/payments/server";
import type { Db } from "@storyloom/db";
import { ApiError } from "../errors";
import { applyLedger } from "../services/ledger";

/** The API's side of the payment domain: its ledger, and failures as its error envelope. */
export const paymentDeps: PaymentDeps = {
  applyLedger,
  fail: (code, message, data) => new ApiError(code, message, data ?? null),
};

/** The payment domain bound to a database and the API's ledger. */
export function paymentsFor(db: Db): Payments {
  return createPayments(db, paymentDeps);
}
