"use client";
import Link from "next/link";
import { useSession } from "@storyloom/api-client/react";
import { DiamondIcon, formatCoins } from "@storyloom/ui";

/**
 * The header's coin balance, linking to the coins page. Client-only because the balance is
 * personal; until the session is known it shows a placeholder of the same size (no layout shift).
 */
export function CoinsChip() {
  const coins = useSession((s) => s.user?.coins);
  return (
    <Link
      href="/user/coins"
      data-testid="coins-chip"
      className="inline-flex h-9 min-w-20 items-center justify-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-sm font-semibold text-fg hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <DiamondIcon />
      <span>{coins === undefined ? "—" : formatCoins(coins)}</span>
      <span className="sr-only">coins</span>
    </Link>
  );
}
