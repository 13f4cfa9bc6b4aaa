import OpenAI, { APIError, APIUserAbortError } from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Config } from "../config";
import { modelErrors } from "../metrics/metrics";
import { ThinkSplitter } from "./think";
import { modelFetch } from "./transport";
import { countPromptTokens, usageOf, type ModelUsage, type WireUsage } from "./usage";

export type { ModelUsage } from "./usage";

/** What one model call is asked. */
export interface ModelRequest {
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  /** aborts the upstream request at once (the player stopped, or left) */
  signal: AbortSignal;
}

/** Where the reply's pieces go as they arrive. */
export interface ModelSink {
  text(delta: string): void;
  reasoning(delta: string): void;
}

/** How a model call ended. */
export interface ModelReply {
  text: string;
  reasoning: string;
  /** the first function call the model made, when it made one */
  toolCall: { name: string; arguments: string } | null;
  /** true when the signal aborted it (the text is what was written until then) */
  stopped: boolean;
  /** true when the output cap cut it short */
  truncated: boolean;
  /** the tokens the call took (the server's count, else the tokenizer's) */
  usage: ModelUsage;
}

/** A failure of the model (after retries): the client sees MODEL_ERROR. */
export class ModelError extends Error {
  constructor(
    message: string,
    /** whether any text had been produced before it failed */
    readonly partial: { text: string; reasoning: string },
    /** the tokens the failed call took once it had started streaming; null when it failed before */
    readonly usage: ModelUsage | null = null,
  ) {
    super(message);
  }
}

/** Settings of the model client. */
export interface ModelSettings {
  baseURL: string;
  apiKey: string;
  model: string;
  maxOutputTokens: number;
  firstTokenTimeoutMs: number;
  replyTimeoutMs: number;
  retries: number;
}

/** The model settings of the configuration, or null when no model is configured. */
export function modelSettings(config: Config): ModelSettings | null {
  if (!config.LLM_BASE_URL) return null;
  return {
    baseURL: config.LLM_BASE_URL,
    // Local servers (llama.cpp, Ollama, vLLM) take any key; the SDK insists on one.
    apiKey: config.LLM_API_KEY ?? "not-needed",
    model: config.LLM_MODEL,
    maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
    firstTokenTimeoutMs: config.LLM_FIRST_TOKEN_TIMEOUT_MS,
    replyTimeoutMs: config.LLM_REPLY_TIMEOUT_MS,
    retries: config.LLM_RETRIES,
  };
}

/** Reasoning arrives as `reasoning_content` (vLLM, DeepSeek) or `reasoning` (OpenRouter); neither is in the SDK's types. */
interface ReasoningDelta {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { index: number; function?: { name?: string; arguments?: string } }[];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
  });

/** A client of an OpenAI-compatible chat-completions API that streams one reply at a time. */
export class ModelClient {
  private readonly client: OpenAI;

