// HTTP only, no server imports: the API's own tests read codes as a user would. Other packages' tests
// have the same in @storyloom/test-api (a package cannot import this app).

/** Reads the newest sign-in code sent to an address from the dev mailbox. */
export async function readCode(api: { url: string }, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${api.url}/dev/mail?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { data: { mail: { subject: string }[] } };
    const m = body.data.mail[0] && /(\d{6})/.exec(body.data.mail[0].subject);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}
