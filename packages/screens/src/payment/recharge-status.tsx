"use client";
import { useEffect, useRef, useState } from "react";
import { IntentLink as Link } from "../shell/intent-link";
import { useApiClient, useOrder } from "@storyloom/api-client/react";
import { trackPurchase } from "@storyloom/tracking";
import { storedPaymentToken, takePaymentToken } from "@storyloom/payments/client";
import { Spinner } from "@storyloom/ui";
import { CoinBalance } from "../account/coin-balance";
import { MAX_CHECKS, lookupId, rechargeView, type RechargeParams } from "./recharge-state";

const linkButton = "inline-flex min-h-11 items-center justify-center rounded-xl px-5 font-semibold";

/** The return page's body: verifies the order with the server and says only what it confirmed. */
export function RechargeStatus({ params, supportEmail }: { params: RechargeParams; supportEmail: string }) {
  const client = useApiClient();
  const id = lookupId(params);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);

  // The payment token handoff: the token travels in the URL only to get here; it is kept for this
  // tab (a reload finds it again) and dropped from the address bar. With it the order is looked up
  // as the buyer even where this browser context has no session of theirs (a frame, another context).
  const [handoff, setHandoff] = useState<string | null | undefined>(params.token ? params.token : undefined);
  useEffect(() => {
    setHandoff(takePaymentToken() ?? storedPaymentToken());
  }, []);

  const order = useOrder(
    handoff === undefined ? "" : (id ?? ""),
    {
      retry: false,
      refetchInterval: (q) => (q.state.data?.order.status === "pending" && q.state.dataUpdateCount < MAX_CHECKS ? 3000 : false),
    },
    handoff ?? undefined,
  );
  // Counts answers (not renders) so "verifying" ends after MAX_CHECKS pending answers.
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (order.dataUpdatedAt) setChecks((c) => c + 1);
  }, [order.dataUpdatedAt]);
  const view = rechargeView({ id, loading: order.isPending && !!id, error: order.isError, status: order.data?.order.status, checks });

  // A paid order credited coins: reload the balance the header and coins page show.
  const paid = view === "success" ? order.data?.order : undefined;
  useEffect(() => {
    // The ad-platform purchase: its event id comes from the order id, so a reload of this page,
    // the pixel and the server event all name the same purchase and it is counted once.
    if (paid) trackPurchase({ orderId: paid.id, value: paid.amount / 100, coins: paid.coins, packageId: paid.price_id });
  }, [paid]);
  useEffect(() => {
    if (view === "success") void client.loadUser();
    // Move focus to the new outcome when it changes, not on arrival (the page title says enough then).
    if (firstView.current) firstView.current = false;
    else heading.current?.focus();
  }, [view, client]);

  const support = (
    <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Payment ${id ?? ""}`.trim())}`} className="underline underline-offset-4">
      {supportEmail}
    </a>
  );

  return (
    <div aria-live="polite" className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface-2 p-6 text-center">
      {view === "verifying" && (
        <>
          <Spinner size={32} />
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            Verifying your payment…
          </h2>
          <p className="text-muted">This usually takes a few seconds. Please keep this page open.</p>
        </>
      )}
      {view === "success" && order.data && (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            Payment confirmed
          </h2>
          <p>
            <CoinBalance coins={order.data.order.coins} className="text-2xl" /> have been added to your balance.
          </p>
          <Link href="/" className={`${linkButton} bg-brand text-white`}>
            Continue playing
          </Link>
        </>
      )}
      {view === "failed" && (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            The payment was not completed
          </h2>
          <p className="text-muted">No coins were added and you were not charged for this order. You can try again from the coins page.</p>
          <Link href="/user/coins" className={`${linkButton} bg-brand text-white`}>
            Back to coins
          </Link>
        </>
      )}
      {view === "unconfirmed" && (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            We couldn&apos;t confirm this payment yet
          </h2>
          <p className="text-muted">
            If you were charged, your coins will be added as soon as the payment provider confirms it. If they do not appear within an hour, write to {support}
            {id ? " with the reference below" : ""}.
          </p>
          {id && (
            <p className="text-sm">
              Reference: <code className="break-all font-mono">{id}</code>
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-3">
            <Link href="/user/coins" className={`${linkButton} bg-brand text-white`}>
              Go to coins
            </Link>
            <Link href="/" className={`${linkButton} border border-line`}>
              Go home
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
