// @storyloom/payments/server — Node only: the Stripe and Onlypay adapters, the sandboxes that play
// them, and the one idempotent fulfilment entry the API's routes call. The ledger stays in the API
// and is passed in (PaymentDeps).
import type Stripe from "stripe";
import type { Db } from "@storyloom/db";
import type { PaymentDeps } from "./deps";
import { closeOrder, fulfilOrder, type PaidNotice } from "./fulfil";
import { handleOnlypayNotification } from "./notify";
import type { OnlypayNotification } from "./onlypay";
import { reconcile, reconcileOrder, type OnFixed, type ProviderAccess } from "./reconcile";
import { reverseOrder, type ReversalNotice } from "./reversals";
import { handleStripeEvent } from "./stripe";

export * from "./constants";
export * from "./deps";
export { isCredited, type OrderRow, type PaidNotice } from "./fulfil";
export { onProviderEvent, type EventAnswer, type ProviderEvent } from "./events";
export * from "./onlypay";
export type { NotifyOutcome } from "./notify";
export type { Discrepancy, OnFixed, ProviderAccess, ProviderState } from "./reconcile";
export type { ReversalNotice, ReversalOutcome, ReversalRecord } from "./reversals";
export { createCheckoutSession, stripeClient, STRIPE_API_VERSION, verifyStripeEvent, withSessionPlaceholder, type WebhookOutcome } from "./stripe";
export { sandboxRoutes, type SandboxOptions } from "./sandbox/index";
export { formatAmount } from "./sandbox/page";

/** The fulfilment entry: every state change of an order goes through these, each idempotent. */
export interface Payments {
  /** A verified Stripe event: stored, then acted on once. */
  stripeEvent(event: Stripe.Event): ReturnType<typeof handleStripeEvent>;
  /** A verified Onlypay notification: stored, then acted on once. */
  onlypayNotification(n: OnlypayNotification): ReturnType<typeof handleOnlypayNotification>;
  /** Credits a paid order once. */
  fulfil(notice: PaidNotice): ReturnType<typeof fulfilOrder>;
  /** Closes a pending order without payment. */
  close(orderId: string, provider: PaidNotice["provider"], status: "failed" | "cancelled"): Promise<boolean>;
  /** Takes a refund's or dispute's coins back once. */
  reverse(notice: ReversalNotice): ReturnType<typeof reverseOrder>;
  /** Compares orders with their providers and, with `fix`, repairs them. */
  reconcile(access: ProviderAccess, opts: { fix: boolean; since: Date }): ReturnType<typeof reconcile>;
  /** Compares one order with its provider and, with `fix`, repairs it in one transaction, running `onFixed` in it when something was fixed. */
  reconcileOrder(access: ProviderAccess, orderId: string, fix: boolean, onFixed?: OnFixed): ReturnType<typeof reconcileOrder>;
}

/** Binds the payment domain to a database and the API's ledger and errors. */
export function createPayments(db: Db, deps: PaymentDeps): Payments {
  return {
    stripeEvent: (event) => handleStripeEvent(deps, db, event),
    onlypayNotification: (n) => handleOnlypayNotification(deps, db, n),
    fulfil: (notice) => fulfilOrder(deps, db, notice),
    close: (orderId, provider, status) => closeOrder(deps, db, orderId, provider, status),
    reverse: (notice) => reverseOrder(deps, db, notice),
    reconcile: (access, opts) => reconcile(deps, db, access, opts),
    reconcileOrder: (access, orderId, fix, onFixed) => reconcileOrder(deps, db, access, orderId, fix, onFixed),
  };
}
