// The streaming benchmark: 100 concurrent chats streaming replies through the API from a local model
// peer, next to the same number of streams taken from the peer directly, in the same run. The
// difference is what the API adds: to the time to first token, and to each token after it.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const CHATS = Number(process.env.BENCH_CHATS ?? 100);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 20);
const peerCli = fileURLToPath(new URL("../../../tooling/model-peer/src/cli.ts", import.meta.url));

/** Timings of one stream: when the first token arrived, and the gaps between tokens (ms). */
interface StreamTiming {
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

/** Reads an SSE body, calling `onData(event, data)` for each event as it arrives. */
async function readSse(res: Response, onData: (event: string, data: string) => void): Promise<void> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
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
async function timeStream(url: string, init: RequestInit, isToken: (event: string, data: string) => boolean): Promise<StreamTiming> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let last = 0;
  let ttft = -1;
  const gaps: number[] = [];
  await readSse(res, (event, data) => {
    if (!isToken(event, data)) return;
    const now = performance.now();
    if (ttft < 0) ttft = now - t0;
    else gaps.push(now - last);
    last = now;
  });
  if (ttft < 0) throw new Error(`${url}: no token arrived`);
  return { ttft, gaps };
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

/** Runs the streaming benchmark on one database engine; returns the lines of its table. */
export async function streamingBench(databaseUrl: string | undefined): Promise<string[]> {
  const peer = spawn(process.execPath, ["--import", "tsx", peerCli, "--port", "0", "--token-delay", String(TOKEN_DELAY_MS), "--reasoning", "none"], { stdio: ["ignore", "pipe", "inherit"] });
  const peerUrl = /LLM_BASE_URL=(\S+)/.exec(await firstLine(peer))![1]!;
  const server = spawn(process.execPath, ["--import", "tsx", "bench/serve.ts"], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "", DATABASE_URL: "", BENCH_LLM_BASE_URL: peerUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const { api, engine } = JSON.parse(await firstLine(server)) as { api: string; engine: string };
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
        { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${t}` }, body: JSON.stringify({ ...target, content: `Tell me about the city, ${i}` }) },
        (event) => event === "delta",
      );
    // The same shape of request straight to the peer (a persona system prompt and the player's words).
    const direct = (_t: string, i: number) =>
      timeStream(
        `${peerUrl}/chat/completions`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "bench", stream: true, messages: [{ role: "system", content: "You are Juno Vex, a courier." }, { role: "user", content: `Tell me about the city, ${i}` }] }),
        },
        (_e, data) => data !== "[DONE]" && Boolean((JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content),
      );
    const results = { api: [] as StreamTiming[], direct: [] as StreamTiming[] };
    // Warm-up round (JIT, tokenizer tables, pools), then alternate the two so both see the same machine.
    await Promise.all(tokens.slice(0, 10).map(direct));
    await Promise.all(tokens.slice(0, 10).map(viaApi));
    for (let r = 0; r < ROUNDS; r++) {
      results.direct.push(...(await Promise.all(tokens.map(direct))));
      results.api.push(...(await Promise.all(tokens.map(viaApi))));
    }
    const row = (name: string, xs: number[], base: number[]) =>
      `${engine.padEnd(9)} ${name.padEnd(26)} ${pct(base, 50).toFixed(1).padStart(8)} ${pct(xs, 50).toFixed(1).padStart(8)} ${(pct(xs, 50) - pct(base, 50)).toFixed(1).padStart(8)}   ${pct(base, 99).toFixed(1).padStart(8)} ${pct(xs, 99).toFixed(1).padStart(8)} ${(pct(xs, 99) - pct(base, 99)).toFixed(1).padStart(8)}`;
    return [
      row("time to first token (ms)", results.api.map((s) => s.ttft), results.direct.map((s) => s.ttft)),
      // Per stream: the mean time between tokens after the first (a starved process delivers tokens in
      // bursts, so single gaps say little; the mean over a stream is what a reader sees).
      row("per-token time (ms)", results.api.map(meanGap), results.direct.map(meanGap)),
    ];
  } finally {
    await stop(server);
    await stop(peer);
  }
}

/** The header of the streaming table. */
export function streamingHeader(): string[] {
  return [
    `\nstreaming: ${CHATS} concurrent chats × ${ROUNDS} rounds, peer token delay ${TOKEN_DELAY_MS} ms; "direct" = the peer called directly, "api" = through the API`,
    `${"engine".padEnd(9)} ${"measure".padEnd(26)} ${"p50 dir".padStart(8)} ${"p50 api".padStart(8)} ${"added".padStart(8)}   ${"p99 dir".padStart(8)} ${"p99 api".padStart(8)} ${"added".padStart(8)}`,
  ];
}
