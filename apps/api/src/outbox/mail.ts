import nodemailer from "nodemailer";
import { z } from "zod";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { OutboxHandler } from "./outbox";

/** A mail as it waits in the outbox. */
export const MailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailPayload = z.infer<typeof MailPayload>;

/**
 * Sends outbox mail: through SMTP when SMTP_URL is set; otherwise, with the dev mailbox on, printed to
 * the log (the dev mailbox page shows it), and with neither it stays unsent and is retried. The Message-ID is derived from the outbox id, so a resend after a crash is
 * recognisable as the same message.
 */
export function mailHandler(config: Config, log: Pick<FastifyBaseLogger, "info">): OutboxHandler {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const domain = /@([^>\s]+)/.exec(config.MAIL_FROM)?.[1] ?? "storyloom.local";
  return async (payload, id) => {
    const mail = MailPayload.parse(payload);
    if (!transport) {
      if (!config.DEV_MAILBOX) throw new Error("no SMTP_URL and no DEV_MAILBOX: nowhere to send mail");
      log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "mail (no SMTP configured)");
      return;
    }
    await transport.sendMail({
      from: config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      messageId: `<outbox-${id}@${domain}>`,
    });
  };
}

/** The mail carrying the code that confirms an account deletion (the account's e-mail is its only proof). */
export function deletionCodeMail(to: string, code: string, ttlMinutes: number): MailPayload {
  const warn = "If you did not ask to delete your account, ignore this mail: nothing happens without the code.";
  return {
    to,
    subject: `Your account deletion code: ${code}`,
    text: `Your code to delete your account is ${code}. It expires in ${ttlMinutes} minutes.\n\n${warn}`,
    html: `<p>Your code to delete your account is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${ttlMinutes} minutes. ${warn}</p>`,
  };
}
