import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { defaultReasoning, defaultReply, defaultToolCall, tokensOf, type ChatRequest, type ToolCallPlan } from "./reply";
import { FRAME_BYTES, FRAME_MS, silentMp3, speechMs } from "./speech";

/** How the reasoning travels: a `reasoning_content` delta (vLLM, DeepSeek), a `reasoning` delta (OpenRouter), or `<think>…</think>` in the content. */
export type ReasoningStyle = "reasoning_content" | "reasoning" | "think";

/** How one request is answered. Unset fields fall back to the peer's defaults, then to the built-in ones. */
export interface Behaviour {
  /** the reply text; default: an in-persona reply built from the request */
  content?: string;
  /** the reasoning text; null = none; default: a short line built from the request */
  reasoning?: string | null;
  reasoningStyle?: ReasoningStyle;
  /** a tool call after the text; null = none; default: the choice tool when the player named a choice */
  toolCall?: ToolCallPlan | null;
  /** milliseconds before the first chunk */
  firstTokenDelayMs?: number;
  /** milliseconds between chunks */
  tokenDelayMs?: number;
  /** break off after this many content chunks (a failure mid-stream) */
  failAfterTokens?: number;
  /** how it breaks off: drop the connection, or send an error object in the stream */
  failWith?: "disconnect" | "error-event";
  /** answer this HTTP error status at once instead of a completion (a failure before the first token) */
  status?: number;
  /**
   * the token counts the answer reports (in the last chunk when the request asks with
   * `stream_options.include_usage`); null = report none, as some servers do; default: an estimate
   */
  usage?: { promptTokens: number; completionTokens: number } | null;
}

/** How `POST /v1/audio/speech` is answered (the API's read aloud, TTS_BASE_URL). */
export interface SpeechBehaviour {
  /** answer this HTTP error status instead of audio (every request, or those `failOn` names) */
  status?: number;
  /** fail only the requests whose input contains this text (with `status`, default 500) */
  failOn?: string;
  /** milliseconds of (silent) audio per word of the input; default 250 */
  msPerWord?: number;
  /** milliseconds before answering (the time a real server takes to make a sentence); default 0 */
  delayMs?: number;
}

/** The body of a speech request (only what the peer reads). */
export interface SpeechRequest {
  model?: string;
  input?: string;
  voice?: string;
  response_format?: string;
  [key: string]: unknown;
}

/** A request the peer received, and what became of it. */
export interface RecordedRequest {
  id: number;
  path: string;
  headers: IncomingMessage["headers"];
  body: ChatRequest;
  receivedAt: number;
  firstChunkAt?: number;
  endedAt?: number;
  outcome: "streaming" | "completed" | "failed" | "aborted";
  /** when the client closed the connection before the answer ended */
  abortedAt?: number;
  /** content chunks written */
  chunks: number;
  /** milliseconds of audio a speech request was answered with */
  audioMs?: number;
}

/** Options of {@link startModelPeer}. */
export interface ModelPeerOptions {
  port?: number;
  host?: string;
  /** when set, requests must carry `Authorization: Bearer <apiKey>` */
  apiKey?: string;
  /** the model id /v1/models lists */
  model?: string;
  /** behaviour of every request that has no scripted one */
  defaults?: Behaviour;
  /** how speech requests are answered (until changed or reset) */
  speech?: SpeechBehaviour;
}

