/** The error page's case for an error a route threw: offline or a failed fetch is a connection error. */
export function routeErrorStatus(error: Error & { digest?: string }, online: boolean): number | undefined {
  if (!online) return 0;
  if (error.name === "TypeError" && /fetch|network|load failed/i.test(error.message)) return 0;
  // Errors from the server render carry a digest; anything else failed in the browser (unknown case).
  return error.digest ? 500 : undefined;
}
