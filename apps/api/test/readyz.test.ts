import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDb, rowsOf, type DbHandle } from "@storyloom/db";
import { startModelPeer, type ModelPeer } from "@storyloom/model-peer";
import { startTestApi, testInstances } from "../src/testing";
import { newestMigration, READY_DB_TIMEOUT_MS, readinessOf } from "../src/health";
import { nginxBinary, startNginx } from "../src/cluster/nginx";
import type { RunningApi } from "../src/server";
import { call, newGuest } from "./http";
import { addTestStory, stream, type SseEvent } from "./chat.support";

// /readyz on a real API and its real database (a fresh one per API: PGlite, or PostgreSQL with
// DATABASE_URL): ready, database unreachable or hung, migrations behind, and draining while a reply
// streams. Then nginx (deploy/nginx/api.conf) in front of two instances, one draining.

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const READY = { status: "ready", database: "ok", migrations: "applied", draining: false };

interface Probe {
  status: number;
  body: { code: string; message: string; data: Record<string, unknown> };
  headers: Headers;
  ms: number;
}
async function readyz(api: Pick<RunningApi, "url">): Promise<Probe> {
  const t0 = performance.now();
  const r = await fetch(`${api.url}/readyz`);
  const body = (await r.json()) as Probe["body"];
  return { status: r.status, body, headers: r.headers, ms: performance.now() - t0 };
}
/** Expects a 503 NOT_READY answer whose data names `parts` (status "not_ready"). */
function expectNotReady(p: Probe, parts: { database: string; migrations: string; draining: boolean }): void {
  expect(p.status).toBe(503);
  expect(p.body.code).toBe("NOT_READY");
  expect(p.body.data).toEqual({ status: "not_ready", ...parts });
}
async function untilReady(api: Pick<RunningApi, "url">, ms = 10_000): Promise<Probe> {
  const until = Date.now() + ms;
  for (;;) {
    const p = await readyz(api);
    if (p.status === 200 || Date.now() > until) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An admin connection to the PostgreSQL server (the DATABASE_URL database: only server-wide statements run on it). */
async function admin<T>(fn: (c: DbHandle) => Promise<T>): Promise<T> {
  const c = await openDb({ url: process.env.DATABASE_URL, poolSize: 1 });
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}
const dbName = (api: RunningApi) => new URL(api.handle.url!).pathname.slice(1);

/**
 * Sends a request in two parts over one raw connection: the first line and a header now (the server
 * has begun reading it, so the connection is busy, not idle), the blank line that ends it when
 * `finish` is called. Resolves with the status, headers and body once the server closes the connection.
 */
function splitRequest(url: string, path: string) {
  const u = new URL(url);
  const socket = connect(Number(u.port), u.hostname);
  let raw = "";
  let closedEarly = false;
  socket.on("data", (c: Buffer) => (raw += c.toString("utf8")));
  const ended = new Promise<void>((resolve, reject) => {
    socket.once("close", () => resolve());
    socket.once("error", reject);
  });
  const opened = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return {
    started: opened.then(
      () => new Promise<void>((r) => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${u.host}\r\n`, () => r())),
    ),
    finish: async () => {
      closedEarly = socket.destroyed || socket.readableEnded;
      socket.write("\r\n");
      await ended;
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      // The answers here are small and not chunked.
      return {
        closedEarly,
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: body ? (JSON.parse(body) as Probe["body"]) : null,
      };
    },
  };
}

describe.skipIf(testInstances() > 1)(`/readyz (${engine})`, () => {
  describe("one instance on its own database", () => {
    let api: RunningApi;
    let engineClosed = false;
    beforeAll(async () => {
      api = await startTestApi();
    });
    afterAll(async () => {
      // A PGlite closed by the last test refuses a second close; everything else has stopped by then.
      await api?.stop().catch((err: unknown) => {
        if (!engineClosed) throw err;
      });
    });

    it("answers 200 with each part, never cached", async () => {
      const p = await readyz(api);
      expect(p.status).toBe(200);
      expect(p.body).toEqual({ code: "0", message: "ready", data: READY });
      expect(p.headers.get("cache-control")).toBe("no-store");
      // /healthz stays the plain liveness answer.
      const h = await fetch(`${api.url}/healthz`);
      expect(h.status).toBe(200);
      expect(await h.json()).toEqual({ code: "0", message: "ok", data: { status: "ok" } });
    });

    it("answers 503 while the database lacks this build's newest migration, and 200 once it has it again", async () => {
      const newest = newestMigration();
      const db = api.handle.db;
      const row = rowsOf<{ hash: string; created_at: string }>(
        await db.execute(
          sql`select hash, created_at::text from drizzle.__drizzle_migrations where created_at = ${newest.when}`,
        ),
      )[0];
      expect(row).toBeDefined();
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`);
      try {
        const p = await readyz(api);
        expectNotReady(p, { database: "ok", migrations: "behind", draining: false });
        expect(p.body.message).toContain(newest.tag);
        expect(p.headers.get("cache-control")).toBe("no-store");
      } finally {
        await db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at}::bigint)`,
        );
      }
      expect((await readyz(api)).status).toBe(200);

      // A database never migrated at all (no drizzle schema) is behind too, not unreachable.
      await db.execute(sql`alter schema drizzle rename to drizzle_away`);
      try {
        const p = await readyz(api);
        expectNotReady(p, { database: "ok", migrations: "behind", draining: false });
      } finally {
        await db.execute(sql`alter schema drizzle_away rename to drizzle`);
      }
      expect((await readyz(api)).status).toBe(200);
    });

    it(`answers 503 within about ${READY_DB_TIMEOUT_MS} ms when the database does not answer, and 200 once it does`, async () => {
      // A transaction holds the migrations table: on PostgreSQL the readiness query (another pooled
      // session) waits for its lock; PGlite runs one transaction at a time, so it waits for all of it.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let begun!: () => void;
      const inside = new Promise<void>((r) => (begun = r));
      const held = api.handle.db.transaction(async (tx) => {
        await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
        begun();
        await gate;
      });
      await inside;
      try {
        const p = await readyz(api);
        expectNotReady(p, { database: "unreachable", migrations: "unknown", draining: false });
        expect(p.ms).toBeGreaterThanOrEqual(READY_DB_TIMEOUT_MS - 50);
        expect(p.ms).toBeLessThan(READY_DB_TIMEOUT_MS + 1500);
        // Probes meanwhile share the one waiting query, and each still answers in time.
        const more = await Promise.all([readyz(api), readyz(api), readyz(api)]);
        for (const m of more) {
          expect(m.status).toBe(503);
          expect(m.ms).toBeLessThan(READY_DB_TIMEOUT_MS + 1500);
        }
      } finally {
        release();
        await held;
      }
      expect((await untilReady(api)).status).toBe(200);
    });

    it("answers 503 at once when the database refuses connections, and 200 once it takes them again", async () => {
      if (api.handle.kind === "pglite") {
        // An embedded engine that is gone (closed) is the in-process form of an unreachable server.
        // Done last: it cannot be opened again, so the file's stop() closes it a second time.
        await api.handle.pglite!.close();
        engineClosed = true;
        const p = await readyz(api);
        expectNotReady(p, { database: "unreachable", migrations: "unknown", draining: false });
        expect(p.ms).toBeLessThan(READY_DB_TIMEOUT_MS);
        return;
      }
      const name = dbName(api);
      await admin(async (c) => {
        await c.exec(`alter database "${name}" with allow_connections false`);
        await c.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
        );
      });
      try {
        const p = await readyz(api);
        expectNotReady(p, { database: "unreachable", migrations: "unknown", draining: false });
        expect(p.ms).toBeLessThan(READY_DB_TIMEOUT_MS);
        // What the database said stays in the log: the answer names no address or server message.
        expect(p.body.message).not.toMatch(/127\.0\.0\.1|5432|accepting/);
      } finally {
        await admin((c) => c.exec(`alter database "${name}" with allow_connections true`));
      }
      expect((await untilReady(api)).body).toEqual({ code: "0", message: "ready", data: READY });
    });
  });

  describe("draining", () => {
    let peer: ModelPeer;
    let api: RunningApi;
    let drained = false;
    beforeAll(async () => {
      peer = await startModelPeer({ apiKey: "sk-test", defaults: { reasoning: null, toolCall: null } });
      api = await startTestApi({
        LLM_BASE_URL: peer.url,
        LLM_API_KEY: "sk-test",
        LLM_MODEL: "peer-model",
        LLM_RETRIES: 1,
        LLM_FIRST_TOKEN_TIMEOUT_MS: 5000,
      });
    });
    afterAll(async () => {
      if (!drained) await api?.stop();
      await peer?.close();
    });

    it("during drain's grace /readyz answers 503 draining on a connection still open, while a reply streams to its end", async () => {
      const story = await addTestStory(api.ctx.db);
      const g = await newGuest(api);
      const target = { story_id: story.storyId, actor_id: story.mara };
      expect(
        (await call(api, "POST", "/api/v1/actor/chat/message.send", { token: g.token, body: target })).code,
      ).toBe("0");
      const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
      peer.defaults = { ...peer.defaults, content: words, tokenDelayMs: 60 };

      const s = await stream(
        api,
        "/api/v1/actor/chat/message.send",
        { ...target, content: "Go on." },
        g.token,
      );
      const seen: SseEvent[] = [];
      for (let e = await s.next(); e; e = await s.next()) {
        seen.push(e);
        if (e.event === "delta") break;
      }
      expect(seen.at(-1)?.event).toBe("delta");

      // Requests begun on open connections before the drain, finished during it.
      const probes = {
        readyz: splitRequest(api.url, "/readyz"),
        healthz: splitRequest(api.url, "/healthz"),
        other: splitRequest(api.url, "/api/v1/category.list"),
      };
      await Promise.all(Object.values(probes).map((p) => p.started));
      await new Promise((r) => setTimeout(r, 100)); // the server has read what was sent

      const draining = api.drain(30_000);
      drained = true;
      expect(readinessOf(api.app).draining).toBe(true);
      const [ready, health, other] = await Promise.all([
        probes.readyz.finish(),
        probes.healthz.finish(),
        probes.other.finish(),
      ]);

      expect(ready.closedEarly).toBe(false);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        code: "NOT_READY",
        data: { status: "not_ready", database: "ok", migrations: "applied", draining: true },
      });
      expect(ready.body!.message).toMatch(/draining/);
      expect(ready.headers["connection"]).toBe("close");
      expect(ready.headers["cache-control"]).toBe("no-store");
      // Liveness holds while draining: a failing liveness probe would get the process killed mid-reply.
      expect(health.status).toBe(200);
      expect(health.headers["connection"]).toBe("close");
      // Other routes: the API's envelope (not Fastify's bare 503), the last answer on that connection.
      expect(other.status).toBe(503);
      expect(other.body).toMatchObject({ code: "UNAVAILABLE", data: null });
      expect(other.headers["connection"]).toBe("close");
      expect(other.headers["x-request-id"]).toBeTruthy();

      // A new connection is refused: what a load balancer's next probe or request meets.
      await expect(fetch(`${api.url}/readyz`)).rejects.toThrow();

      // The reply in flight finishes whole within the grace.
      const rest = await s.rest();
      const replyEnded = Date.now();
      expect(rest.at(-1)?.event).toBe("done");
      const text = [...seen, ...rest]
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text as string)
        .join("");
      expect(text.trim()).toBe(words);
      await draining;
      // The drain ends with its last reply, not when the client's kept-alive connection would time out
      // (fetch keeps one 4 s; nginx 60 s) nor at the end of the grace.
      expect(Date.now() - replyEnded).toBeLessThan(3000);
    }, 60_000);
  });

  // nginx has no active health checks: a draining instance's 503 is what moves a GET to the other one.
  const nginx = (() => {
    try {
      return nginxBinary();
    } catch {
      return null;
    }
  })();
  describe.skipIf(!nginx)(
    "nginx in front of two instances, one draining (deploy/nginx/api.conf; needs nginx)",
    () => {
      let a: RunningApi;
      let b: RunningApi;
      let lb: Awaited<ReturnType<typeof startNginx>>;
      beforeAll(async () => {
        [a, b] = await Promise.all([startTestApi(), startTestApi()]);
        lb = await startNginx([a.url, b.url]);
      });
      afterAll(async () => {
        await lb?.stop();
        await Promise.all([a?.stop(), b?.stop()]);
      });

      it("passes a GET answered 503 by the draining instance to the other; a POST is never sent twice", async () => {
        const hostA = new URL(a.url).host;
        const hostB = new URL(b.url).host;
        readinessOf(a.app).markDraining();

        // POSTs first: nginx counts a GET it passes on as the instance's failure (3 in 10 s: max_fails),
        // then stops trying it. A POST's 503 is passed through and not counted: round robin keeps
        // sending every second one to the draining instance, past three.
        const posts = [];
        for (let i = 0; i < 8; i++)
          posts.push(await call({ url: lb.url }, "POST", "/api/v1/story.list", { body: {} }));
        expect(posts.filter((p) => p.status === 503).map((p) => p.code)).toEqual(
          Array(4).fill("UNAVAILABLE"),
        );
        expect(posts.filter((p) => p.status === 200)).toHaveLength(4);

        const gets = [];
        for (let i = 0; i < 6; i++) gets.push(await call({ url: lb.url }, "GET", "/api/v1/category.list"));
        for (const r of gets) expect(r.status).toBe(200);

        const log = await lb.accessLog();
        const upstreamsOf = (what: string) =>
          log.filter((l) => l.includes(what)).map((l) => /upstream=(.*)$/.exec(l)?.[1]);
        // Each POST went to one instance only; some GETs went to the draining one first, then the other.
        for (const u of upstreamsOf("POST /api/v1/story.list")) expect(u).not.toContain(",");
        expect(upstreamsOf("GET /api/v1/category.list")).toContain(`${hostA}, ${hostB}`);
      }, 60_000);
    },
  );
});
