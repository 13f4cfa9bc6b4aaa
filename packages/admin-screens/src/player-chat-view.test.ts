import { describe, expect, it } from "vitest";
import { badMessageParam, branchName, branchSummary, parseTranscriptView } from "./player-chat-view";

const branch = (id: string, over: Partial<{ parent_id: string | null; fork_message_id: string | null; messages: number; shown: boolean }> = {}) => ({
  id,
  parent_id: null,
  fork_message_id: null,
  messages: 3,
  shown: false,
  created_at: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("the staff transcript's view", () => {
  it("reads the branch, the message (which wins) and the cursor from the URL, dropping malformed ones", () => {
    expect(parseTranscriptView(new URLSearchParams("branch=12&cursor=40"))).toEqual({ branch_id: "12", cursor: "40" });
    expect(parseTranscriptView(new URLSearchParams("branch=0"))).toEqual({ branch_id: "0" });
    expect(parseTranscriptView(new URLSearchParams("branch=12&message=77"))).toEqual({ message_id: "77" });
    expect(parseTranscriptView(new URLSearchParams("branch=x&message=0&cursor=-1"))).toEqual({});
    expect(badMessageParam(new URLSearchParams("message=abc"))).toBe(true);
    expect(badMessageParam(new URLSearchParams("message=5"))).toBe(false);
    expect(badMessageParam(new URLSearchParams(""))).toBe(false);
  });

  it("names branches by their place, says where each forked and which came from a merged guest", () => {
    const list = [branch("4", { messages: 6 }), branch("9", { parent_id: "4", fork_message_id: "21", shown: true, messages: 1 }), branch("15")];
    expect(branchName(list, "9")).toBe("Branch 2 of 3 (#9)");
    expect(branchName(list, "99")).toBe("Branch #99");
    expect(branchName([branch("0", { shown: true })], "0")).toBe("The only branch");
    const merged = "not forked from another branch (a guest's chat merged into the account, or the chat it joined)";
    expect(branchSummary(list, list[0]!)).toBe(`${merged} · 6 messages`);
    expect(branchSummary(list, list[1]!)).toBe("forked from branch 1 of 3 (#4) at message #21 · 1 message");
    expect(branchSummary(list, list[2]!)).toBe(`${merged} · 3 messages`);
    // One chat that only forked: its first branch needs no such note.
    expect(branchSummary(list.slice(0, 2), list[0]!)).toBe("6 messages");
  });
});
