import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, desc, eq } from "drizzle-orm";
import { chatMessages } from "@storyloom/db";
import { endpoints } from "@storyloom/contract";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { scaleOutOf, startTestApi, type ScaleOut } from "../src/testing";
import { DEPLOY_NGINX_DIR, nginxBinary, startNginx } from "../src/cluster/nginx";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory, eventually, leaseFree, stream } from "./chat.support";
import { postFrom } from "./clientAddress.support";

// The load balancer itself, in the scale-out stage only (API_TEST_INSTANCES=2, vitest.config.ts):
// two API instances behind nginx running deploy/nginx/api.conf, the production settings. The other
// scale-out suites (*.concurrency.test.ts) run through the same nginx.

const SEND = "/api/v1/actor/chat/message.send";
const API_BODY_LIMIT = 256 * 1024; // BODY_LIMIT, src/app.ts
const CODE_LIMIT = 3;
const REPLY = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen";
const REPLY_TOKENS = REPLY.split(" ").length;

let api: RunningApi;
let out: ScaleOut;
let peer: ModelPeer;
let story: Awaited<ReturnType<typeof addTestStory>>;

beforeAll(async () => {
  peer = await startModelPeer({ defaults: { reasoning: null, toolCall: null } });
  api = await startTestApi({ LLM_BASE_URL: peer.url, CODE_SEND_PER_IP_PER_HOUR: CODE_LIMIT });
  out = scaleOutOf(api)!;
  story = await addTestStory(api.ctx.db);
});
afterAll(async () => {
  await api?.stop();
  await peer?.close();
});

/** A guest with the test story's chat opened (the greeting and first offer played). */
async function player(base: string) {
  const g = await newGuest({ url: base });
  const target = { story_id: story.storyId, actor_id: story.mara };
  const start = await call({ url: base }, "POST", SEND, { token: g.token, body: target });
  expect(start.code).toBe("0");
  return { token: g.token, id: g.id, target };
}

