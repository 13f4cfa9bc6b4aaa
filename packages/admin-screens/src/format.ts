// How the console writes dates and numbers: one fixed, unambiguous form (UTC), dense enough for tables.

/** A timestamp as "2026-11-28 10:59 UTC"; an empty cell for none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return "—";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A whole number with thousands separators. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}
