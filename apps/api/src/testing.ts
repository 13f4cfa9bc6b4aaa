import { createTestDb } from "@storyloom/db/testing";
import { loadConfig, type Config } from "./config";
import { startApi, type RunningApi } from "./server";

/** Starts a real API on a fresh test database (PostgreSQL when DATABASE_URL is set, else PGlite) on a free port. */
export async function startTestApi(overrides: Partial<Config> = {}): Promise<RunningApi> {
  const handle = await createTestDb();
  const config = loadConfig(
    {},
    {
      NODE_ENV: "test",
      PORT: 0,
      LOG_LEVEL: "silent",
      VALIDATE_RESPONSES: true,
      CODE_SEND_PER_IP_PER_HOUR: 10_000,
      OUTBOX_POLL_MS: 200,
      // The dev mailbox is refused in production; a test of production mode reads mail another way.
      DEV_MAILBOX: overrides.NODE_ENV !== "production",
      PAYMENTS_SANDBOX: true,
      ...overrides,
    },
  );
  return startApi(config, handle);
}

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
