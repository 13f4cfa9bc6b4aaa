import { describe, expect, it } from "vitest";
import type { ChatBranch } from "@storyloom/contract";
import { branchEntries, treeLayout } from "./branch-logic";

const b = (id: string, parent: string | null, line: string | null): ChatBranch => ({
  id,
  parent_id: parent,
  fork_message_id: parent ? "7" : null,
  line,
  last_line: "last",
  messages: 3,
  active: id === "3",
  created_at: "2026-11-28T00:00:00.000Z",
});

describe("branch view", () => {
  it("numbers the branches in order, with their depth and the line they depart with", () => {
    const entries = branchEntries([b("1", null, null), b("2", "1", "Second take."), b("3", "2", "Third.")]);
    expect(entries.map((e) => [e.number, e.depth, e.title])).toEqual([
      [1, 0, "The first telling"],
      [2, 1, "Second take."],
      [3, 2, "Third."],
    ]);
    expect(treeLayout(entries)).toEqual([
      { id: "1", x: 0, y: 0, parent: null },
      { id: "2", x: 36, y: 64, parent: "1" },
      { id: "3", x: 72, y: 128, parent: "2" },
    ]);
  });

  it("a parent missing from the list ends the walk", () => {
    expect(branchEntries([b("5", "4", "x")])[0]!.depth).toBe(0);
  });
});
