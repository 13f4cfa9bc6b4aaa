import { describe, expect, it } from "vitest";
import type { ChatBranchLines, ChatMessage } from "@storyloom/contract";
import { chatToJson, chatToMarkdown, exportFileName, type ChatExportSource } from "./chat-export";

const at = "2026-11-28T12:00:00.000Z";
const msg = (m: Partial<ChatMessage> & Pick<ChatMessage, "id" | "role" | "content">): ChatMessage => ({ actor_id: null, created_at: at, ...m });

const source: ChatExportSource = {
  storyId: "night-ferry",
  storyTitle: "Murder on the\nNight Ferry",
  actor: { id: "wren", name: "Inspector Wren" },
  actorNames: { wren: "Inspector Wren" },
  exportedAt: new Date(at),
  messages: [
    msg({ id: "1", role: "narrator", content: "The ferry sways.", source: "script" }),
    msg({ id: "2", role: "user", content: "# Who booked cabin 7?\n- a list?\n1. one\n*looks around*" }),
    msg({ id: "3", role: "actor", actor_id: "wren", content: '*taps the ledger* "H. Lisle."', reasoning: "The lore says Lisle.", source: "model", alternatives: { index: 1, count: 2 } }),
    msg({ id: "4", role: "actor", actor_id: "wren", content: "", removed: true }),
    msg({ id: "5", role: "actor", actor_id: "wren", content: "I was say", stopped: true, source: "model" }),
    // A reply still being written is not part of the export yet.
    msg({ id: "live-9", role: "actor", actor_id: "wren", content: "half" }),
  ],
};

describe("chatToMarkdown", () => {
  it("writes a title and each stored line under its speaker, keeping role-play marks and escaping block syntax", () => {
    expect(chatToMarkdown(source)).toBe(
      [
        "# Murder on the Night Ferry",
        "",
        "With Inspector Wren · exported 2026-11-28",
        "",
        "**Narrator:** The ferry sways.",
        "",
        "**You:** \\# Who booked cabin 7?  \n\\- a list?  \n1\\. one  \n*looks around*",
        "",
        '**Inspector Wren:** *taps the ledger* "H. Lisle."',
        "",
        "**Inspector Wren:** _Staff removed this message after a report._",
        "",
        "**Inspector Wren:** I was say _(stopped)_",
        "",
      ].join("\n"),
    );
  });
});

describe("chatToJson", () => {
  it("keeps every stored message with its speaker, reasoning and alternatives, in one current branch", () => {
    const json = chatToJson(source);
    expect(json).toMatchObject({ format: "storyloom.chat", version: 1, exported_at: at, story: { id: "night-ferry" }, character: { id: "wren" }, active_branch: "current" });
    expect(json.branches).toHaveLength(1);
    const [branch] = json.branches;
    expect(branch?.parent).toBeNull();
    expect(branch?.messages.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(branch?.messages[2]).toEqual({
      id: "3",
      role: "actor",
      speaker: "Inspector Wren",
      actor_id: "wren",
      content: '*taps the ledger* "H. Lisle."',
      reasoning: "The lore says Lisle.",
      source: "model",
      alternatives: { index: 1, count: 2 },
      created_at: at,
    });
    expect(branch?.messages[3]).toMatchObject({ removed: true, content: "" });
    // A JSON round trip changes nothing: the export is plain data.
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("with the branch list, exports every branch with its parent, fork point, fork line and lines", () => {
    const branch = (b: Partial<ChatBranchLines> & Pick<ChatBranchLines, "id" | "lines">): ChatBranchLines => ({
      parent_id: null,
      fork_message_id: null,
      line: null,
      last_line: null,
      messages: b.lines.length,
      active: false,
      created_at: at,
      ...b,
    });
    const first = source.messages.slice(0, 3);
    const forked = [first[0]!, first[1]!, msg({ id: "12", role: "actor", actor_id: "wren", content: "Nobody booked it.", source: "model" })];
    const json = chatToJson({
      ...source,
      branches: {
        complete: false,
        list: [branch({ id: "7", lines: first }), branch({ id: "8", parent_id: "7", fork_message_id: "3", line: "Nobody booked it.", active: true, lines: [...forked, msg({ id: "live-1", role: "actor", content: "hal" })] })],
      },
    });
    expect(json).toMatchObject({ active_branch: "8", complete: false });
    expect(json.branches.map(({ messages, ...b }) => ({ ...b, ids: messages.map((m) => m.id) }))).toEqual([
      { id: "7", parent: null, active: false, ids: ["1", "2", "3"] },
      { id: "8", parent: { branch: "7", message_id: "3" }, fork_line: "Nobody booked it.", active: true, ids: ["1", "2", "12"] },
    ]);
    expect(json.branches[1]!.messages[2]).toMatchObject({ speaker: "Inspector Wren", content: "Nobody booked it." });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("without branches (or an empty list), the shown thread is the one branch \"current\", complete", () => {
    expect(chatToJson({ ...source, branches: { list: [], complete: true } })).toMatchObject({ active_branch: "current", complete: true, branches: [{ id: "current", parent: null }] });
  });
});

describe("exportFileName", () => {
  it("names the file after the story and character", () => {
    expect(exportFileName(source, "md")).toBe("night-ferry-wren-chat.md");
    expect(exportFileName({ storyId: "night-ferry", actor: null }, "json")).toBe("night-ferry-chat.json");
  });
});
