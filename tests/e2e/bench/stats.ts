// The arithmetic of `pnpm bench:web`: medians and spreads of rounds, ratios to the empty page of the
// same round, and the paired A/B comparison with its confidence interval.

/** The median (the upper one of an even count); NaN for no values. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/** `min–max` of the values, formatted with `digits` decimals ("" for fewer than two values). */
export function spread(xs: readonly number[], digits = 0): string {
  if (xs.length < 2) return "";
  return `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
}

/**
 * Student's t, two-sided 90% (the 0.95 quantile), by degrees of freedom. Between listed values the
 * next lower df is used (a slightly wider interval, never a narrower one).
 */
const T95: readonly [number, number][] = [
  [1, 6.314], [2, 2.92], [3, 2.353], [4, 2.132], [5, 2.015], [6, 1.943], [7, 1.895], [8, 1.86], [9, 1.833],
  [10, 1.812], [11, 1.796], [12, 1.782], [13, 1.771], [14, 1.761], [15, 1.753], [16, 1.746], [17, 1.74],
  [18, 1.734], [19, 1.729], [20, 1.725], [25, 1.708], [30, 1.697], [40, 1.684], [60, 1.671], [120, 1.658],
];
export function t95(df: number): number {
  if (!(df >= 1)) return Number.NaN;
  let t = T95[0]![1];
  for (const [d, v] of T95) if (d <= df) t = v;
  return t;
}

export interface PairedDifference {
  pairs: number;
  /** Mean of (B − A) over the pairs. */
  mean: number;
  /** The 90% confidence interval of that mean (t distribution). */
  low: number;
  high: number;
}

/**
 * The mean difference B − A of paired measurements and its 90% confidence interval. A change is a
 * gain when the whole interval is on the better side of zero.
 */
export function pairedDifference(a: readonly number[], b: readonly number[]): PairedDifference {
  if (a.length !== b.length) throw new Error(`pairedDifference: ${a.length} A values but ${b.length} B values`);
  const d = a.map((x, i) => b[i]! - x).filter((x) => Number.isFinite(x));
  const n = d.length;
  const mean = d.reduce((s, x) => s + x, 0) / n;
  if (n < 2) return { pairs: n, mean, low: Number.NaN, high: Number.NaN };
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  const half = (t95(n - 1) * sd) / Math.sqrt(n);
  return { pairs: n, mean, low: mean - half, high: mean + half };
}

/** What a paired difference says, for a metric where lower is better. */
export function verdictOf(d: PairedDifference): "B faster" | "B slower" | "no difference shown" {
  if (d.high < 0) return "B faster";
  if (d.low > 0) return "B slower";
  return "no difference shown";
}

/** A layout shift as the Layout Instability API reports it. */
export interface Shift {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
}

/**
 * Cumulative Layout Shift as Core Web Vitals defines it: shifts not caused by recent input, grouped
 * into session windows (a gap under 1 s, a window under 5 s); the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let best = 0;
  let sum = 0;
  let first = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of [...shifts].filter((x) => !x.hadRecentInput).sort((x, y) => x.startTime - y.startTime)) {
    if (s.startTime - last < 1000 && s.startTime - first < 5000) sum += s.value;
    else {
      sum = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, sum);
  }
  return best;
}

/**
 * Total blocking time of a load: every long task's time past 50 ms, for tasks that start between the
 * first contentful paint and `until` (the scripted tap), as Lighthouse counts between FCP and TTI.
 */
export function totalBlockingTime(tasks: readonly { startTime: number; duration: number }[], fcp: number, until: number): number {
  return tasks.filter((t) => t.startTime >= fcp && t.startTime < until).reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
}
