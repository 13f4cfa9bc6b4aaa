/** The four cases the error page distinguishes. */
export type ErrorCase = "not-found" | "server" | "connection" | "unknown";

/** Which case an HTTP-ish status belongs to; 0 and -1 mean the request never got an answer. */
export function errorCase(status: number | undefined): ErrorCase {
  if (status === 404) return "not-found";
  if (status === 500) return "server";
  if (status === 0 || status === -1) return "connection";
  return "unknown";
}

/** Title and hints per case (spec section 2). */
export const errorContent: Record<ErrorCase, { title: string; message: string; suggestions: readonly string[] }> = {
  "not-found": {
    title: "Page Not Found",
    message: "The page you are looking for does not exist or has been moved.",
    suggestions: ["Check the address for typos.", "Go back to the home page and browse from there.", "The story may have been removed by its author."],
  },
  server: {
    title: "Server Error",
    message: "Something went wrong on our side. We are looking into it.",
    suggestions: ["Reload the page in a moment.", "If it keeps happening, contact support and tell us what you were doing."],
  },
  connection: {
    title: "Connection Error",
    message: "We could not reach the server.",
    suggestions: ["Check your internet connection.", "Turn off a VPN or ad blocker that may block the site.", "Reload the page once you are back online."],
  },
  unknown: {
    title: "Something Went Wrong",
    message: "An unexpected error occurred.",
    suggestions: ["Reload the page.", "Go back and try again.", "If the problem persists, contact support."],
  },
};

/** The error page's title for a status: 404, 500, 0/-1, anything else. */
export function errorTitle(status: number | undefined): string {
  return errorContent[errorCase(status)].title;
}

export { isBot } from "./is-bot";
