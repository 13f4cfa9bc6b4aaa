import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@storyloom/db";
import { loadConfig } from "../src/config";
import { startApi, type RunningApi } from "../src/server";
import { startTestApi } from "../src/testing";
import { GraphPeer } from "./graphPeer";
import { call, newGuest } from "./http";

// The ad-platform forward against a local Graph API peer: what arrives, hashed, once; retries with
// backoff; nothing lost across a restart; and bad input refused with nothing stored.

const RAW_EMAIL = "Reader.Person@Example.COM";
const RAW_PHONE = "+1 (650) 555-0123";
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const now = () => Math.floor(Date.now() / 1000);
let seq = 0;
const event = (over: Record<string, unknown> = {}) => ({
  event_name: "CheckIn",
  event_time: now(),
  event_id: `evt-${process.pid}-${++seq}`,
  user_data: { em: RAW_EMAIL, ph: RAW_PHONE, external_id: "user-42", fbp: "fb.1.1700000000000.123" },
  custom_data: { currency: "usd", value: 4.99, order_id: `order-${seq}` },
  event_source_url: "http://127.0.0.1:3160/recharge-success",
  ...over,
});
const FORWARD = "/api/v1/meta-api.forward";

async function dbText(db: Db): Promise<string> {
  const r = rowsOf<{ t: string }>(
    await db.execute(sql`select coalesce((select string_agg(x::text, '|') from meta_events x), '') || (select coalesce(string_agg(x::text, '|'), '') from outbox x) as t`),
  );
  return r[0]!.t;
}
async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}
const count = async (db: Db, table: string) => Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

