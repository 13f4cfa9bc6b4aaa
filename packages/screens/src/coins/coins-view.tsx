"use client";
import { useState } from "react";
import type { PricePackage } from "@storyloom/contract";
import { IntentLink as Link } from "../shell/intent-link";
import { useSession } from "@storyloom/api-client/react";
import {
  Badge,
  Button,
  DiamondIcon,
  EmptyState,
  ErrorState,
  Skeleton,
  formatCoins,
  formatDollars,
  preloadDialog,
} from "@storyloom/ui";
import { clientOnly } from "@storyloom/ui/client-only";
import { CoinBalance } from "../account/coin-balance";
import { LedgerHistory } from "./ledger-history";
import { usePurchase } from "./use-purchase";

const RETURN_PATH = "/user/coins";

// The dialog's code loads when it is first opened (or the buy button is hovered or focused), not
// with the page: most visits to the coins page never open it.
const loadPurchaseDialog = () => import("@storyloom/ui/purchase-dialog");
const PurchaseDialog = clientOnly(() => loadPurchaseDialog().then((m) => m.PurchaseDialog));

function Packages({ purchase }: { purchase: ReturnType<typeof usePurchase> }) {
  const { prices, openDialog } = purchase;
  if (prices.isPending) {
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <span className="sr-only" role="status">
          Loading packages
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (prices.isError)
    return (
      <ErrorState
        message="Failed to fetch price list"
        onRetry={() => void prices.refetch()}
        retrying={prices.isFetching}
      />
    );
  if (prices.data.length === 0)
    return <EmptyState title="No packages available right now" description="Please check back later." />;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {prices.data.map((pkg) => (
        <li key={pkg.id}>
          <button
            type="button"
            onClick={() => openDialog(pkg.id)}
            className="relative flex min-h-28 w-full flex-col items-center justify-center gap-1 rounded-2xl border-2 border-line bg-surface-2 px-3 pb-3 pt-8 text-center outline-none hover:border-brand focus-visible:ring-2 focus-visible:ring-brand"
          >
            {pkg.extra.discount_percent ? (
              <Badge tone="danger" className="absolute right-2 top-2">
                {pkg.extra.discount_percent}% OFF
              </Badge>
            ) : null}
            <span className="text-xs uppercase tracking-wide text-muted">{pkg.name}</span>
            <span className="flex items-center gap-1 text-lg font-semibold">
              <DiamondIcon width={20} height={20} />
              {formatCoins(pkg.coins)}
              <span className="sr-only"> coins</span>
            </span>
            <span className="font-semibold">{formatDollars(pkg.amount)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The coins page: balance, the packages (each opens the purchase dialog on it) and the coin history.
 * `initialPrices` is the price list read by the server, so the packages paint with the page.
 */
export function CoinsView({ initialPrices }: { initialPrices?: PricePackage[] }) {
  const { ready, user, isLoggedIn } = useSession();
  const purchase = usePurchase(RETURN_PATH, initialPrices);
  // Mounted from its first opening on (so it can animate out), never before.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (purchase.dialogProps.open && !dialogMounted) setDialogMounted(true);
  // Both halves: the purchase dialog's module and the dialog frame (Headless UI) it opens in.
  const warmDialog = () => {
    void loadPurchaseDialog();
    preloadDialog();
  };

  return (
    <div className="flex flex-col gap-8" onPointerOver={warmDialog} onFocus={warmDialog}>
      <section
        aria-labelledby="balance-title"
        className="rounded-2xl bg-linear-to-br from-brand to-[color-mix(in_srgb,var(--brand-primary)_55%,black)] p-5 text-white"
      >
        <h2 id="balance-title" className="text-sm uppercase tracking-wide text-white">
          Your balance
        </h2>
        <p className="mt-1 text-4xl" aria-live="polite">
          {ready && user ? (
            <CoinBalance coins={user.coins} />
          ) : (
            <span
              className="inline-block h-10 w-28 animate-pulse rounded-lg bg-white/30"
              aria-label="Loading balance"
              role="img"
            />
          )}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => purchase.openDialog()}>
            Buy coins
          </Button>
          <Link
            href="/daily-tasks"
            className="inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-white underline underline-offset-4 hover:bg-white/10"
          >
            Earn free coins
          </Link>
        </div>
        {/* Two lines are kept for this note from the first paint, so the page below does not jump
            when the session resolves. */}
        <p className="mt-3 min-h-10 text-sm text-white">
          {!ready
            ? null
            : isLoggedIn
              ? "Bought coins are added to your balance as soon as the payment is confirmed."
              : "You are a guest: sign in when you buy so your coins are kept on your account."}
        </p>
      </section>

      <section aria-labelledby="packages-title">
        <h2 id="packages-title" className="mb-3 text-lg font-semibold">
          Coin packages
        </h2>
        <Packages purchase={purchase} />
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-1 text-lg font-semibold">
          Coin history
        </h2>
        {ready ? <LedgerHistory /> : <Skeleton className="h-14" />}
      </section>

      {dialogMounted ? (
        <PurchaseDialog
          {...purchase.dialogProps}
          footnote={
            <>
              Coins are a virtual item with no cash value. See the{" "}
              <Link href="/refund" className="underline">
                refund policy
              </Link>
              .
            </>
          }
        />
      ) : null}
    </div>
  );
}
