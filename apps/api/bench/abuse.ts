// `pnpm --filter @storyloom/api abuse`: replays the attacks of issue #41 against a real API process
// behind a local trusted hop and prints what each attack got, next to its target.
//
// The API runs as its own process (src/main.ts through tsx) on a fresh embedded database, with a
// local model peer, TRUST_PROXY=1 and the tests' round-robin proxy (test/support/round-robin-proxy.ts)
// in front as the one trusted hop (it appends the client's socket address to X-Forwarded-For, as
// nginx does; it is used here so the bench runs where nginx is not installed). The
// attacker's requests leave from chosen loopback addresses (127.0.0.0/8 all reach this machine), so
// "one address" and "many addresses" are real socket addresses, not headers.
//
// BENCH_ABUSE_API_DIR=<another checkout>/apps/api runs the same attacks against that checkout's API (the
// numbers before a change). Everything is bounded in count and time and stays on loopback.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";
import { endpoints, type EndpointName } from "@storyloom/contract";
import { startModelPeer } from "@storyloom/model-peer";
import { readCode } from "@storyloom/test-api";
import { startRoundRobinProxy } from "../test/support/round-robin-proxy";

const apiDir = resolve(process.env.BENCH_ABUSE_API_DIR ?? fileURLToPath(new URL("..", import.meta.url)));

interface Answer {
  status: number;
  body: { code?: string; message?: string; data?: Record<string, unknown> | null };
  ms: number;
}

const agents = new Map<string, Agent>();
/** An HTTP client whose connections leave from `from` (a loopback address). */
function agentFor(from: string): Agent {
  let a = agents.get(from);
  if (!a) agents.set(from, (a = new Agent({ localAddress: from, connections: 16 })));
  return a;
}

let base = "";
async function call(from: string, method: "GET" | "POST", path: string, opts: { body?: unknown; token?: string; headers?: Record<string, string>; query?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (method === "POST") headers["content-type"] = "application/json";
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : "";
  const t = performance.now();
  const res = await request(`${base}${path}${qs}`, {
    method,
    headers,
    body: method === "POST" ? JSON.stringify(opts.body ?? {}) : undefined,
    dispatcher: agentFor(from),
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  const text = await res.body.text();
  let body: Answer["body"] = {};
  try {
    body = JSON.parse(text) as Answer["body"];
  } catch {
    body = { message: text.slice(0, 200) };
  }
  return { status: res.statusCode, body, ms: performance.now() - t };
}

/** Calls an endpoint of the contract by name (its method and path from the one wire definition). */
function ep(from: string, name: EndpointName, input: Record<string, unknown> = {}, opts: { token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const def = endpoints[name];
  if (def.method === "POST") return call(from, "POST", def.path, { ...opts, body: input });
  return call(from, "GET", def.path, { ...opts, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) });
}

const forged = () => `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
let devices = 0;
const device = () => `abuse-${process.pid}-${++devices}-${Math.random().toString(36).slice(2, 8)}`;

async function guest(from: string): Promise<{ token: string; uuid: string; coins: number }> {
  const r = await ep(from, "guestSignUp", { device_id: device(), gender: "unknown" });
  if (r.status !== 200) throw new Error(`guest sign-up from ${from}: ${r.status} ${r.body.message}`);
  const d = r.body.data as { auth: { access_token: string }; user: { uuid: string; coins: number } };
  return { token: d.auth.access_token, uuid: d.user.uuid, coins: d.user.coins };
}

/** A guest from `from`, signed in as `email` (a second guest signing in as the same e-mail merges into it). */
async function signIn(from: string, email: string): Promise<{ token: string; coins: number }> {
  const g = await guest(from);
  let sent = await ep(from, "sendCode", { email });
  // One code per e-mail a minute: a second sign-in as the same e-mail waits for it.
  if (sent.status === 429 && /wait/i.test(sent.body.message ?? "")) {
    await new Promise((r) => setTimeout(r, 1000 * (Number(sent.body.data?.retry_after ?? 60) + 1)));
    sent = await ep(from, "sendCode", { email });
  }
  if (sent.status !== 200) throw new Error(`code send: ${sent.status} ${sent.body.message}`);
  const code = await readCode({ url: base }, email, { timeoutMs: 10_000 });
  const r = await ep(from, "login", { email, code, user_id: g.uuid });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.body.message}`);
  const d = r.body.data as { auth: { access_token: string }; user: { coins: number } };
  return { token: d.auth.access_token, coins: d.user.coins };
}

interface Msg {
  id: string;
  source?: string;
  choices?: { index: number; text: string }[];
}
const send = (from: string, token: string, body: Record<string, unknown>) => ep(from, "chatSend", body, { token });
const modelReplies = (a: Answer) => (a.status === 200 ? ((a.body.data as { messages?: Msg[] }).messages ?? []).filter((m) => m.source === "model").length : 0);
const offer = (a: Answer) => [...((a.body.data as { messages?: Msg[] } | undefined)?.messages ?? [])].reverse().find((m) => m.choices?.length);
async function coinsOf(from: string, token: string): Promise<number> {
  const r = await ep(from, "whoami", {}, { token });
  return Number((r.body.data as { user: { coins: number } }).user.coins);
}

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)] ?? NaN;
}

