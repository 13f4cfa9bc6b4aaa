// "Today" for check-ins and daily tasks is the UTC calendar day: one rule for every user and every
// API instance, independent of server time zones. A day rolls over at 00:00 UTC.

/** The UTC calendar day of `at` as YYYY-MM-DD. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** The YYYY-MM-DD day `n` days after `day` (negative for before). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return utcDay(d);
}

/** The instant the UTC day `day` starts. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