/** One streamed turn read as the socket delivers it: each read's text, and the peer's progress at the first delta. */
async function streamedTurn(base: string, p: Awaited<ReturnType<typeof player>>, signal?: AbortSignal, stopAfterDeltas = Infinity) {
  const t0 = performance.now();
  const before = peer.requests.length;
  const res = await fetch(`${base}${SEND}`, {
    method: "POST",
    headers: { accept: "text/event-stream", "content-type": "application/json", authorization: `Bearer ${p.token}` },
    body: JSON.stringify({ ...p.target, content: "Tell me about the rain" }),
    signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const reads: string[] = [];
  let firstDeltaAt: number | undefined;
  let peerAtFirstDelta: { outcome: string; chunks: number } | undefined;
  let deltas = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    reads.push(text);
    const n = text.split("event: delta").length - 1;
    if (n > 0 && firstDeltaAt === undefined) {
      firstDeltaAt = performance.now() - t0;
      const rec = peer.requests[before]!;
      peerAtFirstDelta = { outcome: rec.outcome, chunks: rec.chunks };
    }
    deltas += n;
    if (deltas >= stopAfterDeltas) return { res, reads, deltas, firstDeltaAt, peerAtFirstDelta, totalMs: performance.now() - t0 };
  }
  return { res, reads, deltas, firstDeltaAt, peerAtFirstDelta, totalMs: performance.now() - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("nginx in front of two API instances (deploy/nginx/api.conf)", () => {
  it("hands requests to both instances in turn and answers as nginx", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${api.url}/healthz`)));
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(r.headers.get("server")).toBe("nginx");
    }
    const upstreams = (await out.nginx.accessLog()).filter((l) => l.includes("GET /healthz")).map((l) => /upstream=(\S+)/.exec(l)?.[1]);
    expect(new Set(upstreams)).toEqual(new Set(out.instanceUrls.map((u) => new URL(u).host)));
  });

  it("streams a chat reply token by token: each delta leaves nginx before the model has written the next", async () => {
    peer.defaults = { ...peer.defaults, content: REPLY, tokenDelayMs: 25 };
    const timings: Record<string, { ttft: number[]; total: number[] }> = { nginx: { ttft: [], total: [] }, direct: { ttft: [], total: [] } };
    for (const [route, base] of [["nginx", api.url], ["direct", out.instanceUrls[0]!]] as const) {
      const p = await player(base);
      for (let i = 0; i < 5; i++) {
        const turn = await streamedTurn(base, p);
        expect(turn.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
        expect(turn.deltas).toBe(REPLY_TOKENS);
        // Buffered, the reply would arrive in one or two reads, after the model had finished; here the
        // first word is read while the model is still writing, and the words come in many reads.
        expect(turn.peerAtFirstDelta).toMatchObject({ outcome: "streaming" });
        expect(turn.peerAtFirstDelta!.chunks).toBeLessThan(REPLY_TOKENS);
        expect(turn.reads.filter((r) => r.includes("event: delta")).length).toBeGreaterThanOrEqual(REPLY_TOKENS / 2);
        timings[route]!.ttft.push(turn.firstDeltaAt!);
        timings[route]!.total.push(turn.totalMs);
      }
      await eventually(() => leaseFree(api.ctx.db, p.id, story.storyId));
    }
    // Measurements for the record (not asserted: a shared machine's timings are not a test).
    const row = (route: string) => `${route.padEnd(6)} first token ${median(timings[route]!.ttft).toFixed(1)} ms, whole reply ${median(timings[route]!.total).toFixed(1)} ms`;
    console.log(`streamed chat, ${REPLY_TOKENS} tokens 25 ms apart, median of 5 turns:\n  ${row("nginx")}\n  ${row("direct")}`);
  });

  it("a client that stops mid-reply aborts the model's request behind nginx, and the reply is kept as stopped", async () => {
    peer.defaults = { ...peer.defaults, content: REPLY, tokenDelayMs: 100 };
    const p = await player(api.url);
    const before = peer.requests.length;
    const ctl = new AbortController();
    const turn = await streamedTurn(api.url, p, ctl.signal, 3);
    expect(turn.deltas).toBeGreaterThanOrEqual(3);
    ctl.abort();
    const rec = await peer.waitFor((r) => r.id > before && r.outcome === "aborted", 10_000);
    expect(rec.chunks).toBeLessThan(REPLY_TOKENS);
    await eventually(() => leaseFree(api.ctx.db, p.id, story.storyId), 10_000);
    const [reply] = await api.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, p.id), eq(chatMessages.storyId, story.storyId)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    expect(reply).toMatchObject({ role: "actor", stopped: true, pending: false });
    expect(reply!.content.split(" ").length).toBeLessThan(REPLY_TOKENS);
  });

  it("a client that stops while the model is still silent aborts it too: nginx passes the disconnect on, not only a failed write", async () => {
    const p = await player(api.url);
    const before = peer.requests.length;
    peer.script({ content: REPLY, firstTokenDelayMs: 3000 });
    const ctl = new AbortController();
    const s = await stream(api, SEND, { ...p.target, content: "Hello?" }, p.token, ctl.signal);
    expect((await s.next())?.event).toBe("start");
    await peer.waitFor((r) => r.id > before && r.outcome === "streaming", 10_000);
    ctl.abort();
    // Nothing has been written since "start": had nginx kept the upstream open until its next write
    // failed (proxy_ignore_client_abort on), the model would have sent its first words by then.
    const rec = await peer.waitFor((r) => r.id > before && r.outcome === "aborted", 10_000);
    expect(rec.chunks).toBe(0);
    await eventually(() => leaseFree(api.ctx.db, p.id, story.storyId), 10_000);
  });

  it("gives the API the client's address as nginx saw it (TRUST_PROXY=1), whatever X-Forwarded-For the client forges", async () => {
    const send = (from: string, forged: string) =>
      postFrom(api.url, endpoints.sendCode.path, { email: `nginx-${process.pid}-${Math.random().toString(36).slice(2)}@example.com` }, { from, headers: { "x-forwarded-for": forged } });
    const statuses: number[] = [];
    for (let i = 0; i <= CODE_LIMIT; i++) statuses.push((await send("127.0.0.2", `1.2.3.${i}, 5.6.7.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client behind the same nginx has its own count (nginx's own address is not the client's).
    expect((await send("127.0.0.3", "127.0.0.2")).status).toBe(200);
  });

  it("passes a body as large as the API takes and refuses a larger one with the API's envelope", async () => {
    const bodyOf = (size: number) => {
      const head = '{"device_id":"';
      const tail = '"}';
      return head + "x".repeat(size - head.length - tail.length) + tail;
    };
    const at = await call(api, "POST", "/api/v1/user-guest.sign-up", { rawBody: bodyOf(API_BODY_LIMIT) });
    // Past nginx: the API itself answers (the device id is far too long for it).
    expect([at.status, at.code]).toEqual([400, "VALIDATION_ERROR"]);
    const over = await call(api, "POST", "/api/v1/user-guest.sign-up", { rawBody: bodyOf(API_BODY_LIMIT + 1) });
    expect([over.status, over.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(over.headers.get("server")).toBe("nginx");
  });

  it("answers an envelope, not nginx's page, when no instance can be reached", async () => {
    const dead = await startNginx(["http://127.0.0.1:9"]);
    try {
      const r = await call(dead, "POST", "/api/v1/user-guest.sign-up", { body: { device_id: "nobody-home" } });
      expect([r.status, r.code]).toEqual([503, "UNAVAILABLE"]);
      expect(r.headers.get("retry-after")).toBe("5");
    } finally {
      await dead.stop();
    }
  });
});

describe("deploy/nginx/nginx.conf (production)", () => {
  it("passes nginx -t with its certificate and log paths moved to a temp dir", async () => {
    const dir = await mkdtemp(join(tmpdir(), "storyloom-nginx-prod-"));
    const run = promisify(execFile);
    try {
      await cp(DEPLOY_NGINX_DIR, dir, { recursive: true });
      const conf = (await readFile(join(dir, "nginx.conf"), "utf8")).replaceAll("/etc/nginx/tls/", `${dir}/`).replaceAll("/var/log/nginx/", `${dir}/`).replace("/run/nginx.pid", `${dir}/nginx.pid`);
      await writeFile(join(dir, "nginx.conf"), conf);
      for (const cert of new Set([...conf.matchAll(/ssl_certificate (\S+)\.crt;/g)].map((m) => m[1]!))) {
        await run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=test", "-keyout", `${cert}.key`, "-out", `${cert}.crt`]);
      }
      expect((await readdir(dir)).filter((f) => f.endsWith(".crt")).length).toBe(4);
      const { stderr } = await run(nginxBinary(), ["-t", "-c", join(dir, "nginx.conf"), "-p", `${dir}/`, "-e", join(dir, "error.log")]);
      expect(stderr).toMatch(/test is successful/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
