import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@storyloom/contract";
import { readCode, shareTestApiHost, SHARED_HOST_ENV, startTestApi, startTestApiHost, type TestApi } from "./index";

// The real API in a host process: what the tests of other packages rely on, checked through HTTP
// and the database the way those tests use it. Most tests share one host, as a package's test run
// does; the last ones start hosts of their own. A test that starts a host gets the hook timeout:
// on the shared 2-core machine one start has taken 25 s.
const START = 60_000;

let api: TestApi;
let stopHost: () => Promise<void>;
beforeAll(async () => {
  stopHost = await shareTestApiHost();
  api = await startTestApi({ ACCESS_TOKEN_TTL_S: 3600 });
});
afterAll(async () => {
  await api?.stop();
  await stopHost?.();
});

/** Runs `fn` with no shared host named: its startTestApi forks a host of its own. */
async function ownHost<T>(fn: () => Promise<T>): Promise<T> {
  const shared = process.env[SHARED_HOST_ENV];
  delete process.env[SHARED_HOST_ENV];
  try {
    return await fn();
  } finally {
    if (shared !== undefined) process.env[SHARED_HOST_ENV] = shared;
  }
}

const post = (base: TestApi, path: string, body: unknown, token?: string) =>
  fetch(`${base.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const whoami = (base: TestApi, token: string) => fetch(`${base.url}${endpoints.whoami.path}`, { headers: { authorization: `Bearer ${token}` } });

let seq = 0;
async function guest(base: TestApi): Promise<{ token: string; expires: number; uuid: string }> {
  const res = await post(base, endpoints.guestSignUp.path, { device_id: `test-api-${process.pid}-${Date.now()}-${seq++}`, gender: "unknown" });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { auth: { access_token: string; expires: number }; user: { uuid: string } } };
  return { token: data.auth.access_token, expires: data.auth.expires, uuid: data.user.uuid };
}

/** Resolves once nothing answers at `url` any more (connection refused), or fails after `ms`. */
async function gone(url: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (!up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} still answers after ${ms} ms`);
}

describe("startTestApi", () => {
  it("starts the real API on a loopback port with the seeded catalogue", async () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const res = await fetch(`${api.url}${endpoints.categoryList.path}`);
    const body = (await res.json()) as { data: { categories: unknown[] } };
    expect(body.data.categories.length).toBeGreaterThan(0);
  });

  it("hands its settings to the API", async () => {
    expect((await guest(api)).expires).toBe(3600);
  });

  it("refuses an unknown setting and a bad value by name, before any database is opened", async () => {
    await expect(startTestApi({ NO_SUCH_SETTING: 1, ACCESS_TOKEN_TTL_S: "soon", CORS_ORIGINS: ["http://a.test"] })).rejects.toThrow(
      /Invalid test API settings:\n {2}NO_SUCH_SETTING: no such setting\n {2}ACCESS_TOKEN_TTL_S: .*expected number/,
    );
  }, START);

  it("refuses what the API's own configuration check refuses", async () => {
    await expect(startTestApi({ ONLYPAY_SECRET: "s" })).rejects.toThrow(/ONLYPAY_MERCHANT_ID, ONLYPAY_SECRET, ONLYPAY_API_URL: set all three or none/);
  }, START);
});

