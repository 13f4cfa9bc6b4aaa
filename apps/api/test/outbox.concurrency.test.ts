import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { outbox } from "@storyloom/db";
import { loadConfig } from "../src/config";
import { mailHandler } from "../src/outbox/mail";
import { Outbox } from "../src/outbox/outbox";
import { startTestApi, testInstances } from "../src/testing";
import type { RunningApi } from "../src/server";
import { call } from "./http";

// Every instance runs an outbox worker; claims use FOR UPDATE SKIP LOCKED, so each mail leaves
// once however many workers drain at the same time. Here: the API's worker(s) (two processes with
// API_TEST_INSTANCES=2) plus one more worker in this process, all polling every 50 ms, against a
// real SMTP peer that counts deliveries by Message-ID (derived from the outbox row).

const where = `${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${testInstances()} instance(s) + 1 worker`;
const received: string[] = [];
const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, cb) {
    let raw = "";
    stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    // A slow peer widens the window in which a second worker could take the same row.
    stream.on("end", () => setTimeout(() => {
      received.push(/^Message-ID: (<[^>]+>)/im.exec(raw)?.[1] ?? "none");
      cb();
    }, 20));
  },
});

let api: RunningApi;
let extra: Outbox;
beforeAll(async () => {
  await new Promise<void>((res) => smtp.listen(0, "127.0.0.1", () => res()));
  const SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  api = await startTestApi({ SMTP_URL, OUTBOX_POLL_MS: 50 });
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  extra = new Outbox(api.ctx.db, {}, quiet);
  extra.register("mail", mailHandler(loadConfig({}, { SMTP_URL }), quiet));
  extra.start(50);
});
afterAll(async () => {
  await extra?.stop();
  await api?.stop();
  await new Promise<void>((res) => smtp.close(() => res()));
});

describe(`the outbox worker on every instance (${where})`, () => {
  it("delivers each of 60 mails exactly once", async () => {
    const tag = `ob-${process.pid}-${Date.now()}`;
    // 30 due at once in one commit (every worker sees them in the same pass) and 30 sign-in codes.
    await api.handle.exec(`
      insert into outbox (kind, payload, dedupe_key)
      select 'mail', jsonb_build_object('to', '${tag}-bulk-' || i || '@example.com', 'subject', 'bulk ' || i, 'text', 'hello'), '${tag}-bulk-' || i
      from generate_series(1, 30) as i`);
    const sends = await Promise.all(Array.from({ length: 30 }, (_, i) => call(api, "POST", "/api/v1/verify-code.send", { body: { email: `${tag}-code-${i}@example.com` } })));
    expect(sends.every((s) => s.code === "0")).toBe(true);

    const mine = like(sql`${outbox.payload}->>'to'`, `${tag}-%`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await api.ctx.db.select({ sentAt: outbox.sentAt }).from(outbox).where(mine);
      if (rows.length === 60 && rows.every((r) => r.sentAt)) break;
      if (Date.now() > deadline) throw new Error(`only ${rows.filter((r) => r.sentAt).length} of 60 sent`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300)); // a late duplicate would arrive now
    const rows = await api.ctx.db.select({ id: outbox.id, attempts: outbox.attempts }).from(outbox).where(mine);
    const ids = new Set(rows.map((r) => `<outbox-${r.id}@storyloom.ai>`));
    const delivered = received.filter((m) => ids.has(m));
    expect(delivered).toHaveLength(60);
    expect(new Set(delivered).size).toBe(60);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
