// The streaming benchmark: 100 concurrent chats streaming replies through the API from a local model
// peer, next to the same number of streams taken from the peer directly, in the same run. The
// difference is what the API adds: to the time to first token, and to each token after it. A third
// side, the relay, passes the peer's stream through one bare Node HTTP hop (no database, no parsing):
// what it adds is the floor any API pays on this machine at the same load.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";

const CHATS = Number(process.env.BENCH_CHATS ?? 100);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 20);
const peerCli = fileURLToPath(new URL("../../../tooling/model-peer/src/cli.ts", import.meta.url));

/** Timings of one stream: when the first token arrived, and the gaps between tokens (ms). */
interface StreamTiming {
  /** when the response headers arrived (the API: once the turn was checked and the stream opened) */
  headers: number;
  ttft: number;
  gaps: number[];
}

async function firstLine(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`process exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

// The streams are read with undici's request() on kept-alive connections: the client shares the
// machine with what it measures. Reading with Node's fetch (WHATWG streams per chunk), the client and
// the peer alone kept a 2-core machine 48–54% busy in the direct rounds; with request(), 33–42%.
let client: Agent;

/** A POST with a JSON body. */
interface Post {
  method: "POST";
  headers: Record<string, string>;
  body: string;
}

/** Reads an SSE body, calling `onData(event, data)` for each event as it arrives. */
async function readSse(body: AsyncIterable<Uint8Array>, onData: (event: string, data: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buf = "";
  for await (const value of body) {
    buf += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      if (data) onData(event, data);
    }
  }
}

/** Times one stream: `isToken` says which events carry a token. */
async function timeStream(url: string, init: Post, isToken: (event: string, data: string) => boolean): Promise<StreamTiming> {
  const t0 = performance.now();
  const res = await request(url, { ...init, dispatcher: client });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${await res.body.text()}`);
  const headers = performance.now() - t0;
  let last = 0;
  let ttft = -1;
  const gaps: number[] = [];
  await readSse(res.body, (event, data) => {
    if (!isToken(event, data)) return;
    const now = performance.now();
    if (ttft < 0) ttft = now - t0;
    else gaps.push(now - last);
    last = now;
  });
  if (ttft < 0) throw new Error(`${url}: no token arrived`);
  return { headers, ttft, gaps };
}

