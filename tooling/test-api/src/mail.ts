/**
 * Reads the newest sign-in code mailed to an address, from the API's dev mailbox (`GET /dev/mail`,
 * on in every test API). HTTP only, so a browser-like test file (happy-dom) can use it with the URL
 * its global setup handed over.
 */
export async function readCode(api: { url: string }, email: string): Promise<string> {
  // The API sends mail from its outbox a moment after the request: poll for up to ~2.5 s.
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${api.url}/dev/mail?to=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`GET /dev/mail answered ${res.status}: is the dev mailbox on (DEV_MAILBOX=true)?`);
    const body = (await res.json()) as { data: { mail: { subject: string }[] } };
    const m = body.data.mail[0] && /(\d{6})/.exec(body.data.mail[0].subject);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}
