/** Joins class names, skipping falsy entries, so conditional Tailwind classes stay readable. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}
