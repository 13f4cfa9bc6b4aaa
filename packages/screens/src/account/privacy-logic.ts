// The settings page's privacy rights, their pure parts: the export's file and the dates shown.
// No React here, so every rule is unit-tested.

/** "storyloom-data-2026-11-28.json": the brand's name and the day of the export. */
export function exportFileName(brand: string, at: Date): string {
  const slug = brand.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "account";
  return `${slug}-data-${at.toISOString().slice(0, 10)}.json`;
}

/** The export as the file's text: indented JSON, so a person can read it. */
export function exportText(data: Record<string, unknown>): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** "28 November 2026" for a stored time; the text itself when it cannot be read as one. */
export function dayText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * What deleting an account does, in the order it happens (shown before the code is sent). The
 * window is the API's ACCOUNT_DELETION_DAYS, which the privacy page promises as 30 days.
 */
export function deletionSteps(days = 30): string[] {
  return [
    "You are signed out everywhere at once, and the account can no longer be used.",
    "Your e-mail is released at once: it can sign up again later as a new, empty account.",
    `Within ${days} days your profile, chats, stories you wrote, likes and subscriptions are erased.`,
    "Coins, purchases and the coin ledger are not refunded; their records are kept without your name, as accounting and chargeback rules require.",
  ];
}