/** A running peer. */
export interface ModelPeer {
  /** base URL including /v1, as LLM_BASE_URL takes it */
  url: string;
  port: number;
  /** every chat-completions and speech request, in arrival order (`path` tells them apart) */
  readonly requests: RecordedRequest[];
  /** the requests the client aborted */
  readonly aborted: RecordedRequest[];
  /** behaviour of requests without a scripted one (mutable) */
  defaults: Behaviour;
  /**
   * behaviour of the requests that ask for a given model (mutable): a second model on the same
   * endpoint (a chat's summary model) is answered by it and leaves the scripted queue to the others
   */
  models: Record<string, Behaviour>;
  /** how speech requests are answered (mutable; reset restores the options' one) */
  speech: SpeechBehaviour;
  /** queues behaviours: the next requests take them, one each, in order */
  script(...behaviours: Behaviour[]): void;
  /** forgets recorded requests, queued behaviours, the models' behaviours and the speech behaviour set since */
  reset(): void;
  /** resolves with the first recorded request matching `pred` (polling), or rejects after `timeoutMs` */
  waitFor(pred: (r: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function errorBody(status: number, message: string) {
  return { error: { message, type: status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error", param: null, code: null } };
}

/** Starts a local OpenAI-compatible chat-completions server. */
export async function startModelPeer(opts: ModelPeerOptions = {}): Promise<ModelPeer> {
  const requests: RecordedRequest[] = [];
  const queue: Behaviour[] = [];
  const model = opts.model ?? "storyloom-peer";
  let nextId = 0;

  const peer = {
    url: "",
    port: 0,
    requests,
    get aborted() {
      return requests.filter((r) => r.outcome === "aborted");
    },
    defaults: { ...opts.defaults } as Behaviour,
    models: {} as Record<string, Behaviour>,
    speech: { ...opts.speech } as SpeechBehaviour,
    script: (...b: Behaviour[]) => void queue.push(...b),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      nextId = 0;
      peer.models = {};
      peer.speech = { ...opts.speech };
    },
    waitFor: async (pred: (r: RecordedRequest) => boolean, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = requests.find(pred);
        if (hit) return hit;
        if (Date.now() > until) throw new Error("model peer: no matching request in time");
        await sleep(5);
      }
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  async function complete(req: IncomingMessage, res: ServerResponse, body: ChatRequest): Promise<void> {
    const own = body.model !== undefined && Object.hasOwn(peer.models, body.model) ? peer.models[body.model] : undefined;
    const b: Behaviour = { ...peer.defaults, ...(own ?? queue.shift() ?? {}) };
    const rec: RecordedRequest = { id: ++nextId, path: req.url ?? "", headers: req.headers, body, receivedAt: Date.now(), outcome: "streaming", chunks: 0 };
    requests.push(rec);
    res.on("close", () => {
      if (!res.writableFinished && rec.outcome === "streaming") {
        rec.outcome = "aborted";
        rec.abortedAt = Date.now();
      }
    });
    const alive = () => rec.outcome === "streaming" && !res.destroyed;

    await sleep(b.firstTokenDelayMs ?? 0);
    if (!alive()) return;
    if (b.status) {
      rec.outcome = "failed";
      rec.endedAt = Date.now();
      return json(res, b.status, errorBody(b.status, `model peer: scripted failure ${b.status}`));
    }
    const content = b.content ?? defaultReply(body);
    const reasoning = b.reasoning === null ? "" : (b.reasoning ?? defaultReasoning(body));
    const style = b.reasoningStyle ?? "reasoning_content";
    const toolCall = b.toolCall === null ? null : (b.toolCall ?? defaultToolCall(body));
    const id = `chatcmpl-peer-${rec.id}`;
    const created = Math.floor(Date.now() / 1000);
    const finish = toolCall ? "tool_calls" : "stop";
    const usage = {
      prompt_tokens: b.usage?.promptTokens ?? JSON.stringify(body.messages ?? []).length >> 2,
      completion_tokens: b.usage?.completionTokens ?? tokensOf(content).length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

    if (!body.stream) {
      rec.firstChunkAt = Date.now();
      const message: Record<string, unknown> = { role: "assistant", content: style === "think" && reasoning ? `<think>${reasoning}</think>${content}` : content };
      if (reasoning && style !== "think") message[style] = reasoning;
      if (toolCall) message.tool_calls = [{ id: `call_${rec.id}`, type: "function", function: toolCall }];
      rec.outcome = "completed";
      rec.endedAt = Date.now();
      return json(res, 200, { id, object: "chat.completion", created, model: body.model ?? model, choices: [{ index: 0, message, logprobs: null, finish_reason: finish }], ...(b.usage === null ? {} : { usage }) });
    }

    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
    res.flushHeaders();
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model ?? model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`);
    const pace = async () => {
      await sleep(b.tokenDelayMs ?? 0);
      return alive();
    };

    // The role comes first, with empty content, as OpenAI sends it.
    rec.firstChunkAt = Date.now();
    chunk({ role: "assistant", content: "" });
    const pieces: { key: string; text: string }[] = [];
    if (reasoning) {
      if (style === "think") pieces.push({ key: "content", text: "<think>" }, ...tokensOf(reasoning).map((text) => ({ key: "content", text })), { key: "content", text: "</think>" });
      else pieces.push(...tokensOf(reasoning).map((text) => ({ key: style, text })));
    }
    pieces.push(...tokensOf(content).map((text) => ({ key: "content", text })));
    for (const p of pieces) {
      if (!(await pace())) return;
      if (p.key === "content") rec.chunks++;
      chunk(p.key === "content" ? { content: p.text } : { content: null, [p.key]: p.text });
      if (b.failAfterTokens !== undefined && rec.chunks >= b.failAfterTokens) {
        rec.outcome = "failed";
        rec.endedAt = Date.now();
        if (b.failWith === "error-event") {
          res.write(`data: ${JSON.stringify(errorBody(500, "model peer: scripted failure mid-stream"))}\n\n`);
          res.end();
        } else {
          // Let what was written reach the client first, then drop the connection mid-answer.
          await new Promise<void>((resolve) => res.write("", () => resolve()));
          await sleep(20);
          res.destroy();
        }
        return;
      }
    }
    if (toolCall) {
      if (!(await pace())) return;
      chunk({ tool_calls: [{ index: 0, id: `call_${rec.id}`, type: "function", function: { name: toolCall.name, arguments: "" } }] });
      const args = toolCall.arguments;
      for (let i = 0; i < args.length; i += 6) {
        if (!(await pace())) return;
        chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 6) } }] });
      }
    }
    if (!(await pace())) return;
    chunk({}, finish);
    if (body.stream_options?.include_usage && b.usage !== null) {
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model ?? model, choices: [], usage })}\n\n`);
    }
    res.write("data: [DONE]\n\n");
    rec.outcome = "completed";
    rec.endedAt = Date.now();
    res.end();
  }

  /** `POST /v1/audio/speech`: silent MP3 as long as the input takes to say, or the failure asked for. */
  async function speak(req: IncomingMessage, res: ServerResponse, body: SpeechRequest): Promise<void> {
    const rec: RecordedRequest = { id: ++nextId, path: req.url ?? "", headers: req.headers, body, receivedAt: Date.now(), outcome: "streaming", chunks: 0 };
    requests.push(rec);
    const b = peer.speech;
    res.on("close", () => {
      if (!res.writableFinished && rec.outcome === "streaming") {
        rec.outcome = "aborted";
        rec.abortedAt = Date.now();
      }
    });
    await sleep(b.delayMs ?? 0);
    if (rec.outcome !== "streaming" || res.destroyed) return;
    rec.endedAt = rec.firstChunkAt = Date.now();
    const fails = b.failOn !== undefined ? (body.input ?? "").includes(b.failOn) : b.status !== undefined;
    if (fails) {
      const status = b.status ?? 500;
      rec.outcome = "failed";
      return json(res, status, errorBody(status, `model peer: scripted speech failure ${status}`));
    }
    const audio = silentMp3(speechMs(body.input ?? "", b.msPerWord ?? 250));
    rec.outcome = "completed";
    rec.chunks = 1;
    rec.audioMs = (audio.length / FRAME_BYTES) * FRAME_MS;
    res.writeHead(200, { "content-type": "audio/mpeg", "content-length": String(audio.length) });
    res.end(audio);
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    // Out-of-process control for e2e runs and benchmarks that start the peer as a separate process.
    if (req.method === "GET" && path === "/_peer/requests") return json(res, 200, { requests: requests.map(({ headers: _h, ...r }) => r) });
    const raw = await readBody(req);
    const body = raw ? (JSON.parse(raw) as { behaviours?: Behaviour[]; defaults?: Behaviour; speech?: SpeechBehaviour }) : {};
    if (req.method === "POST" && path === "/_peer/script") peer.script(...(body.behaviours ?? []));
    else if (req.method === "POST" && path === "/_peer/defaults") peer.defaults = body.defaults ?? {};
    else if (req.method === "POST" && path === "/_peer/speech") peer.speech = { ...opts.speech, ...body.speech };
    else if (req.method === "POST" && path === "/_peer/reset") peer.reset();
    else return json(res, 404, errorBody(404, "unknown control call"));
    json(res, 200, { ok: true, queued: queue.length });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!.replace(/\/+$/, "");
    const handle = async () => {
      if (path.startsWith("/_peer/")) return control(req, res, path);
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return json(res, 401, errorBody(401, "Incorrect API key provided"));
      if (req.method === "GET" && path === "/v1/models") {
        return json(res, 200, { object: "list", data: [{ id: model, object: "model", created: 0, owned_by: "storyloom" }] });
      }
      if (req.method === "POST" && path === "/v1/chat/completions") {
        let body: ChatRequest;
        try {
          body = JSON.parse(await readBody(req)) as ChatRequest;
        } catch {
          return json(res, 400, errorBody(400, "We could not parse the JSON body of your request."));
        }
        if (!Array.isArray(body.messages) || body.messages.length === 0) return json(res, 400, errorBody(400, "'messages' is a required property"));
        return complete(req, res, body);
      }
      if (req.method === "POST" && path === "/v1/audio/speech") {
        let body: SpeechRequest;
        try {
          body = JSON.parse(await readBody(req)) as SpeechRequest;
        } catch {
          return json(res, 400, errorBody(400, "We could not parse the JSON body of your request."));
        }
        if (typeof body.input !== "string" || !body.input.trim()) return json(res, 400, errorBody(400, "'input' is a required property"));
        if (typeof body.voice !== "string" || !body.voice) return json(res, 400, errorBody(400, "'voice' is a required property"));
        if ((body.response_format ?? "mp3") !== "mp3") return json(res, 400, errorBody(400, "model peer: only response_format mp3 is spoken"));
        return speak(req, res, body);
      }
      json(res, 404, errorBody(404, `Unknown request URL: ${req.method} ${path}`));
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, errorBody(500, String(err)));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  peer.port = port;
  peer.url = `http://${opts.host ?? "127.0.0.1"}:${port}/v1`;
  return peer;
}
