"use client";
import { IntentLink as Link } from "../shell/intent-link";
import { useSession } from "@storyloom/api-client/react";
import { DiamondIcon, formatCoins } from "@storyloom/ui";

/**
 * The header's coin balance, linking to the coins page. It follows the session store, so claims,
 * chat replies and purchases show here at once. Before the session is known it keeps its size
 * (no layout shift) and shows no number rather than a wrong one.
 */
export function CoinsChip() {
  const coins = useSession((s) => (s.ready || s.user ? (s.user?.coins ?? null) : null));
  return (
    <Link
      href="/user/coins"
      aria-label={coins === null ? "Coins" : `${formatCoins(coins)} coins`}
      className="inline-flex min-h-10 min-w-16 items-center justify-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-base font-semibold tabular-nums hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
    >
      <DiamondIcon width={16} height={16} />
      <span aria-hidden="true">{coins === null ? "–" : formatCoins(coins)}</span>
    </Link>
  );
}
