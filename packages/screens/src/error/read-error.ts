// A server component that cannot render without a read throws; the route's error page shows the
// error's reference. In a production build Next hands that page only the error's `digest` (the
// message is withheld), and it keeps a digest the thrown error already has instead of hashing one:
// so a read the API refused throws with the API's request id as its digest, and the page's
// "Reference" is the id support finds in the API's log (and in the site's, which logs the error
// with its digest and message).

/** What a failed server read tells: its message, and the API's request id when it answered. */
export interface FailedRead {
  message: string;
  requestId?: string;
}

// The API's ids (and a proxy's) are short tokens; anything else stays out of the page.
const REFERENCE = /^[A-Za-z0-9._-]{8,64}$/;

/** The error a page throws when `what` could not be loaded: its digest is the API's request id. */
export function readError(what: string, read: FailedRead): Error & { digest?: string } {
  const id = read.requestId && REFERENCE.test(read.requestId) ? read.requestId : undefined;
  const error: Error & { digest?: string } = new Error(`${what} could not be loaded: ${read.message}${id ? ` (request ${id})` : ""}`);
  if (id) error.digest = id;
  return error;
}
