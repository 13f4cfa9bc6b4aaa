// A chat, downloaded by its player: as Markdown to read, and as JSON to keep or move elsewhere. Built
// in the browser from the thread the page already holds (the API returns a thread whole, at most
// HISTORY_LIMIT messages), so an export costs no request and no more memory than the page.
import type { ChatMessage } from "@storyloom/contract";
import { speakerName } from "./chat-logic";

/** What an export says about the chat besides its messages. */
export interface ChatExportSource {
  storyId: string;
  storyTitle: string;
  /** The character spoken to; null in story mode. */
  actor: { id: string; name: string } | null;
  actorNames: Readonly<Record<string, string>>;
  messages: readonly ChatMessage[];
  exportedAt: Date;
}

/** One message as exported: who said it by name, and what the thread knows about it. */
export interface ExportedMessage {
  id: string;
  role: ChatMessage["role"];
  speaker: string;
  actor_id: string | null;
  content: string;
  reasoning?: string;
  source?: ChatMessage["source"];
  stopped?: boolean;
  removed?: boolean;
  alternatives?: { index: number; count: number };
  created_at: string;
}

/**
 * The JSON export. `branches` holds the chat's lines of play, each with its messages in order; the
 * thread API gives the line being played, exported as the one branch "current". A fork records the
 * branch and message it left from, so exports with several branches keep the same shape.
 */
export interface ChatExport {
  format: "storyloom.chat";
  version: 1;
  exported_at: string;
  story: { id: string; title: string };
  character: { id: string; name: string } | null;
  active_branch: string;
  branches: { id: string; parent: { branch: string; message_id: string } | null; messages: ExportedMessage[] }[];
}

/** Only stored lines are exported: a reply still being written or a pending message is not yet the chat's. */
function stored(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.filter((m) => /^[1-9][0-9]{0,17}$/.test(m.id));
}

function exportedMessage(m: ChatMessage, names: Readonly<Record<string, string>>): ExportedMessage {
  return {
    id: m.id,
    role: m.role,
    speaker: speakerName(m, names),
    actor_id: m.actor_id,
    content: m.removed ? "" : m.content,
    ...(m.reasoning && !m.removed ? { reasoning: m.reasoning } : {}),
    ...(m.source ? { source: m.source } : {}),
    ...(m.stopped ? { stopped: true } : {}),
    ...(m.removed ? { removed: true } : {}),
    ...(m.alternatives ? { alternatives: m.alternatives } : {}),
    created_at: m.created_at,
  };
}

/** The chat as a JSON document (see {@link ChatExport}). */
export function chatToJson(source: ChatExportSource): ChatExport {
  return {
    format: "storyloom.chat",
    version: 1,
    exported_at: source.exportedAt.toISOString(),
    story: { id: source.storyId, title: source.storyTitle },
    character: source.actor,
    active_branch: "current",
    branches: [{ id: "current", parent: null, messages: stored(source.messages).map((m) => exportedMessage(m, source.actorNames)) }],
  };
}

/**
 * The chat as Markdown: a title, then each line under its speaker's name. Replies are already in the
 * role-play subset (*actions*, **strong**), so their text is kept as written; a line starting with a
 * block mark is escaped so it stays prose.
 */
export function chatToMarkdown(source: ChatExportSource): string {
  const head = [`# ${oneLine(source.storyTitle)}`, "", `${source.actor ? `With ${oneLine(source.actor.name)}` : "Story mode"} · exported ${source.exportedAt.toISOString().slice(0, 10)}`];
  const lines = stored(source.messages).map((m) => {
    const who = `**${oneLine(speakerName(m, source.actorNames))}:**`;
    const text = m.removed ? "_Staff removed this message after a report._" : keepProse(m.content);
    return `${who} ${text}${m.stopped ? " _(stopped)_" : ""}`;
  });
  return [...head, "", ...lines.flatMap((l) => [l, ""])].join("\n");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Lines that Markdown would read as headings, quotes, lists or rules are escaped; line breaks kept. */
function keepProse(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .replace(/^(\s*)(#{1,6}(?=\s|$)|>|[*+-](?=\s)|(?:[-*_=]\s*){3,}$|```|~~~)/, "$1\\$2")
        .replace(/^(\s*\d+)([.)])(?=\s|$)/, "$1\\$2"),
    )
    .join("  \n");
}

/** A file name from the story and character ids (both slugs), e.g. `night-ferry-wren-chat.md`. */
export function exportFileName(source: Pick<ChatExportSource, "storyId" | "actor">, extension: "md" | "json"): string {
  return `${[source.storyId, source.actor?.id, "chat"].filter(Boolean).join("-")}.${extension}`;
}
