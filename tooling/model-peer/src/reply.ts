// The peer's default behaviour: a deterministic, in-persona reply built from the request itself, and a
// choice taken through the request's tool when the player's words clearly name one of the choices.

/** One message of a chat-completions request (only what the peer reads). */
export interface ChatRequestMessage {
  role: string;
  content?: string | null | { type: string; text?: string }[];
  name?: string;
}

/** A function tool of a chat-completions request. */
export interface ChatRequestTool {
  type: string;
  function?: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }> } };
}

/** The chat-completions request body (only what the peer reads; the rest is recorded as sent). */
export interface ChatRequest {
  model?: string;
  messages?: ChatRequestMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: ChatRequestTool[];
  max_tokens?: number;
  max_completion_tokens?: number;
  [key: string]: unknown;
}

/** A tool call the reply makes. */
export interface ToolCallPlan {
  name: string;
  arguments: string;
}

/** The plain text of a message's content (string or parts). */
export function textOf(content: ChatRequestMessage["content"]): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => p.text ?? "").join("");
  return "";
}

/** The character the system prompt casts the model as ("You are Juno Vex, …"), or the narrator. */
export function speakerOf(req: ChatRequest): string {
  const system = (req.messages ?? []).filter((m) => m.role === "system" || m.role === "developer").map((m) => textOf(m.content)).join("\n");
  const m = /\bYou are ([A-Z][\p{L}'’-]*(?: [A-Z][\p{L}'’-]*){0,3})/u.exec(system);
  return m?.[1] ?? "The narrator";
}

/** The last thing the player said, when the request ends with a player message. */
export function lastUserText(req: ChatRequest): string | null {
  const msgs = req.messages ?? [];
  const last = msgs[msgs.length - 1];
  return last && last.role === "user" ? textOf(last.content).trim() : null;
}

/** How the API asks for a chat's rolling summary (apps/api/src/llm/summary.ts). */
const SUMMARY_REQUEST = /^You keep the memory of the interactive story/;

/** A summary of the turns a summarisation request names: each turn's first dozen words, in order. */
export function defaultSummary(req: ChatRequest): string | null {
  const msgs = req.messages ?? [];
  if (!SUMMARY_REQUEST.test(textOf(msgs[0]?.content).trim())) return null;
  const asked = textOf(msgs[msgs.length - 1]?.content);
  const turns = (asked.split("# New turns")[1] ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^[^:]{1,60}: \S/.test(l));
  const said = turns.map((l) => {
    const [who, ...rest] = l.split(": ");
    const words = rest.join(": ").split(/\s+/);
    return `${who} said "${words.slice(0, 12).join(" ")}${words.length > 12 ? "…" : ""}"`;
  });
  return `Earlier, ${said.join("; ") || "little happened"}.`.slice(0, 1500);
}

/** The reply text the peer writes by default. */
export function defaultReply(req: ChatRequest): string {
  const summary = defaultSummary(req);
  if (summary) return summary;
  const who = speakerOf(req);
  const said = lastUserText(req);
  if (!said) return `${who} steps closer. "Then it's decided. Stay sharp — this is where it gets interesting."`;
  const quote = said.length > 80 ? `${said.slice(0, 77)}…` : said;
  return `${who} listens. "${quote}" — ${who === "The narrator" ? "the city seems to answer" : "I hear you"}. "Stay close; the night is not done with us yet."`;
}

/** The reasoning the peer writes by default. */
export function defaultReasoning(req: ChatRequest): string {
  const said = lastUserText(req);
  return `${speakerOf(req)} weighs the moment${said ? `: the player said "${said.slice(0, 60)}"` : ""}. Keep the voice, keep the scene.`;
}

const STOP = new Set("a an the to into i you me my your of and or with at in on for it is be we us our this that then go".split(" "));
const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w && !STOP.has(w))
      .map((w) => (w.length > 4 && w.endsWith("s") ? w.slice(0, -1) : w)),
  );

/** The choices a tool describes: lines such as `0: Follow Lacquer into the rain` in its descriptions. */
export function choicesOf(tool: ChatRequestTool): { index: number; text: string }[] {
  const f = tool.function;
  if (!f) return [];
  const texts = [f.description ?? "", ...Object.values(f.parameters?.properties ?? {}).map((p) => p.description ?? "")];
  const out: { index: number; text: string }[] = [];
  for (const line of texts.join("\n").split("\n")) {
    const m = /^\s*(?:[-*]\s*)?\[?(\d{1,2})[\]:.)]\s+(.+?)\s*$/.exec(line);
    if (m && !out.some((c) => c.index === Number(m[1]))) out.push({ index: Number(m[1]), text: m[2]! });
  }
  return out;
}

/**
 * The choice the player's text clearly names: at least 60 % of the choice's meaningful words appear in
 * it, and no other choice scores as well. Null when none (or two) qualify.
 */
export function matchChoice(said: string, choices: { index: number; text: string }[]): number | null {
  const heard = words(said);
  let best: { index: number; score: number } | null = null;
  let tie = false;
  for (const c of choices) {
    const want = [...words(c.text)];
    if (want.length === 0) continue;
    const score = want.filter((w) => heard.has(w)).length / want.length;
    if (score < 0.6) continue;
    if (best && score === best.score) tie = true;
    if (!best || score > best.score) {
      best = { index: c.index, score };
      tie = false;
    }
  }
  return best && !tie ? best.index : null;
}

/** The tool call the peer makes by default: the request's choice tool, when the player named a choice. */
export function defaultToolCall(req: ChatRequest): ToolCallPlan | null {
  const said = lastUserText(req);
  if (!said) return null;
  for (const tool of req.tools ?? []) {
    if (tool.type !== "function" || !tool.function) continue;
    const props = tool.function.parameters?.properties ?? {};
    const param = Object.entries(props).find(([, p]) => p.type === "integer" || p.type === "number")?.[0];
    if (!param) continue;
    const picked = matchChoice(said, choicesOf(tool));
    if (picked !== null) return { name: tool.function.name, arguments: JSON.stringify({ [param]: picked }) };
  }
  return null;
}

/** Splits text into the pieces streamed one per chunk: each word with the space before it. */
export function tokensOf(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}
