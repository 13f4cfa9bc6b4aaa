import { DiamondIcon, formatCoins } from "@storyloom/ui";

/** A coin amount with the diamond icon; the word "coins" is read out, the icon is decorative. */
export function CoinBalance({ coins, className = "" }: { coins: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 font-semibold tabular-nums ${className}`}>
      <DiamondIcon width="1em" height="1em" />
      {formatCoins(coins)}
      <span className="sr-only"> coins</span>
    </span>
  );
}
