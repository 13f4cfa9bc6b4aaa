/** How long {@link readCode} waits for the mail, and how often it asks the mailbox. */
export interface ReadCodeOptions {
  /** Give up after this many milliseconds (default 2,500: a test API sends at once). */
  timeoutMs?: number;
  /** Ask the mailbox again after this many milliseconds (default 50). */
  intervalMs?: number;
}

/** A mail as `GET /dev/mail` lists it (what is read of it): its outbox id, and the mail. */
interface DevMail {
  id: number;
  subject: string;
  text: string;
}

/**
 * Reads the newest sign-in code mailed to an address, from the API's dev mailbox (`GET /dev/mail`,
 * on in every test API, `npm start` and the e2e stack). HTTP only, so a browser-like test file
 * (happy-dom) or a Playwright spec can use it with the API's address. The API's own tests, the
 * other packages' tests and the e2e specs all read codes through this one.
 */
export async function readCode(api: { url: string }, email: string, opts: ReadCodeOptions = {}): Promise<string> {
  const { timeoutMs = 2_500, intervalMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  // The mail is in the outbox once the request that sent it has answered; polling covers a caller
  // that did not wait for that answer (a page that posts it in the browser).
  for (;;) {
    const res = await fetch(`${api.url}/dev/mail?to=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`GET /dev/mail answered ${res.status}: is the dev mailbox on (DEV_MAILBOX=true)?`);
    const code = newestCode(((await res.json()) as { data: { mail: DevMail[] } }).data.mail);
    if (code) return code;
    if (Date.now() + intervalMs > deadline) throw new Error(`no code mailed to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * The code in the newest sign-in mail. The mailbox lists every mail to the address, a subscription
 * notice too, not only codes. The outbox id orders them as they were written; their created_at is
 * the database's time at the start of the sending transaction, which two mails can share.
 */
function newestCode(mail: DevMail[]): string | undefined {
  const codes = mail.filter((m) => /sign-in code/i.test(m.subject)).sort((a, b) => b.id - a.id);
  return codes[0] && /\b(\d{6})\b/.exec(codes[0].text)?.[1];
}