describe(`meta-api.forward with Meta configured (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let peer: GraphPeer;
  let api: RunningApi;
  beforeAll(async () => {
    peer = await new GraphPeer().start();
    api = await startTestApi({ META_PIXEL_ID: "1234567890", META_ACCESS_TOKEN: "test-token", META_GRAPH_URL: peer.url, META_RETRY_BASE_MS: 200, OUTBOX_POLL_MS: 100 });
  });
  afterAll(async () => {
    await api?.stop();
    await peer?.stop();
  });
  afterEach(() => {
    peer.requests.length = 0;
  });

  it("forwards each event once, hashed and enriched, from JSON, form and multipart bodies", async () => {
    const a = event();
    const b = event({ event_name: "CompleteRegistration", custom_data: undefined });
    const c = event({ event_name: "CompleteRegistration" });
    const json = await call<{ events_received: number }>(api, "POST", FORWARD, { body: { data: [a, b] }, headers: { "user-agent": "TestBrowser/1.0" } });
    expect(json).toMatchObject({ status: 200, code: "0", data: { events_received: 2 } });
    const form = await call(api, "POST", FORWARD, { rawBody: new URLSearchParams({ data: JSON.stringify([c, a]) }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form).toMatchObject({ status: 200, code: "0", data: { events_received: 2 } });
    const multipart = new FormData();
    multipart.set("data", JSON.stringify([b, c]));
    const res = await fetch(`${api.url}${FORWARD}`, { method: "POST", body: multipart });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: "0", data: { events_received: 2 } });

    await waitFor(() => peer.events.length >= 3);
    await new Promise((r) => setTimeout(r, 400)); // a duplicate would have arrived by now
    const ids = peer.events.map((e) => e.event_id).sort();
    expect(ids).toEqual([a.event_id, b.event_id, c.event_id].sort());
    expect(peer.requests.every((r) => r.pixelId === "1234567890" && r.body.access_token === "test-token")).toBe(true);

    const got = peer.events.find((e) => e.event_id === a.event_id) as { user_data: Record<string, string>; custom_data: unknown; action_source: string };
    expect(got.user_data.em).toBe(sha("reader.person@example.com"));
    expect(got.user_data.ph).toBe(sha("16505550123"));
    expect(got.user_data.external_id).toBe(sha("user-42"));
    expect(got.user_data.client_ip_address).toBe("127.0.0.1");
    expect(got.user_data.client_user_agent).toBe("TestBrowser/1.0");
    expect(got.user_data.fbp).toBe("fb.1.1700000000000.123");
    expect(got.custom_data).toEqual({ currency: "usd", value: 4.99, order_id: a.custom_data.order_id });
    expect(got.action_source).toBe("website");

    for (const r of peer.requests) {
      expect(r.raw).not.toMatch(/example\.com/i);
      expect(r.raw).not.toContain("555-0123");
    }
    const stored = await dbText(api.ctx.db);
    expect(stored).toContain(sha("reader.person@example.com"));
    expect(stored).not.toMatch(/example\.com/i);
    expect(stored).not.toContain("555-0123");
    await waitFor(async () => Number(rowsOf<{ n: number }>(await api.ctx.db.execute(sql`select count(*)::int as n from meta_events where sent_at is null`))[0]!.n) === 0);
  });

  it("publishes the pixel id the browser's pixel uses", async () => {
    const r = await call(api, "GET", "/api/v1/tracking.config");
    expect(r.data).toEqual({ meta_pixel_id: "1234567890", meta_pixel_script_url: "https://connect.facebook.net/en_US/fbevents.js", posthog_key: null, posthog_host: "https://us.i.posthog.com", session_recording_id: null });
  });

  it("links events to the caller when a token is sent", async () => {
    const g = await newGuest(api);
    const e = event();
    await call(api, "POST", FORWARD, { body: { data: [e] }, token: g.token });
    const r = rowsOf<{ user_id: number }>(await api.ctx.db.execute(sql`select user_id from meta_events where event_id = ${e.event_id}`));
    expect(Number(r[0]!.user_id)).toBe(g.user.id);
    await waitFor(() => peer.events.some((x) => x.event_id === e.event_id));
  });

  it("retries a 5xx with backoff (200 ms, then 400 ms) and delivers once", async () => {
    peer.failNext(2, 503);
    const e = event();
    expect((await call(api, "POST", FORWARD, { body: { data: [e] } })).code).toBe("0");
    await waitFor(() => peer.events.length === 1);
    expect(peer.requests).toHaveLength(3);
    const [first, second, third] = peer.requests.map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(190);
    expect(third! - second!).toBeGreaterThanOrEqual(390);
    expect(peer.requests.every((r) => r.body.data?.[0]?.event_id === e.event_id)).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(peer.events).toHaveLength(1);
  });

  it("leaves a batch the Graph API keeps refusing to the outbox's later retry", async () => {
    peer.failNext(3, 500);
    const e = event();
    await call(api, "POST", FORWARD, { body: { data: [e] } });
    await waitFor(() => peer.requests.length === 3);
    await waitFor(async () => {
      const r = rowsOf<{ last_error: string | null; attempts: number }>(
        await api.ctx.db.execute(sql`select last_error, attempts from outbox where kind = 'meta-events' order by id desc limit 1`),
      )[0];
      return Boolean(r?.last_error?.includes("500"));
    });
    const row = rowsOf<{ sent_at: string | null; available_at: string }>(
      await api.ctx.db.execute(sql`select sent_at, available_at from outbox where kind = 'meta-events' order by id desc limit 1`),
    )[0]!;
    expect(row.sent_at).toBeNull();
    expect(new Date(row.available_at).getTime()).toBeGreaterThan(Date.now());
  });

  it("refuses bad input with a 4xx envelope and stores nothing", async () => {
    const before = { events: await count(api.ctx.db, "meta_events"), outbox: await count(api.ctx.db, "outbox"), limits: await count(api.ctx.db, "rate_limits") };
    const bad: [string, unknown][] = [
      ["no events", { data: [] }],
      ["51 events", { data: Array.from({ length: 51 }, () => event()) }],
      ["unknown event name", { data: [event({ event_name: "Lead" })] }],
      ["older than 7 days", { data: [event({ event_time: now() - 8 * 86400 })] }],
      ["unknown field", { data: [event({ email: RAW_EMAIL })] }],
      ["unknown user_data field", { data: [event({ user_data: { email: RAW_EMAIL } })] }],
      ["no data", {}],
    ];
    for (const [why, body] of bad) {
      const r = await call(api, "POST", FORWARD, { body });
      expect(r.status, why).toBe(400);
      expect(r.code, why).toBe("VALIDATION_ERROR");
      expect(r.message, why).toMatch(/^Invalid body: /);
    }
    const empty = await call(api, "POST", FORWARD, { body: { data: [] } });
    expect(empty.message).toContain("No events to send");
    const form = await call(api, "POST", FORWARD, { rawBody: "data=%5Bnot-json", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(form.message).toMatch(/^Invalid body: data/);
    const text = await call(api, "POST", FORWARD, { rawBody: "hello", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    expect({ events: await count(api.ctx.db, "meta_events"), outbox: await count(api.ctx.db, "outbox"), limits: await count(api.ctx.db, "rate_limits") }).toEqual(before);
    expect(await dbText(api.ctx.db)).not.toMatch(/example\.com/i);
  });

  it("loses nothing when the API restarts with events still queued", async () => {
    const handle = api.handle;
    // A second instance on the same database that never polls: it takes the events and stops before sending.
    const config = loadConfig({}, { ...api.ctx.config, OUTBOX_POLL_MS: 3_600_000 });
    const stopped = await startApi({ ...config, PORT: 0 }, handle);
    await api.ctx.outbox.stop(); // the first instance must not drain them either
    const events = [event(), event(), event()];
    expect((await call(stopped, "POST", FORWARD, { body: { data: events } })).data).toEqual({ events_received: 3 });
    await stopped.ctx.outbox.stop();
    await stopped.app.close(); // the "crash": the process is gone, the database stays
    expect(peer.events.filter((x) => events.some((e) => e.event_id === x.event_id))).toHaveLength(0);

    const restarted = await startApi({ ...config, OUTBOX_POLL_MS: 100, PORT: 0 }, handle);
    try {
      // (the refused batch of the test above may come round again meanwhile: only these three count)
      const ours = () => peer.events.map((e) => e.event_id).filter((id) => events.some((e) => e.event_id === id));
      await waitFor(() => ours().length === 3);
      await new Promise((r) => setTimeout(r, 400));
      expect(ours().sort()).toEqual(events.map((e) => e.event_id).sort());
    } finally {
      await restarted.ctx.outbox.stop();
      await restarted.app.close();
      api.ctx.outbox.start(100);
    }
  });
});

describe("meta-api.forward without Meta credentials (the embedded default)", () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startTestApi({ META_FORWARD_PER_IP_PER_MINUTE: 3 });
  });
  afterAll(() => api?.stop());

  it("stores the events hashed, sends nothing and shows them on the dev page", async () => {
    const e = event();
    const r = await call(api, "POST", FORWARD, { body: { data: [e] } });
    expect(r).toMatchObject({ status: 200, code: "0", data: { events_received: 1 } });
    expect(await count(api.ctx.db, "outbox where kind = 'meta-events'")).toBe(0);
    const dev = await call<{ forwarding: boolean; events: { event_id: string; sent_at: string | null; payload: { user_data: { em: string } } }[] }>(api, "GET", "/dev/meta-events");
    expect(dev.data.forwarding).toBe(false);
    expect(dev.data.events[0]).toMatchObject({ event_id: e.event_id, sent_at: null, payload: { user_data: { em: sha("reader.person@example.com") } } });
  });

  it("publishes no pixel and no analytics key by default", async () => {
    const r = await call(api, "GET", "/api/v1/tracking.config");
    expect(r.data).toMatchObject({ meta_pixel_id: null, posthog_key: null, session_recording_id: null });
  });

  it("rate-limits each client", async () => {
    await call(api, "POST", FORWARD, { body: { data: [event()] } });
    await call(api, "POST", FORWARD, { body: { data: [event()] } });
    const r = await call<{ retry_after: number }>(api, "POST", FORWARD, { body: { data: [event()] } });
    expect(r).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(r.data.retry_after).toBeGreaterThan(0);
  });
});
