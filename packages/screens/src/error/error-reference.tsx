import { ErrorDetail } from "@storyloom/ui";

/**
 * The error page's "Reference: …" line for support: the API's request id of the read that failed
 * (read-error.ts), or Next's digest of any other server error. One click selects the whole id, so a
 * player can copy it into a message; nothing shows for an error that has no reference.
 */
export function ErrorReference({ digest }: { digest?: string }) {
  if (!digest) return null;
  return (
    <ErrorDetail>
      Reference: <span className="select-all">{digest}</span>
    </ErrorDetail>
  );
}