  constructor(readonly settings: ModelSettings) {
    // The SDK's own retries would also retry after tokens were shown; ours stop at the first token.
    this.client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, maxRetries: 0, timeout: settings.firstTokenTimeoutMs, fetch: modelFetch() });
  }

  /**
   * Streams one reply into `sink`. Failures before the first token are retried (with backoff) up to
   * `retries` times; after it, a failure ends the reply with ModelError carrying the partial text.
   * An aborted signal ends it as stopped, with the text so far.
   */
  async stream(req: ModelRequest, sink: ModelSink): Promise<ModelReply> {
    let failure: ModelError | null = null;
    for (let attempt = 0; attempt <= this.settings.retries; attempt++) {
      if (attempt > 0) await sleep(250 * 2 ** (attempt - 1), req.signal);
      if (req.signal.aborted) return { text: "", reasoning: "", toolCall: null, stopped: true, truncated: false, usage: { promptTokens: 0, completionTokens: 0, reported: false } };
      const out = await this.attempt(req, sink);
      if (out.ok) return out.reply;
      failure = out.error;
      // Once a token was shown, a retry would show the player a second, different beginning.
      if (out.started || !out.retry) break;
    }
    throw failure ?? new ModelError("The language model failed", { text: "", reasoning: "" });
  }

  private async attempt(req: ModelRequest, sink: ModelSink): Promise<{ ok: true; reply: ModelReply } | { ok: false; started: boolean; retry: boolean; error: ModelError }> {
    // One controller per attempt: the caller's stop, the first-token timeout and the reply timeout all abort it.
    const ctl = new AbortController();
    const onStop = () => ctl.abort();
    req.signal.addEventListener("abort", onStop, { once: true });
    let timedOut: "first" | "reply" | null = null;
    const firstTimer = setTimeout(() => ((timedOut = "first"), ctl.abort()), this.settings.firstTokenTimeoutMs);
    const replyTimer = setTimeout(() => ((timedOut = "reply"), ctl.abort()), this.settings.replyTimeoutMs);
    const think = new ThinkSplitter();
    let text = "";
    let reasoning = "";
    let started = false;
    let truncated = false;
    const calls = new Map<number, { name: string; arguments: string }>();
    let reported: WireUsage | null = null;
    const used = (toolCall: { name: string; arguments: string } | null = null) => usageOf(reported, () => countPromptTokens(req.messages, req.tools), { text, reasoning, toolCall });
    // A server that ignores max_tokens is cut off here (≈ 8 characters a token is generous).
    const charCap = this.settings.maxOutputTokens * 8;
    let capped = false;
    const emitText = (t: string) => {
      if (!t || capped) return;
      if (text.length + t.length > charCap) {
        t = t.slice(0, charCap - text.length);
        capped = true;
        truncated = true;
        ctl.abort();
      }
      text += t;
      sink.text(t);
    };
    const emitReasoning = (t: string) => {
      if (!t) return;
      reasoning += t;
      sink.reasoning(t);
    };
    const begin = () => {
      if (!started) clearTimeout(firstTimer);
      started = true;
    };
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.settings.model,
          messages: req.messages,
          stream: true,
          // The last chunk then carries the call's token counts (servers that do not know the option ignore it).
          stream_options: { include_usage: true },
          max_tokens: this.settings.maxOutputTokens,
          ...(req.tools?.length ? { tools: req.tools, tool_choice: "auto" as const, parallel_tool_calls: false } : {}),
        },
        { signal: ctl.signal },
      );
      for await (const chunk of stream) {
        if (chunk.usage) reported = chunk.usage;
        const choice = chunk.choices[0];
        if (!choice) continue;
        const d = choice.delta as ReasoningDelta;
        const r = d.reasoning_content ?? d.reasoning;
        if (r) {
          begin();
          emitReasoning(r);
        }
        if (d.content) {
          begin();
          const parts = think.push(d.content);
          emitReasoning(parts.reasoning);
          emitText(parts.text);
        }
        for (const tc of d.tool_calls ?? []) {
          begin();
          const call = calls.get(tc.index) ?? { name: "", arguments: "" };
          call.name += tc.function?.name ?? "";
          call.arguments += tc.function?.arguments ?? "";
          calls.set(tc.index, call);
        }
        if (choice.finish_reason === "length") truncated = true;
      }
      // The SDK ends the iteration quietly when the request is aborted: tell a stop from a timeout here.
      if (ctl.signal.aborted && !capped) {
        if (timedOut) throw new Error("timed out");
        return { ok: true, reply: { text, reasoning, toolCall: null, stopped: true, truncated: false, usage: used() } };
      }
      const rest = think.end();
      emitReasoning(rest.reasoning);
      emitText(rest.text);
      const first = [...calls.entries()].sort((a, b) => a[0] - b[0])[0]?.[1] ?? null;
      return { ok: true, reply: { text, reasoning, toolCall: first, stopped: false, truncated, usage: used(first) } };
    } catch (error) {
      if (capped) return { ok: true, reply: { text, reasoning, toolCall: null, stopped: false, truncated: true, usage: used() } };
      if (req.signal.aborted && !timedOut) {
        return { ok: true, reply: { text, reasoning, toolCall: null, stopped: true, truncated: false, usage: used() } };
      }
      const message =
        timedOut === "first"
          ? "The language model did not answer in time"
          : timedOut === "reply"
            ? "The language model took too long to finish its reply"
            : started
              ? "The language model broke off its reply"
              : describe(error);
      modelErrors.inc({ kind: errorKind(error, timedOut, started) });
      return { ok: false, started, retry: timedOut !== "reply" && retryable(error), error: new ModelError(message, { text, reasoning }, started ? used() : null) };
    } finally {
      clearTimeout(firstTimer);
      clearTimeout(replyTimer);
      req.signal.removeEventListener("abort", onStop);
    }
  }
}

function retryable(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIError && error.status !== undefined) return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  return true;
}

/** The kind of a failed attempt, as the model error metric names it (a bounded set of values). */
function errorKind(error: unknown, timedOut: "first" | "reply" | null, started: boolean): string {
  if (timedOut) return timedOut === "first" ? "first_token_timeout" : "reply_timeout";
  if (started) return "broken_stream";
  if (error instanceof APIError && error.status !== undefined) return `http_${error.status}`;
  return "unreachable";
}

function describe(error: unknown): string {
  if (error instanceof APIError && error.status !== undefined) return `The language model answered ${error.status}`;
  if (error instanceof Error) return `The language model could not be reached (${error.message})`;
  return "The language model failed";
}
