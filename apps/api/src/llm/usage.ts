import { countTokens } from "gpt-tokenizer";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";

/** The tokens one model call took: as the model reported them, or counted with the tokenizer. */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  /** true when the model reported the counts (the last chunk's `usage`), false when they were counted here */
  reported: boolean;
}

/** The usage a server reports on the OpenAI-compatible wire. */
export interface WireUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
}

/** Tokens the chat format adds around each message (role, separators), as OpenAI's own count has it. */
const PER_MESSAGE = 4;

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p: { text?: unknown }) => (typeof p?.text === "string" ? p.text : "")).join("");
  return "";
}

/** The prompt's tokens counted with the tokenizer: every message's text and tool calls, and the tools offered. */
export function countPromptTokens(messages: ChatCompletionMessageParam[], tools?: ChatCompletionTool[]): number {
  let n = 3; // the reply's priming
  for (const m of messages) {
    n += PER_MESSAGE + countTokens(contentText(m.content));
    if (m.role === "assistant") for (const c of m.tool_calls ?? []) n += countTokens(c.type === "function" ? `${c.function.name}${c.function.arguments}` : "");
  }
  if (tools?.length) n += countTokens(JSON.stringify(tools));
  return n;
}

/** The completion's tokens counted with the tokenizer: the text, the reasoning and the tool call the model wrote. */
export function countCompletionTokens(out: { text: string; reasoning: string; toolCall?: { name: string; arguments: string } | null }): number {
  return countTokens(out.text) + countTokens(out.reasoning) + (out.toolCall ? countTokens(`${out.toolCall.name}${out.toolCall.arguments}`) : 0);
}

/**
 * The usage of one call: the server's numbers when it reported both, else counted here (`prompt()`
 * is only counted then). A stopped or failed stream usually ends before the server's usage chunk.
 */
export function usageOf(
  reported: WireUsage | null,
  prompt: () => number,
  out: { text: string; reasoning: string; toolCall?: { name: string; arguments: string } | null },
): ModelUsage {
  if (reported && typeof reported.prompt_tokens === "number" && typeof reported.completion_tokens === "number") {
    return { promptTokens: reported.prompt_tokens, completionTokens: reported.completion_tokens, reported: true };
  }
  return { promptTokens: prompt(), completionTokens: countCompletionTokens(out), reported: false };
}
