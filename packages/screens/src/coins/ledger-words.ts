// Ledger reasons as the API stores them ("check-in", "task:play-game", …) in the product's words.
import { formatCoins } from "@storyloom/ui/format";

const reasons: Record<string, string> = {
  welcome: "Welcome bonus",
  "check-in": "Daily check-in",
  invite: "Friend joined with your invite",
  chat: "Story reply",
  "guest-coins": "Guest coins carried over",
  "merged-into-account": "Moved to your account",
  purchase: "Coin purchase",
  refund: "Refund",
  dispute: "Payment disputed",
};

const tasks: Record<string, string> = {
  "play-game": "play a story",
  "share-game": "share a story",
  "create-story": "pitch a story",
  "invite-friend": "invite a friend",
};

/** A ledger reason in words; an unknown one is tidied ("some_reason" → "Some reason") rather than hidden. */
export function ledgerReason(reason: string): string {
  if (reasons[reason]) return reasons[reason];
  if (reason.startsWith("task:")) {
    const task = reason.slice(5);
    return `Daily task: ${tasks[task] ?? task.replace(/[-_]/g, " ")}`;
  }
  if (reason.startsWith("purchase") || reason.startsWith("order")) return "Coin purchase";
  const words = reason.replace(/[-_:]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Coins";
}

/** The part of a refund the balance could not cover, in words. */
export function shortfallText(coins: number): string {
  return `${formatCoins(coins)} ${coins === 1 ? "coin" : "coins"} could not be taken back (balance too low)`;
}

/** A signed amount: "+20" for credits, "−5" (a real minus sign) for debits, "0" for a record-only entry. */
export function signedAmount(amount: number): string {
  if (amount === 0) return "0";
  const n = formatCoins(Math.abs(amount));
  return amount < 0 ? `\u2212${n}` : `+${n}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * When an entry happened, in the reader's time zone ("Nov 23, 2026, 7:47 AM", en-US medium date and
 * short time); an unreadable timestamp is shown as given. Built from the Date's own fields rather
 * than Intl.DateTimeFormat, whose first use loads ICU's date data: 40–70 ms of main thread in
 * Chromium on our CI machine, spent while the ledger renders.
 */
export function ledgerDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, "0");
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