describe("readCode", () => {
  it("reads the sign-in code from the dev mailbox, and the code logs in", async () => {
    const email = `test-api.${process.pid}.${Date.now().toString(36)}@example.com`;
    expect((await post(api, endpoints.sendCode.path, { email })).status).toBe(200);
    const code = await readCode(api, email);
    expect(code).toMatch(/^\d{6}$/);
    const login = await post(api, endpoints.login.path, { email, code });
    expect(login.status).toBe(200);
  });

  it("reads the newest sign-in mail: a later code wins, a later mail of another kind is passed over", async () => {
    const email = `test-api.newest.${process.pid}.${Date.now().toString(36)}@example.com`;
    expect((await post(api, endpoints.sendCode.path, { email })).status).toBe(200);
    await readCode(api, email);
    await api.query(`delete from rate_limits where key = 'code-email:${email}'`);
    expect((await post(api, endpoints.sendCode.path, { email })).status).toBe(200);
    // Newest of all: a mail that is not a code, with six digits in its subject and text.
    const notice = { to: email, subject: 'You\'re following "Room 101101"', text: "Chapter 202202 is out." };
    await api.query(`insert into outbox (kind, payload) values ('mail', '${JSON.stringify(notice).replaceAll("'", "''")}'::jsonb)`);
    const code = await readCode(api, email);
    expect(code).not.toMatch(/101101|202202/);
    // The second code replaced the first: only the newest logs in.
    expect((await post(api, endpoints.login.path, { email, code })).status).toBe(200);
  });

  it("gives up on an address nothing was mailed to, after the time it is given", async () => {
    const started = Date.now();
    await expect(readCode(api, "nobody.test-api@example.com", { timeoutMs: 300, intervalMs: 100 })).rejects.toThrow(
      "no code mailed to nobody.test-api@example.com within 300 ms",
    );
    // It asked until its deadline (the message names the given timeout, not the 2,500 ms default).
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});

describe("query", () => {
  it("runs SQL on the API's database and answers its rows", async () => {
    const { uuid } = await guest(api);
    expect(await api.query(`select is_guest from users where uuid = '${uuid}'`)).toEqual([{ is_guest: true }]);
  });

  it("rejects with the database's error", async () => {
    await expect(api.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
  });
});

describe("setClock", () => {
  it("ages the API's tokens: past the TTL the token is refused, back at 0 it is accepted", async () => {
    const { token } = await guest(api);
    expect((await whoami(api, token)).status).toBe(200);
    await api.setClock(3660 * 1000);
    try {
      expect((await whoami(api, token)).status).toBe(401);
    } finally {
      await api.setClock(0);
    }
    expect((await whoami(api, token)).status).toBe(200);
  });

  it("moves one API's clock only: another API in the same host keeps real time", async () => {
    const other = await startTestApi({ ACCESS_TOKEN_TTL_S: 3600 });
    try {
      const mine = await guest(api);
      const theirs = await guest(other);
      await api.setClock(3660 * 1000);
      try {
        expect((await whoami(api, mine.token)).status).toBe(401);
        expect((await whoami(other, theirs.token)).status).toBe(200);
        // The database keeps real time, PGlite as PostgreSQL: SQL's now() is not the API's clock.
        const [db] = await api.query<{ s: number }>("select extract(epoch from now())::float8 as s");
        expect(Math.abs(Number(db!.s) * 1000 - Date.now())).toBeLessThan(60_000);
      } finally {
        await api.setClock(0);
      }
    } finally {
      await other.stop();
    }
  }, START);

  it("refuses an offset that is not a number", async () => {
    await expect(api.setClock(Number.NaN)).rejects.toThrow("offsetMs must be a finite number of milliseconds, not NaN");
  });
});

describe("stop", () => {
  it("gives each API its own database, and stops the API and its database", async () => {
    const other = await startTestApi({ DEV_MAILBOX: false });
    const { uuid } = await guest(other);
    expect(await api.query(`select 1 from users where uuid = '${uuid}'`)).toEqual([]);
    // A test API without the dev mailbox: readCode says why it cannot read.
    await expect(readCode(other, "x@example.com")).rejects.toThrow(/answered 404: is the dev mailbox on/);
    const db = (await other.query<{ db: string }>("select current_database() as db"))[0]?.db;
    await other.stop();
    await other.stop();
    await gone(other.url);
    await expect(other.query("select 1")).rejects.toThrow("the test API is stopped");
    // On PostgreSQL each test API has a database of its own, dropped when it stops.
    if (process.env.DATABASE_URL) {
      expect(db).toMatch(/^storyloom_t_/);
      expect(await api.query(`select 1 from pg_database where datname = '${db}'`)).toEqual([]);
    }
  }, START);

  it("without a shared host, forks one of its own and stops it with the API", async () => {
    const lone = await ownHost(() => startTestApi());
    expect((await fetch(`${lone.url}/healthz`)).status).toBe(200);
    await lone.stop();
    await gone(lone.url);
  }, START);

  it("a host stops every API it runs when it is stopped", async () => {
    const host = await startTestApiHost();
    process.env[SHARED_HOST_ENV] = host.url;
    const [a, b] = await Promise.all([startTestApi(), startTestApi()]).finally(() => delete process.env[SHARED_HOST_ENV]);
    expect(a.url).not.toBe(b.url);
    await host.stop();
    await Promise.all([gone(a.url), gone(b.url)]);
  }, START);

  it("ends with the process that started it, even one killed outright", async () => {
    // A process that starts a test API (in a host of its own), prints its address and waits; then
    // it is killed (SIGKILL): the host sees the IPC channel close and stops instead of living on.
    const script = `import { startTestApi } from ${JSON.stringify(new URL("./index.ts", import.meta.url).href)};
      const api = await startTestApi(); console.log(api.url); setInterval(() => {}, 1000);`;
    const env = { ...process.env };
    delete env[SHARED_HOST_ENV];
    const owner = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env, stdio: ["ignore", "pipe", "inherit"] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      owner.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const m = /http:\/\/\S+/.exec(out);
        if (m) resolve(m[0]);
      });
      owner.once("exit", (code) => reject(new Error(`the owner exited (${code}) before its API was up`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    owner.kill("SIGKILL");
    await gone(url);
  }, START);
});
