import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { outbox, rowsOf } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { readCode } from "@storyloom/test-api";
import { loadConfig } from "../src/config";
import { startTestApi } from "../src/testing";
import type { RunningApi } from "../src/server";
import { STRIPE_WEBHOOK_PATH } from "../src/payments/providers";
import { call, callEndpoint, newGuest } from "./http";
import { addTestStory, eventually, leaseFree, stream } from "./chat.support";
import { CANCEL_URL, SUCCESS_URL } from "./payments.support";

// /metrics scraped around a short scenario on the real server: a guest signs up and becomes a user,
// chats through the local model peer (a reply, a stopped reply, a model failure), buys coins through
// the Stripe sandbox and its signed webhook. Each counter must have moved by exactly what the
// scenario did (the difference between two scrapes), checked against the database where it knows.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const apiDir = fileURLToPath(new URL("..", import.meta.url));
const TOKEN = "metrics-test-token-0123456789abcdef";
const SEND = "/api/v1/actor/chat/message.send";

/** One sample of the exposition format. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text format (the lines prom-client writes: `name{a="x",b="y"} value`). */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of the samples of `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);
}

/** Whether any sample of `name` carries `labels`. */
const has = (samples: Sample[], name: string, labels: Record<string, string> = {}) => samples.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

let peer: ModelPeer;
let api: RunningApi;
let story: { storyId: string; mara: string };

/** Scrapes the metrics port with the token. */
async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`${api.metricsUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, samples: parse(text) };
}

beforeAll(async () => {
  peer = await startModelPeer({ apiKey: "sk-test" });
  api = await startTestApi({
    LLM_BASE_URL: peer.url,
    LLM_API_KEY: "sk-test",
    LLM_MODEL: "peer-model",
    LLM_RETRIES: 1,
    // Long enough for the stream below to stay open before its first token while it is scraped.
    LLM_FIRST_TOKEN_TIMEOUT_MS: 60_000,
    METRICS_PORT: 0,
    METRICS_TOKEN: TOKEN,
  });
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});

