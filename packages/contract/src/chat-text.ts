// Text rules the API and the chat screen must apply alike (a light entry: no schemas).

/**
 * A reply's text and its "Continue" as one text, as the API stores it (the continuation trimmed): a
 * space between words, none before punctuation. The chat's live text uses the same rule, so it is
 * the stored text once the turn is done.
 */
export function joinContinuation(before: string, after: string): string {
  if (!before) return after;
  return /\s$/.test(before) || /^[,.;:!?…)\]'"’”-]/.test(after) ? `${before}${after}` : `${before} ${after}`;
}
