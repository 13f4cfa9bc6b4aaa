import type { Db, orders, Tx } from "@storyloom/db";

// What the payment domain needs from the application: the ledger (coins stay in the API, which owns
// balances) and how failures are raised (the API's error envelope). Passed in, never imported.

/** One change of a balance, as the API's ledger takes it. */
export interface LedgerChange {
  userId: number;
  amount: number;
  reason: string;
  idempotencyKey: string;
  meta?: Record<string, unknown>;
  /** Allows amount 0: an entry that only records (a reversal the balance could not cover). */
  recordOnly?: boolean;
}

/** The API's ledger function: moves coins once per idempotency key, never below zero. */
export type ApplyLedger = (db: Db | Tx, change: LedgerChange) => Promise<{ applied: boolean; balance: number }>;

/** The failures the payment domain raises; the API turns them into its 400/404 envelope. */
export type PaymentFailure = "VALIDATION_ERROR" | "NOT_FOUND";

/** The application's side of payments. */
export interface PaymentDeps {
  applyLedger: ApplyLedger;
  fail: (code: PaymentFailure, message: string, data?: Record<string, unknown>) => Error;
  /**
   * Runs once per order, inside the fulfilment's transaction, when its coins are first credited:
   * what the application does for a paid order (the API records the server's Purchase conversion).
   */
  onFulfilled?: (tx: Tx, order: typeof orders.$inferSelect) => Promise<void>;
}

/** Every price is in US cents (spec section 9). */
export const CURRENCY = "usd";

/** A payment provider. */
export type Provider = "stripe" | "onlypay";
