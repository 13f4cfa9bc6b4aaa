import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { outbox } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";

// A real SMTP peer on loopback: the API's nodemailer client talks the real protocol to it.
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
let reject = false;
const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address, _session, cb) {
    if (reject) return cb(Object.assign(new Error("mailbox unavailable"), { responseCode: 450 }));
    cb();
  },
  onData(stream, session, cb) {
    let raw = "";
    stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      cb();
    });
  },
});

let api: RunningApi;
beforeAll(async () => {
  await new Promise<void>((res) => smtp.listen(0, "127.0.0.1", () => res()));
  const port = (smtp.server.address() as AddressInfo).port;
  api = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_POLL_MS: 60_000 });
});
afterAll(async () => {
  await api?.stop();
  await new Promise<void>((res) => smtp.close(() => res()));
});

const waitFor = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out");
};

describe("mail through SMTP via the outbox", () => {
  it("delivers the sign-in code to the SMTP peer once and marks the message sent", async () => {
    const r = await call(api, "POST", "/api/v1/verify-code.send", { body: { email: "smtp-reader@example.com" } });
    expect(r.code).toBe("0");
    await waitFor(() => received.some((m) => m.to.includes("smtp-reader@example.com")));
    const mail = received.find((m) => m.to.includes("smtp-reader@example.com"))!;
    expect(mail.raw).toMatch(/Subject: Your sign-in code: \d{6}/);
    expect(mail.raw).toMatch(/Message-ID: <outbox-\d+@storyloom\.ai>/i);
    await waitFor(async () => {
      const rows = await api.ctx.db.select().from(outbox).where(eq(outbox.kind, "mail"));
      return rows.every((row) => row.sentAt !== null);
    });
    await api.ctx.outbox.drain();
    expect(received.filter((m) => m.to.includes("smtp-reader@example.com"))).toHaveLength(1);
  });

  it("keeps a message the peer refuses and delivers it on a later pass", async () => {
    reject = true;
    await call(api, "POST", "/api/v1/verify-code.send", { body: { email: "later@example.com" } });
    let row: typeof outbox.$inferSelect | undefined;
    await waitFor(async () => {
      [row] = (await api.ctx.db.select().from(outbox)).filter((o) => JSON.stringify(o.payload).includes("later@example.com"));
      return Boolean(row?.lastError);
    });
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(1);
    reject = false;
    await api.ctx.db.update(outbox).set({ availableAt: new Date() }).where(eq(outbox.id, row!.id)); // skip the backoff
    await api.ctx.outbox.drain();
    const [after] = await api.ctx.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after!.sentAt).not.toBeNull();
    expect(received.filter((m) => m.to.includes("later@example.com"))).toHaveLength(1);
  });
});
