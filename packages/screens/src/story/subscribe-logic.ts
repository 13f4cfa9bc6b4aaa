import { Email } from "@storyloom/contract";

/** The subscribe form's states: typing, sending, and the three outcomes it tells apart. */
export type SubscribeStatus = "idle" | "sending" | "subscribed" | "duplicate" | "error";

/** Checks an address as the API will; returns the message to show, or null when it is valid. */
export function emailError(value: string): string | null {
  if (!value.trim()) return "Enter your e-mail address.";
  return Email.safeParse(value).success ? null : "Enter a valid e-mail address, like name@example.com.";
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