const rows: [string, string, string, string][] = [];
function report(attack: string, got: string, target: string, met: boolean | null) {
  rows.push([attack, got, target, met === null ? "-" : met ? "yes" : "NO"]);
  console.log(`  ${attack}: ${got} (target: ${target})`);
}

const RUNAWAY = `VAR n = 0
The stair has no top that anyone has seen.
-> stairs
== stairs ==
{ n >= 42: -> hum }
Step {n + 1}.
+ [Climb]
  ~ n = n + 1
  -> stairs
+ [Go home] -> home
== home ==
You go home.
-> END
== hum ==
~ temp i = 0
- (again)
~ i = i + 1
{ i % 400 == 0: The stair hums. }
{ i < 6000: -> again }
Silence.
-> END
`;

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((res, rej) => {
    const child = fork(join(apiDir, "src/main.ts"), [], {
      cwd: apiDir,
      execArgv: ["--import", "tsx"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, API_READY_IPC: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const timer = setTimeout(() => rej(new Error("the API did not start within 120 s")), 120_000);
    child.once("exit", (code) => rej(new Error(`the API exited (${code}) before it was ready`)));
    child.on("message", (m: { type?: string; url?: string }) => {
      if (m?.type !== "ready" || !m.url) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      res({ child, url: m.url });
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), "storyloom-abuse-"));
const model = await startModelPeer({});
const { child, url } = await startApi({
  HOST: "127.0.0.1",
  PORT: "0",
  PGLITE_DIR: join(dataDir, "pglite"),
  SEED: "true",
  LOG_LEVEL: "error",
  DEV_MAILBOX: "true",
  PAYMENTS_SANDBOX: "true",
  TRUST_PROXY: "1",
  LLM_BASE_URL: model.url,
  LLM_API_KEY: "local",
  // The per-user model limit is raised so the per-address limits are what is measured.
  LLM_RATE_PER_MINUTE: "1000",
});
const hop = await startRoundRobinProxy([url]);
base = hop.url;
console.log(`API from ${apiDir} at ${url}, behind the trusted hop ${hop.url}\n`);

try {
  // 1. Guests: 60 sign-ups from one address, each with a forged X-Forwarded-For.
  {
    let sessions = 0;
    let coins = 0;
    let challenged = 0;
    for (let i = 0; i < 60; i++) {
      const r = await ep("127.0.0.10", "guestSignUp", { device_id: device() }, { headers: { "x-forwarded-for": forged() } });
      if (r.status === 200) {
        sessions++;
        coins += Number((r.body.data as { user: { coins: number } }).user.coins);
      } else if ((r.body.data as { challenge?: unknown } | null)?.challenge) challenged++;
    }
    report("60 guest sign-ups from one address (forged X-Forwarded-For)", `${sessions} sessions, ${coins} free coins, ${challenged} answered with a challenge`, "≤ 20 sessions without solved challenges", sessions <= 20);
  }

  // 2. A forged X-Forwarded-For on a per-address limit: 30 sign-in codes (limit 20 an hour per address).
  {
    let accepted = 0;
    for (let i = 0; i < 30; i++) {
      const r = await ep("127.0.0.11", "sendCode", { email: `abuse-${i}-${process.pid}@example.com` }, { headers: { "x-forwarded-for": forged() } });
      if (r.status === 200) accepted++;
    }
    report("30 code sends from one address, each with a new forged X-Forwarded-For", `${accepted} accepted`, "≤ 20 (CODE_SEND_PER_IP_PER_HOUR): forging gains nothing", accepted <= 20);
  }

  const list = await ep("127.0.0.1", "storyList", { limit: 20 });
  const storyIds = ((list.body.data as { stories: { id: string }[] }).stories ?? []).map((s) => s.id);

  // 3. 6 accounts (made elsewhere, 20 coins each) × 10 typed messages from one address in a minute.
  {
    const accounts = await Promise.all([1, 2, 3, 4, 5, 6].map((k) => guest(`127.0.1.${k}`)));
    const story = storyIds[0]!;
    for (const a of accounts) await send(`127.0.1.100`, a.token, { story_id: story });
    let replies = 0;
    let limited = 0;
    await Promise.all(
      accounts.map(async (a) => {
        for (let i = 0; i < 10; i++) {
          const r = await send("127.0.0.12", a.token, { story_id: story, content: `Hello again, number ${i}` });
          replies += modelReplies(r);
          if (r.status === 429) limited++;
        }
      }),
    );
    report("6 accounts × 10 typed messages from one address in a minute", `${replies} replies, ${limited} refused 429`, "≤ 30 replies (LLM_RATE_PER_IP_PER_MINUTE)", replies <= 30);
  }

  // 4. 2 coins, typed into 8 stories at once.
  {
    const a = await guest("127.0.2.1");
    const stories = storyIds.slice(1, 9);
    for (const s of stories) await send("127.0.2.2", a.token, { story_id: s });
    // Spend down to 2 coins with ordinary replies (from another address, so its limit is not this attack's).
    let coins = await coinsOf("127.0.2.2", a.token);
    for (let i = 0; coins > 2 && i < 40; i++) {
      await send(`127.0.3.${1 + Math.floor(i / 25)}`, a.token, { story_id: stories[0]!, content: "Tell me more." });
      coins = await coinsOf("127.0.2.2", a.token);
    }
    const before = coins;
    const answers = await Promise.all(stories.map((s) => send("127.0.2.3", a.token, { story_id: s, content: "Quick, everyone answer!" })));
    const replies = answers.reduce((n, r) => n + modelReplies(r), 0);
    const after = await coinsOf("127.0.2.2", a.token);
    const charged = before - after;
    report(
      "2 coins, typed into 8 stories at once",
      `${replies} replies, coins ${before} → ${after} (${charged} charged)`,
      "≤ 2 replies, balance ≥ 0, every reply charged",
      replies <= 2 && after >= 0 && charged === replies,
    );
  }

  // 5. A published story with a runaway knot behind 42 choices (the publish check walks 40).
  {
    const email = `abuse-author-${process.pid}@example.com`;
    let author = await signIn("127.0.4.1", email);
    for (const from of ["127.0.4.2", "127.0.4.3"]) author = await signIn(from, email); // merged guests bring their coins
    const fields = {
      title: "The Humming Stair",
      hook: "A stair that hums when you climb far enough.",
      category_id: "mystery",
      tags: ["stairs"],
      characters: [{ name: "Keeper", persona: "Keeps the stair.", greeting: "Climb, if you like." }],
      script: RUNAWAY,
    };
    const draft = await ep("127.0.4.1", "storyDraftCreate", fields, { token: author.token });
    const draftId = (draft.body.data as { draft: { id: string } } | undefined)?.draft.id;
    const published = await ep("127.0.4.1", "storyDraftPublish", { id: draftId }, { token: author.token });
    const storyId = (published.body.data as { story_id?: string } | undefined)?.story_id;
    if (published.status !== 200 || !storyId) {
      report("runaway ink script", `publishing refused: ${published.status} ${published.body.message}`, "the API keeps answering", null);
    } else {
      let turn = await send("127.0.4.5", author.token, { story_id: storyId });
      for (let i = 0; i < 41; i++) {
        const o = offer(turn);
        if (!o) throw new Error(`no choice offered at step ${i}: ${turn.status} ${turn.body.message}`);
        turn = await send(`127.0.4.${5 + Math.floor(i / 20)}`, author.token, { story_id: storyId, choice: 0, choice_of: o.id });
        if (turn.status !== 200) throw new Error(`climb ${i}: ${turn.status} ${turn.body.message}`);
      }
      const last = offer(turn)!;
      const coinsBefore = await coinsOf("127.0.4.1", author.token);
      // Open-loop probes: a /healthz and a story.list call every 10 ms for `ms`, each timed from the
      // moment it was due, so a stalled event loop shows in every call it delays, not in one.
      const probe = async (ms: number) => {
        const health: Promise<number>[] = [];
        const listing: Promise<number>[] = [];
        const until = performance.now() + ms;
        while (performance.now() < until) {
          health.push(call("127.0.5.1", "GET", "/healthz").then((a) => a.ms));
          listing.push(ep("127.0.5.2", "storyList", { limit: 20 }).then((a) => a.ms));
          await new Promise((r) => setTimeout(r, 10));
        }
        return { health: p99(await Promise.all(health)), list: p99(await Promise.all(listing)), calls: health.length * 2 };
      };
      await probe(500); // warm
      const rest = await probe(3000);
      let playing = true;
      const outcomes: string[] = [];
      const runaway = (async () => {
        // One play at a time, at most four a second: a turn's deadline is 250 ms, so the pool is kept
        // as busy as one player can keep it, without turning the attack into a plain request flood.
        while (playing) {
          const began = performance.now();
          const r = await send("127.0.4.9", author.token, { story_id: storyId, choice: 0, choice_of: last.id });
          outcomes.push(`${r.status} ${r.body.message ?? ""}`.trim());
          if (r.status === 200) break;
          await new Promise((res) => setTimeout(res, Math.max(0, 250 - (performance.now() - began))));
        }
      })();
      await new Promise((r) => setTimeout(r, 50));
      const busy = await probe(3000);
      playing = false;
      await runaway;
      const coinsAfter = await coinsOf("127.0.4.1", author.token);
      const ratio = Math.max(busy.health / rest.health, busy.list / rest.list);
      report(
        "runaway ink turn: /healthz and story.list p99 while it plays vs at rest",
        `p99 of ${busy.calls} calls in 3 s: healthz ${rest.health.toFixed(1)} → ${busy.health.toFixed(1)} ms, story.list ${rest.list.toFixed(1)} → ${busy.list.toFixed(1)} ms (×${ratio.toFixed(2)}); ${outcomes.length} plays of the runaway turn meanwhile, the first answered ${outcomes[0] ?? "none"}; coins ${coinsBefore} → ${coinsAfter}`,
        "p99 within 2× of at rest, the runaway charges nothing",
        ratio <= 2 && coinsAfter === coinsBefore,
      );
    }
  }

  // 6. A fake Purchase conversion sent through meta-api.forward, anonymously.
  {
    const now = Math.floor(Date.now() / 1000);
    const ev = { event_name: "Purchase", event_time: now, event_id: `purchase_fake_${process.pid}`, custom_data: { currency: "usd", value: 9999 } };
    const one = await ep("127.0.0.13", "metaForward", { data: [ev] });
    const many = await ep("127.0.0.13", "metaForward", { data: Array.from({ length: 1000 }, (_, i) => ({ ...ev, event_id: `purchase_fake_${i}` })) });
    // What was stored to be sent to Meta: the dev page lists the stored events.
    const stored = await call("127.0.0.1", "GET", "/dev/meta-events");
    const events = ((stored.body.data as { events?: { event_name: string; event_id: string | null }[] } | undefined)?.events ?? []).filter((e) => e.event_id?.startsWith("purchase_fake_"));
    const kept = (await call("127.0.0.1", "GET", "/dev/meta-events")).status === 200 ? String(events.length) : "unknown";
    report(
      "anonymous fake Purchase conversions through meta-api.forward",
      `1 event → ${one.status}; 1000 events → ${many.status}; fake Purchases stored to send: ${kept}`,
      "no browser-sent Purchase stored; at most 50 events a call",
      events.length === 0 && many.status !== 200,
    );
  }

  // 7. Art rendered for made-up ids.
  {
    let rendered = 0;
    for (let i = 0; i < 50; i++) {
      const r = await request(`${base}/api/v1/art/cover/made-up-${process.pid}-${i}.webp?w=640`, { dispatcher: agentFor("127.0.0.14") });
      await r.body.dump();
      if (r.statusCode === 200) rendered++;
    }
    report("50 covers of made-up ids", `${rendered} rendered`, "0: only ids that exist render", rendered === 0);
  }
} finally {
  await hop.close();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await model.close();
  for (const a of agents.values()) await a.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log("\n| attack | what it got | target | met |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
