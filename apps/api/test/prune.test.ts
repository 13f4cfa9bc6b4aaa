import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@storyloom/db";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";

// Rate-limit rows and sent mail only ever grew. The prune job (on every instance, every
// PRUNE_INTERVAL_MS) deletes rate-limit windows long over and outbox rows sent long ago, and
// nothing that still counts: an open window, a message not yet sent, a failed one kept for a look.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
let api: RunningApi;
beforeAll(async () => {
  api = await startTestApi({ PRUNE_INTERVAL_MS: 100, OUTBOX_KEEP_DAYS: 7, OUTBOX_POLL_MS: 60_000 });
});
afterAll(() => api.stop());

const keys = async (q: string) => rowsOf<{ k: string }>(await api.ctx.db.execute(sql.raw(q))).map((r) => String(r.k)).sort();

describe(`the prune job (${engine})`, () => {
  it("deletes who-was-active rows of past days and keeps today's and yesterday's (the counts stay in activity_daily)", async () => {
    const u = rowsOf<{ id: number }>(await api.ctx.db.execute(sql`insert into users (name) values ('Active') returning id`))[0]!.id;
    await api.ctx.db.execute(sql`insert into activity_players (day, user_id) values
      ((now() at time zone 'utc')::date - 3, ${u}), ((now() at time zone 'utc')::date - 1, ${u}), ((now() at time zone 'utc')::date, ${u})`);
    const days = async () => rowsOf<{ age: number }>(await api.ctx.db.execute(sql`select ((now() at time zone 'utc')::date - day)::int as age from activity_players where user_id = ${u} order by day`)).map((r) => Number(r.age));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await days()).length > 2) await new Promise((r) => setTimeout(r, 100));
    expect(await days()).toEqual([1, 0]);
  });

  it("deletes ended rate-limit windows and mail sent before the retention, keeps the rest", async () => {
    await api.handle.exec(`
      insert into rate_limits (key, window_start, count) values
        ('prune-old', now() - interval '2 days', 5),
        ('prune-open', now() - interval '10 minutes', 3);
      insert into outbox (kind, payload, dedupe_key, created_at, sent_at) values
        ('mail', '{}', 'prune-sent-old', now() - interval '9 days', now() - interval '8 days'),
        ('mail', '{}', 'prune-sent-new', now() - interval '2 days', now() - interval '1 day');
      insert into outbox (kind, payload, dedupe_key, created_at, available_at) values
        ('mail', '{}', 'prune-pending-old', now() - interval '30 days', now() + interval '1 day');
      insert into outbox (kind, payload, dedupe_key, created_at, failed_at) values
        ('mail', '{}', 'prune-failed-old', now() - interval '30 days', now() - interval '29 days');`);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await keys("select key as k from rate_limits where key = 'prune-old'")).length > 0) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300)); // one more pass: a pass takes both tables
    expect(await keys("select key as k from rate_limits where key like 'prune-%'")).toEqual(["prune-open"]);
    expect(await keys("select dedupe_key as k from outbox where dedupe_key like 'prune-%'")).toEqual(["prune-failed-old", "prune-pending-old", "prune-sent-new"]);
  });
});