describe(`/metrics behind METRICS_TOKEN and on METRICS_PORT (${engine})`, () => {
  it("answers 401 without the token or with a wrong one, on the API's port and on the metrics port", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", `Basic ${TOKEN}`, TOKEN]) {
      const headers = authorization ? { authorization } : undefined;
      const main = await fetch(`${api.url}/metrics`, { headers });
      expect(main.status).toBe(401);
      expect(main.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(((await main.json()) as { code: string }).code).toBe("UNAUTHORIZED");
      const own = await fetch(`${api.metricsUrl}/metrics`, { headers });
      expect(own.status).toBe(401);
      await own.text();
    }
    const main = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.status).toBe(200);
    expect(main.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await main.text();
    expect(text).toContain("# TYPE storyloom_http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    // The metrics port serves /metrics only.
    expect((await fetch(`${api.metricsUrl}/other`)).status).toBe(404);
    expect((await fetch(`${api.metricsUrl}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
  });

  it("counts a sign-up, a chat and a purchase by exactly what they did", { timeout: 60_000 }, async () => {
    const db = api.ctx.db;
    const maxId = async (table: "coin_ledger" | "outbox") => Number(rowsOf<{ id: unknown }>(await db.execute(sql.raw(`select coalesce(max(id), 0) as id from ${table}`)))[0]!.id);
    const ledgerFrom = await maxId("coin_ledger");
    const outboxFrom = await maxId("outbox");
    const usageToday = async () => {
      const [u] = rowsOf<{ prompt: unknown; completion: unknown }>(
        await db.execute(sql`select prompt_tokens as prompt, completion_tokens as completion from model_usage_daily where day = (now() at time zone 'utc')::date`),
      );
      return { prompt: Number(u?.prompt ?? 0), completion: Number(u?.completion ?? 0) };
    };
    const usageFrom = await usageToday();
    const before = (await scrape()).samples;

    // A guest signs up, then signs in by e-mail code: the guest becomes the account.
    const guest = await newGuest(api);
    const email = `metrics-${process.pid}-${Date.now()}@example.com`;
    expect((await callEndpoint(api, "sendCode", { email })).status).toBe(200);
    const login = await callEndpoint<{ auth: { access_token: string }; user: { id: number } }>(api, "login", { email, code: await readCode(api, email), user_id: guest.uuid });
    expect(login.status).toBe(200);
    const token = login.data.auth.access_token;
    const userId = login.data.user.id;

    // A chat: the story opens (scripted), the model answers typed words as a stream.
    const target = { story_id: story.storyId, actor_id: story.mara, mode: "character" };
    expect((await call(api, "POST", SEND, { token, body: target })).code).toBe("0");
    const replied = await stream(api, SEND, { ...target, content: "Who are you?" }, token);
    const events = await replied.rest();
    expect(events.at(-1)?.event).toBe("done");

    // A reply the player stops while the model has not written a word: the stream is open while
    // the model is asked (the peer holds its first token for a minute), closed once stopped; with
    // no words, nothing is stored and the coin is given back.
    peer.script({ content: "slow words", reasoning: null, tokenDelayMs: 60_000 });
    const stop = new AbortController();
    const slow = await stream(api, SEND, { ...target, content: "Tell me slowly" }, token, stop.signal);
    expect((await slow.next())?.event).toBe("start");
    const during = (await scrape()).samples;
    expect(total(during, "storyloom_sse_streams_open") - total(before, "storyloom_sse_streams_open")).toBe(1);
    stop.abort();
    await eventually(async () => leaseFree(db, userId, story.storyId), 10_000);
    await eventually(async () => total((await scrape()).samples, "storyloom_sse_streams_open") === total(before, "storyloom_sse_streams_open"), 10_000);

    // The model fails twice (the attempt and its retry) before any token: 502, the coin given back.
    peer.script({ status: 500 }, { status: 500 });
    const failed = await call(api, "POST", SEND, { token, body: { ...target, content: "Are you there?" } });
    expect(failed.status).toBe(502);
    expect(failed.code).toBe("MODEL_ERROR");

    // A purchase through the Stripe sandbox: Pay sends the signed webhook, which credits the coins.
    const checkout = await call<{ url: string; session_id: string; order_id: string }>(api, "POST", "/api/v1/checkout.create", {
      token,
      body: { price_id: "coins-300", success_url: SUCCESS_URL, cancel_url: CANCEL_URL },
    });
    expect(checkout.code).toBe("0");
    const paid = await fetch(`${checkout.data.url}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=pay", redirect: "manual" });
    expect(paid.status).toBe(303);
    // A forged webhook is refused before its type can be trusted.
    const forged = await call(api, "POST", STRIPE_WEBHOOK_PATH, { rawBody: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }), headers: { "stripe-signature": "t=1,v1=00" } });
    expect(forged.status).toBe(400);
    // An unknown URL, whose path must not become a label.
    expect((await call(api, "GET", "/api/v1/no-such-endpoint/abc123xyz")).status).toBe(404);

    // A message stuck in the outbox for an hour (due later, so the worker leaves it alone).
    await db.insert(outbox).values({ kind: "metrics-probe", payload: {}, createdAt: new Date(Date.now() - 3_600_000), availableAt: new Date(Date.now() + 3_600_000) });
    // Everything else the scenario enqueued (the sign-in code) is sent before the last scrape.
    await eventually(async () => rowsOf(await db.execute(sql`select 1 from outbox where id > ${outboxFrom} and kind <> 'metrics-probe' and sent_at is null`)).length === 0, 10_000);

    const { text, samples: after } = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);

    // HTTP: one sample per request, labelled with the route's pattern and the status.
    const http = "storyloom_http_request_duration_seconds_count";
    expect(delta(http, { route: "/api/v1/user-guest.sign-up", method: "POST", status: "200" })).toBe(1);
    expect(delta(http, { route: SEND, method: "POST", status: "200" })).toBe(3);
    expect(delta(http, { route: SEND, method: "POST", status: "502" })).toBe(1);
    expect(delta(http, { route: "/sandbox/checkout/:id/pay", method: "POST", status: "303" })).toBe(1);
    expect(delta(http, { route: STRIPE_WEBHOOK_PATH, method: "POST", status: "200" })).toBe(1);
    expect(delta(http, { route: STRIPE_WEBHOOK_PATH, method: "POST", status: "400" })).toBe(1);
    expect(delta(http, { route: "unmatched", method: "GET", status: "404" })).toBe(1);
    for (const raw of [checkout.data.session_id, checkout.data.order_id, "abc123xyz", guest.uuid]) expect(text).not.toContain(raw);
    const routes = new Set(after.filter((s) => s.name === http).map((s) => s.labels.route!));
    for (const r of routes) expect(r === "unmatched" || r.startsWith("/")).toBe(true);

    // The chat: one reply reached a first token and was stored (the stopped call and the failed one
    // wrote none); its tokens as stored, and every call's tokens as the daily budget counted them.
    const replies = rowsOf<{ n: unknown; completion: unknown }>(
      await db.execute(sql`select count(*)::int as n, coalesce(sum(completion_tokens), 0)::int as completion
        from chat_messages where user_id = ${userId} and source = 'model' and not pending`),
    )[0]!;
    expect(Number(replies.n)).toBe(1);
    expect(Number(replies.completion)).toBeGreaterThan(0);
    expect(delta("storyloom_chat_first_token_seconds_count")).toBe(1);
    expect(delta("storyloom_chat_first_token_seconds_sum")).toBeGreaterThan(0);
    expect(delta("storyloom_chat_reply_tokens_count")).toBe(1);
    expect(delta("storyloom_chat_reply_tokens_sum")).toBe(Number(replies.completion));
    const usage = await usageToday();
    expect(delta("storyloom_model_tokens_total", { type: "completion" })).toBe(usage.completion - usageFrom.completion);
    expect(delta("storyloom_model_tokens_total", { type: "prompt" })).toBe(usage.prompt - usageFrom.prompt);
    expect(delta("storyloom_model_errors_total", { kind: "http_500" })).toBe(2);
    expect(delta("storyloom_model_errors_total")).toBe(2);

    // The ledger: each reason and direction moved exactly as the entries written meanwhile.
    const entries = rowsOf<{ reason: string; direction: string; n: unknown; coins: unknown }>(
      await db.execute(sql`select reason, case when amount < 0 then 'debit' else 'credit' end as direction, count(*)::int as n, sum(abs(amount))::int as coins
        from coin_ledger where id > ${ledgerFrom} group by 1, 2`),
    );
    const moved = after.filter((s) => s.name === "storyloom_ledger_movements_total" && delta(s.name, s.labels) !== 0).map((s) => `${s.labels.reason}/${s.labels.direction}`);
    expect(moved.sort()).toEqual(entries.map((e) => `${e.reason}/${e.direction}`).sort());
    for (const e of entries) {
      const labels = { reason: e.reason, direction: e.direction };
      expect(delta("storyloom_ledger_movements_total", labels)).toBe(Number(e.n));
      expect(delta("storyloom_ledger_coins_total", labels)).toBe(Number(e.coins));
    }
    // What that is here: the welcome coins, three replies held (two given back), the 300 bought.
    expect(delta("storyloom_ledger_coins_total", { reason: "welcome", direction: "credit" })).toBe(guest.user.coins);
    expect(delta("storyloom_ledger_movements_total", { reason: "chat", direction: "debit" })).toBe(3);
    expect(delta("storyloom_ledger_movements_total", { reason: "chat-refund", direction: "credit" })).toBe(2);
    expect(delta("storyloom_ledger_coins_total", { reason: "purchase", direction: "credit" })).toBe(300);

    // Webhooks: the paid session applied once; the forged one rejected, its type unknown.
    expect(delta("storyloom_webhooks_total", { provider: "stripe", type: "checkout.session.completed", outcome: "applied" })).toBe(1);
    expect(delta("storyloom_webhooks_total", { provider: "stripe", type: "unknown", outcome: "rejected" })).toBe(1);
    expect(delta("storyloom_webhooks_total")).toBe(2);

    // The outbox: what was sent meanwhile, and the stuck message's backlog and age.
    const sent = rowsOf<{ kind: string; n: unknown }>(await db.execute(sql`select kind, count(*)::int as n from outbox where id > ${outboxFrom} and sent_at is not null group by kind`));
    expect(sent.length).toBeGreaterThan(0);
    for (const s of sent) expect(delta("storyloom_outbox_messages_total", { kind: s.kind, outcome: "sent" })).toBe(Number(s.n));
    expect(total(after, "storyloom_outbox_pending", { kind: "metrics-probe" })).toBe(1);
    const age = total(after, "storyloom_outbox_oldest_pending_seconds", { kind: "metrics-probe" });
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3600 + 600);

    // The pool: PostgreSQL's connections (PGlite has none to watch).
    if (engine === "postgres") {
      expect(total(after, "storyloom_db_pool_max_connections")).toBeGreaterThan(0);
      expect(total(after, "storyloom_db_pool_connections")).toBeGreaterThan(0);
      expect(has(after, "storyloom_db_pool_waiting_clients")).toBe(true);
    } else {
      expect(has(after, "storyloom_db_pool_connections")).toBe(false);
    }
  });
});

