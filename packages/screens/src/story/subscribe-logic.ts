
/** The subscribe form's states: typing, sending, and the three outcomes it tells apart. */
export type SubscribeStatus = "idle" | "sending" | "subscribed" | "duplicate" | "error";

// A light check for the form (name@domain.tld, no spaces); the API's contract has the final word and
// its VALIDATION_ERROR is shown as it comes. Kept free of zod so the story page ships none.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Checks an address before sending; returns the message to show, or null when it looks valid. */
export function emailError(value: string): string | null {
  const v = value.trim();
  if (!v) return "Enter your e-mail address.";
  return v.length <= 254 && EMAIL_SHAPE.test(v) ? null : "Enter a valid e-mail address, like name@example.com.";
}

/** The line the form shows for a finished attempt. */
export function subscribeMessage(status: SubscribeStatus, email: string, title: string): string {
  switch (status) {
    case "subscribed":
      return `Done: ${email} will hear about new chapters of “${title}”.`;
    case "duplicate":
      return `You are already subscribed to “${title}”.`;
    case "error":
      return "We could not subscribe you. Please try again.";
    default:
      return "";
  }
}
