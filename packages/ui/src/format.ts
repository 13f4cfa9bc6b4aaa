const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Formats an amount in cents as US dollars with two decimals: 499 → "$4.99". */
export function formatDollars(cents: number): string {
  return dollars.format(cents / 100);
}

/** Formats a coin count with thousands separators: 12000 → "12,000". */
export function formatCoins(coins: number): string {
  return counts.format(coins);
}