describe(`the Grafana dashboard (${engine})`, () => {
  it("queries only metrics the API exports", async () => {
    const dashboard = JSON.parse(readFileSync(new URL("../../../deploy/grafana/storyloom-api.json", import.meta.url), "utf8")) as { panels: { targets?: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThan(20);
    const { text } = await scrape();
    const families = new Set([...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) => (type === "histogram" ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name!])));
    const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b((?:storyloom|nodejs|process)_\w+)\b/g)].map((m) => m[1]!)));
    // The pool's gauges exist on PostgreSQL only.
    const missing = [...used].filter((name) => !families.has(name) && !(engine === "pglite" && name.startsWith("storyloom_db_pool_")));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(15);
  });
});

describe(`metrics settings (${engine})`, () => {
  let plain: RunningApi | undefined;
  afterAll(() => plain?.stop());

  it("without METRICS_TOKEN, /metrics is not on the API's port (404) and the metrics port needs no token", async () => {
    plain = await startTestApi({ METRICS_PORT: 0 });
    const main = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.status).toBe(404);
    expect(((await main.json()) as { code: string }).code).toBe("NOT_FOUND");
    const own = await fetch(`${plain.metricsUrl}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("storyloom_outbox_pending");
  });

  it("without METRICS_PORT and METRICS_TOKEN, nothing is served", async () => {
    const off = await startTestApi();
    try {
      expect(off.metricsUrl).toBeUndefined();
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    } finally {
      await off.stop();
    }
  });

  it("refuses a bad METRICS_PORT by name, and a port already taken at start", async () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return "";
      } catch (err) {
        return (err as Error).message;
      }
    };
    for (const METRICS_PORT of ["abc", "-1", "65536", "90.5"]) expect(problem({ METRICS_PORT })).toContain(`METRICS_PORT: must be a port number from 1 to 65535 (or 0: any free port), not "${METRICS_PORT}"`);
    expect(problem({ METRICS_PORT: "4000" })).toContain("METRICS_PORT: must differ from PORT (4000)");
    expect(problem({ METRICS_TOKEN: "short" })).toContain("METRICS_TOKEN");
    expect(loadConfig({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9670" }).METRICS_PORT).toBe(9670);

    const taken = Number(new URL(api.metricsUrl!).port);
    await expect(startTestApi({ METRICS_PORT: taken })).rejects.toThrow(`METRICS_PORT: cannot listen on 127.0.0.1:${taken}`);
  });

  it("the API process refuses to start with a bad METRICS_PORT, naming it", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: apiDir, env: { PATH: process.env.PATH, METRICS_PORT: "nine" }, encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('METRICS_PORT: must be a port number from 1 to 65535 (or 0: any free port), not "nine"');
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
