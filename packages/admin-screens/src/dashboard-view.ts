// The dashboard's view, kept in the URL (?range=&brand=) so it can be shared, and the shaping of its
// panels into chart series and table rows. No React here: the rules are tested on their own.
import { DashboardBrand, DashboardRange, type Dashboard } from "@storyloom/contract";
import type { Params } from "./filters";

/** The ranges as the page offers them. */
export const RANGES: { value: DashboardRange; label: string }[] = [
  { value: "today", label: "Today" },
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
];
/** The brands as the page offers them. */
export const BRANDS: { value: DashboardBrand; label: string }[] = [
  { value: "all", label: "All brands" },
  { value: "storyloom", label: "Storyloom" },
  { value: "playshot", label: "PlayShot" },
  { value: "unknown", label: "Unknown" },
];

/** The view in the URL; anything the API would refuse falls back to 7 days, all brands. */
export function parseDashboardView(params: Params): { range: DashboardRange; brand: DashboardBrand } {
  const range = DashboardRange.safeParse(params.get("range"));
  const brand = DashboardBrand.safeParse(params.get("brand"));
  return { range: range.success ? range.data : "7d", brand: brand.success ? brand.data : "all" };
}

/** The dashboard's link for a view. */
export function dashboardHref(view: { range: DashboardRange; brand: DashboardBrand }): string {
  return `/dashboard?${new URLSearchParams(view).toString()}`;
}

/** A column of a panel's table (and a series of its chart when `series`). */
export interface PanelColumn<R> {
  key: keyof R & string;
  label: string;
  /** Drawn in the chart (the first column, the day or name, never is). */
  series?: boolean;
  format?: (v: number) => string;
}

/** Cents as dollars with two decimals. */
export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** Whole numbers with thousands separators (the same on the server and in every browser). */
export const count = (n: number) => n.toLocaleString("en-US");
/** A model cost estimate in dollars. */
export const dollars = (n: number) => `$${n.toFixed(4)}`;

/** Whether every charted number of the rows is zero (the panel shows its empty state). */
export function allZero<R>(rows: R[], columns: PanelColumn<R>[]): boolean {
  return rows.every((r) => columns.every((c) => !c.series || !r[c.key]));
}

/** The funnel as rows of a stage and how many reached it, with the share of the stage before. */
export function funnelRows(f: Dashboard["funnel"]): { stage: string; accounts: number; share: string }[] {
  const share = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : "—");
  return [
    { stage: "Accounts made", accounts: f.accounts, share: "" },
    { stage: "Signed up", accounts: f.registered, share: share(f.registered, f.accounts) },
    { stage: "Paid", accounts: f.payers, share: share(f.payers, f.registered) },
  ];
}
