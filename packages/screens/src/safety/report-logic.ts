// The report dialog's pure parts: the reasons in order, what a failure says, and the details' limit.
// No React here, so every rule is unit-tested.
// Constants and types only: the contract's root pulls zod, which the pages must not load.
import type { ReportTargetKind } from "@storyloom/contract";
import { REPORT_REASON_LABELS, REPORT_REASONS as REASONS, SAFETY_TEXT_MAX, type ReportReasonId } from "@storyloom/contract/constants";

/** The fixed reasons in the contract's order, with their labels. */
export const REPORT_REASONS: { value: ReportReasonId; label: string }[] = REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/** What is being reported, as the dialog names it. */
export interface ReportTarget {
  kind: ReportTargetKind;
  /** a story id, a character slug, or a chat message id */
  id: string;
  /** what the visitor sees it as: the story's title, the character's name, "this message" */
  label: string;
}

/** The dialog's title for a target. */
export function reportTitle(t: Pick<ReportTarget, "kind">): string {
  return t.kind === "story" ? "Report this story" : t.kind === "character" ? "Report this character" : "Report this message";
}

/** "123 / 1,000" under the details field. */
export function detailsCount(text: string): string {
  return `${text.length.toLocaleString("en-US")} / ${SAFETY_TEXT_MAX.toLocaleString("en-US")}`;
}

/**
 * A failed report in words: a rate limit, a target gone, no answer, or the server's own message (a
 * repeat of an open report is not a failure: the API answers the report already there).
 */
export function reportErrorText(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : "";
  if (code === "RATE_LIMITED") return `You have sent many reports in a short time. ${message ? `${message}.` : "Please try again in an hour."} You can also write to support.`;
  if (code === "NOT_FOUND") return "This can no longer be reported: it may have been removed already.";
  if (code === "ERROR" || !message) return "The report could not be sent. Check your connection and try again.";
  return message;
}