const meanGap = (s: StreamTiming) => (s.gaps.length ? s.gaps.reduce((a, b) => a + b, 0) / s.gaps.length : 0);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function guest(api: string, n: number): Promise<string> {
  const res = await fetch(`${api}/api/v1/user-guest.sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ device_id: `bench-stream-${process.pid}-${n}-${Date.now()}` }),
  });
  return ((await res.json()) as { data: { auth: { access_token: string } } }).data.auth.access_token;
}

/** CPU time (user + system) a child process has used so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The whole machine's CPU counters (Linux /proc/stat, in ticks): busy and total, all cores. */
function machineTicks(): { busy: number; total: number } {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** How loaded the machine and the API process were during one phase: what TTFT's queueing follows. */
interface Load {
  /** replies per second */
  rate: number;
  /** the machine's busy share, all cores (%) */
  machine: number;
  /** the API process's CPU over the phase's wall time (% of one core; Node runs JavaScript on one) */
  api: number;
  /** this process's CPU (the benchmark's client) per reply, ms: it shares the machine with what it measures */
  client: number;
}

/** Runs `phase` and measures the load around it (`server`: the API process, when one is used). */
async function measured<T>(phase: () => Promise<T[]>, server?: ChildProcess): Promise<{ out: T[]; load: Load }> {
  const m0 = machineTicks();
  const a0 = server ? cpuMs(server) : 0;
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const out = await phase();
  const wall = performance.now() - w0;
  const m1 = machineTicks();
  const share = m1.total > m0.total ? (100 * (m1.busy - m0.busy)) / (m1.total - m0.total) : NaN;
  const c = process.cpuUsage(c0);
  return {
    out,
    load: { rate: (1000 * out.length) / wall, machine: share, api: server ? (100 * (cpuMs(server) - a0)) / wall : 0, client: (c.user + c.system) / 1000 / out.length },
  };
}

/** Runs the streaming benchmark on one database engine; returns the lines of its table. */
export async function streamingBench(databaseUrl: string | undefined): Promise<string[]> {
  client = new Agent({ keepAliveTimeout: 60_000 });
  const peer = spawn(process.execPath, ["--import", "tsx", peerCli, "--port", "0", "--token-delay", String(TOKEN_DELAY_MS), "--reasoning", "none"], { stdio: ["ignore", "pipe", "inherit"] });
  const peerUrl = /LLM_BASE_URL=(\S+)/.exec(await firstLine(peer))![1]!;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the API process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "--import", "tsx", "bench/serve.ts"], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "", DATABASE_URL: "", BENCH_LLM_BASE_URL: peerUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const { api, engine, relay } = JSON.parse(await firstLine(server)) as { api: string; engine: string; relay: string };
    // 100 players, each in their own chat of one story with its first character.
    const list = (await (await fetch(`${api}/api/v1/story.list`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as {
      data: { stories: { id: string; actors: { id: string }[] }[] };
    };
    const story = list.data.stories[0]!;
    const target = { story_id: story.id, actor_id: story.actors[0]!.id };
    const tokens: string[] = [];
    for (let i = 0; i < CHATS; i++) tokens.push(await guest(api, i));
    await Promise.all(
      tokens.map((t) => fetch(`${api}/api/v1/actor/chat/message.send`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${t}` }, body: JSON.stringify(target) }).then((r) => r.text())),
    );
    const viaApi = (t: string, i: number) =>
      timeStream(
        `${api}/api/v1/actor/chat/message.send`,
        { method: "POST" as const, headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${t}` }, body: JSON.stringify({ ...target, content: `Tell me about the city, ${i}` }) },
        (event) => event === "delta",
      );
    // Warm-up: every chat once through the API (JIT, tokenizer tables, pools, and all 100 connections of
    // both hops open), then the peer's record of what the API asked: the direct calls replay exactly that
    // request (same prompt, same tools, so the peer writes the same reply at the same pace).
    await Promise.all(tokens.map(viaApi));
    const recorded = (await (await fetch(`${new URL(peerUrl).origin}/_peer/requests`)).json()) as { requests: { body: { messages: { role: string; content: unknown }[] } }[] };
    const bodyOf = new Map<number, string>();
    for (const { body } of recorded.requests) {
      const said = body.messages.findLast((m) => m.role === "user")?.content;
      const n = typeof said === "string" ? /Tell me about the city, (\d+)$/.exec(said)?.[1] : undefined;
      if (n !== undefined) bodyOf.set(Number(n), JSON.stringify(body));
    }
    if (bodyOf.size !== CHATS) throw new Error(`the peer recorded ${bodyOf.size} of ${CHATS} warm-up requests`);
    const peerToken = (_e: string, data: string) => data !== "[DONE]" && Boolean((JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content);
    // The recorded request of chat i, as the peer or the relay takes it.
    const peerPost = (i: number): Post => ({ method: "POST", headers: { "content-type": "application/json" }, body: bodyOf.get(i)! });
    const direct = (_t: string, i: number) => timeStream(`${peerUrl}/chat/completions`, peerPost(i), peerToken);
    const relayed = (_t: string, i: number) => timeStream(relay, peerPost(i), peerToken);
    await Promise.all(tokens.map(direct));
    await Promise.all(tokens.map(relayed));
    const cpu = { api: 0, direct: 0, relay: 0 };
    const side = () => ({ api: [] as StreamTiming[], direct: [] as StreamTiming[], relay: [] as StreamTiming[] });
    const results = { burst: side(), steady: side() };
    // "burst": all chats send at the same instant, ROUNDS times. Every request queues behind the
    // others' work, so its TTFT is that of the whole burst: the worst case, not what one reader sees.
    // "steady": the chats keep streaming, each sending its next message when its reply ends; their
    // first sends are spread over one reply's length, so ~CHATS streams are open at any time while
    // messages arrive one by one (100 concurrent chats as a server sees them). Both sides are run
    // the same way, alternately, so both see the same machine.
    const replyMs = pct(
      (await Promise.all(tokens.map(direct))).map((s) => s.ttft + s.gaps.reduce((a, b) => a + b, 0)),
      50,
    );
    const steady = async (fn: typeof direct) => {
      const out: StreamTiming[] = [];
      await Promise.all(
        tokens.map(async (t, i) => {
          await new Promise((r) => setTimeout(r, (i / CHATS) * replyMs));
          for (let r = 0; r < ROUNDS; r++) out.push(await fn(t, i));
        }),
      );
      return out;
    };
    for (let r = 0; r < ROUNDS; r++) {
      results.burst.direct.push(...(await Promise.all(tokens.map(direct))));
      results.burst.relay.push(...(await Promise.all(tokens.map(relayed))));
      results.burst.api.push(...(await Promise.all(tokens.map(viaApi))));
    }
    const load = { direct: null as Load | null, api: null as Load | null, relay: null as Load | null };
    {
      let t = cpuMs(peer);
      const d = await measured(() => steady(direct));
      results.steady.direct.push(...d.out);
      load.direct = d.load;
      cpu.direct = (cpuMs(peer) - t) / (CHATS * ROUNDS);
      t = cpuMs(peer) + cpuMs(server);
      const r = await measured(() => steady(relayed), server);
      results.steady.relay.push(...r.out);
      load.relay = r.load;
      cpu.relay = (cpuMs(peer) + cpuMs(server) - t) / (CHATS * ROUNDS);
      t = cpuMs(peer) + cpuMs(server);
      const a = await measured(() => steady(viaApi), server);
      results.steady.api.push(...a.out);
      load.api = a.load;
      cpu.api = (cpuMs(peer) + cpuMs(server) - t) / (CHATS * ROUNDS);
    }
    const f = (n: number) => n.toFixed(1).padStart(8);
    // Per percentile: direct, relay, API, the relay's floor (relay − direct) and what the API adds (API − direct).
    const at = (p: number, xs: number[], base: number[], floor: number[]) =>
      `${f(pct(base, p))} ${f(pct(floor, p))} ${f(pct(xs, p))} ${f(pct(floor, p) - pct(base, p))} ${f(pct(xs, p) - pct(base, p))}`;
    const row = (name: string, of: (s: StreamTiming) => number, { api: a, direct: d, relay: r }: ReturnType<typeof side>) =>
      `${engine.padEnd(9)} ${name.padEnd(32)} ${at(50, a.map(of), d.map(of), r.map(of))}   ${at(99, a.map(of), d.map(of), r.map(of))}`;
    const rows = (mode: "steady" | "burst") => [
      row(`${mode}: time to headers (ms)`, (s) => s.headers, results[mode]),
      row(`${mode}: time to first token (ms)`, (s) => s.ttft, results[mode]),
      // Per stream: the mean time between tokens after the first (a starved process delivers tokens in
      // bursts, so single gaps say little; the mean over a stream is what a reader sees).
      row(`${mode}: per-token time (ms)`, meanGap, results[mode]),
    ];
    return [
      ...rows("steady"),
      ...rows("burst"),
      // CPU time of the processes per reply in the steady rounds (the API process includes PGlite; a
      // PostgreSQL server's own CPU is not counted): what the machine's load multiplies.
      `${engine.padEnd(9)} ${"steady: CPU per reply (ms)".padEnd(32)} ${f(cpu.direct)} ${f(cpu.relay)} ${f(cpu.api)} ${f(cpu.relay - cpu.direct)} ${f(cpu.api - cpu.direct)}   (peer alone; peer + relay; peer + API)`,
      // The load the steady rounds put on the machine: the TTFT added is queueing once the API
      // process (one core for its JavaScript) is busy most of the time, so read it with these.
      `${engine.padEnd(9)} ${"steady: replies per second".padEnd(32)} ${load.direct!.rate.toFixed(0).padStart(8)} ${load.relay!.rate.toFixed(0).padStart(8)} ${load.api!.rate.toFixed(0).padStart(8)}`,
      `${engine.padEnd(9)} ${"steady: machine busy (%)".padEnd(32)} ${load.direct!.machine.toFixed(0).padStart(8)} ${load.relay!.machine.toFixed(0).padStart(8)} ${load.api!.machine.toFixed(0).padStart(8)}   (all cores: client, peer, relay or API, database)`,
      `${engine.padEnd(9)} ${"steady: client CPU per reply (ms)".padEnd(32)} ${f(load.direct!.client)} ${f(load.relay!.client)} ${f(load.api!.client)}   (this benchmark's own reading of the streams)`,
      `${engine.padEnd(9)} ${"steady: server process busy (%)".padEnd(32)} ${"".padStart(8)} ${load.relay!.api.toFixed(0).padStart(8)} ${load.api!.api.toFixed(0).padStart(8)}   (of one core: the relay; the API)`,
    ];
  } finally {
    await client.close();
    await stop(server);
    await stop(peer);
  }
}

/** The header of the streaming table. */
export function streamingHeader(): string[] {
  return [
    `\nstreaming: ${CHATS} concurrent chats × ${ROUNDS} rounds, peer token delay ${TOKEN_DELAY_MS} ms; "direct" = the peer called directly, "api" = through the API`,
    `"relay" = the peer's stream through one bare Node HTTP hop; "floor" = relay − direct (any API pays it here); "added" = api − direct`,
    `${"engine".padEnd(9)} ${"measure".padEnd(32)} ${["p50 dir", "p50 rly", "p50 api", "floor", "added"].map((h) => h.padStart(8)).join(" ")}   ${["p99 dir", "p99 rly", "p99 api", "floor", "added"].map((h) => h.padStart(8)).join(" ")}`,
  ];
}
