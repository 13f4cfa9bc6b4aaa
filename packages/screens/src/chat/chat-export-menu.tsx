"use client";
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useApiMutation } from "@storyloom/api-client/react";
import { chatToJson, chatToMarkdown, exportFileName, type ChatExportSource } from "./chat-export";

/** Props of {@link ChatExportMenu}: the chat as the page holds it. */
export type ChatExportMenuProps = Omit<ChatExportSource, "exportedAt"> & { tone: "plain" | "overlay"; disabled?: boolean };

const item =
  "block w-full rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand";

function download(name: string, type: string, body: string): void {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Export" in the chat's header: a small disclosure offering the chat as a Markdown or a JSON file
 * (chat-export.ts). Escape or leaving it closes it; the download is announced. The chat header
 * sits a layer above the thread (z-20) so the panel opens over the messages.
 */
export function ChatExportMenu({ tone, disabled, ...chat }: ChatExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState("");
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The JSON carries every branch: read when asked for (the page holds only the shown one).
  const branches = useApiMutation("chatBranchExport");

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const saveMarkdown = () => {
    const source = { ...chat, exportedAt: new Date() };
    download(exportFileName(source, "md"), "text/markdown;charset=utf-8", chatToMarkdown(source));
    setSaid("Chat downloaded as Markdown.");
    close(true);
  };
  const saveJson = async () => {
    if (branches.isPending) return;
    setSaid("Preparing the chat with its branches…");
    // Without the branches (offline, a server error) the shown thread is still saved, and the player told.
    const all = await branches.mutateAsync({ story_id: chat.storyId }).catch(() => null);
    const source = { ...chat, exportedAt: new Date(), ...(all ? { branches: { list: all.branches, complete: all.complete } } : {}) };
    download(exportFileName(source, "json"), "application/json", `${JSON.stringify(chatToJson(source), null, 2)}\n`);
    setSaid(all ? "Chat downloaded as JSON, with its branches." : "Chat downloaded as JSON: the branches could not be read, so only the one shown is in it.");
    close(true);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      close(true);
    }
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="relative shrink-0" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md px-2 py-1 text-sm underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
      >
        {/* A phone's header has no room for another word: there it is a download mark. */}
        <span aria-hidden="true" className="sm:hidden">
          ⤓
        </span>
        <span className="max-sm:sr-only">Export</span>
        <span className="sr-only"> this chat</span>
      </button>
      <div
        id={panelId}
        role="group"
        aria-label="Download this chat"
        hidden={!open}
        className={`absolute right-0 z-30 mt-1 w-56 rounded-xl border border-line bg-surface p-1 shadow-lg ${tone === "overlay" ? "text-fg" : ""}`}
      >
        <button type="button" className={item} onClick={saveMarkdown}>
          Download as Markdown
        </button>
        <button type="button" className={item} disabled={branches.isPending} aria-busy={branches.isPending} onClick={() => void saveJson()}>
          {branches.isPending ? "Preparing JSON…" : "Download as JSON"}
        </button>
      </div>
      <span className="sr-only" role="status">
        {said}
      </span>
    </div>
  );
}
