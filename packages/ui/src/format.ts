// Money and coin counts in the one format the spec uses (en-US: "$4.99", "12,000"). Plain string
// arithmetic, not Intl.NumberFormat: the first Intl number formatter a page creates loads ICU's
// number data, 35–60 ms of main thread in Chromium on our CI machine (×4 under Lighthouse's CPU
// throttling), and these modules load on every page.

/** Inserts thousands separators into a string of digits: "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats an amount in cents as US dollars with two decimals: 499 → "$4.99", −250 → "-$2.50". */
export function formatDollars(cents: number): string {
  if (!Number.isFinite(cents)) return "$0.00";
  const total = Math.round(Math.abs(cents));
  const whole = Math.floor(total / 100);
  const fraction = String(total % 100).padStart(2, "0");
  return `${cents < 0 && total > 0 ? "-" : ""}$${groupThousands(String(whole))}.${fraction}`;
}

/** Formats a coin count with thousands separators, rounded to a whole coin: 12000 → "12,000". */
export function formatCoins(coins: number): string {
  if (!Number.isFinite(coins)) return "0";
  const whole = Math.round(Math.abs(coins));
  return `${coins < 0 && whole > 0 ? "-" : ""}${groupThousands(String(whole))}`;
}
