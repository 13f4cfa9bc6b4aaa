// A chat, downloaded by its player: as Markdown to read, and as JSON to keep or move elsewhere. The
// Markdown is built in the browser from the thread the page already holds (the API returns a thread
// whole, at most HISTORY_LIMIT messages); the JSON carries every branch, read once when it is asked
// for (chatBranchExport), or the shown thread alone when the branches could not be read.
import type { ChatBranchLines, ChatMessage } from "@storyloom/contract";
import { speakerName } from "./room-logic";

/** What an export says about the chat besides its messages. */
export interface ChatExportSource {
  storyId: string;
  storyTitle: string;
  /** The character spoken to; null in story mode. */
  actor: { id: string; name: string } | null;
  actorNames: Readonly<Record<string, string>>;
  messages: readonly ChatMessage[];
  /** Every branch with its lines (chatBranchExport); without them the JSON holds the shown thread as "current". */
  branches?: { list: readonly ChatBranchLines[]; complete: boolean };
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

/** One line of play in the JSON export. */
export interface ExportedBranch {
  id: string;
  /** the branch and reply it was forked from (null: the chat's first line, or the shown thread alone) */
  parent: { branch: string; message_id: string } | null;
  /** the line where it departs from its parent (the reply's chosen alternative) */
  fork_line?: string;
  /** whether the chat shows it */
  active?: boolean;
  messages: ExportedMessage[];
}

/**
 * The JSON export. `branches` holds the chat's lines of play, each with its messages in order (a
 * fork holds its own copy of the lines before its fork point). Without the branch list, the shown
 * thread is exported as the one branch "current". `complete` is false when the chat was longer than
 * one export carries (its newest messages are kept).
 */
export interface ChatExport {
  format: "storyloom.chat";
  version: 1;
  exported_at: string;
  story: { id: string; title: string };
  character: { id: string; name: string } | null;
  active_branch: string;
  complete: boolean;
  branches: ExportedBranch[];
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
  const head = {
    format: "storyloom.chat" as const,
    version: 1 as const,
    exported_at: source.exportedAt.toISOString(),
    story: { id: source.storyId, title: source.storyTitle },
    character: source.actor,
  };
  const all = source.branches;
  if (!all?.list.length) {
    return { ...head, active_branch: "current", complete: true, branches: [{ id: "current", parent: null, messages: stored(source.messages).map((m) => exportedMessage(m, source.actorNames)) }] };
  }
  return {
    ...head,
    active_branch: all.list.find((b) => b.active)?.id ?? all.list[0]!.id,
    complete: all.complete,
    branches: all.list.map((b) => ({
      id: b.id,
      parent: b.parent_id !== null && b.fork_message_id !== null ? { branch: b.parent_id, message_id: b.fork_message_id } : null,
      ...(b.line !== null ? { fork_line: b.line } : {}),
      active: b.active,
      messages: stored(b.lines).map((m) => exportedMessage(m, source.actorNames)),
    })),
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
