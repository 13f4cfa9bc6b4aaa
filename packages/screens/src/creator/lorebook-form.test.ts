import { describe, expect, it } from "vitest";
import type { StoryDraft } from "@storyloom/contract";
import { changesOf, formOf, isDirty, newLoreEntry, parseKeys } from "./editor-logic";
import { fieldErrors } from "./field-errors";

const draft: StoryDraft = {
  id: "7",
  title: "Low Tide",
  hook: "A lighthouse.",
  category_id: null,
  tags: [],
  characters: [{ name: "Wren", persona: "", greeting: "Hi" }],
  script: "",
  rating: "general",
  lorebook: [{ name: "Lamp", keys: ["lighthouse", "/lamp ?room/i"], content: "The lamp is dark.", always: false, priority: 60, position: "before_turns", share: 15 }],
  status: "draft",
  review: null,
  story_id: null,
  unpublished_changes: false,
  created_at: "2026-11-26T00:00:00.000Z",
  updated_at: "2026-11-26T00:00:00.000Z",
  published_at: null,
};

describe("the lorebook's form", () => {
  it("reads keys one per line: trimmed, without empties or repeats", () => {
    expect(parseKeys(" lighthouse \n\n/lamp ?room/i\nlighthouse\n")).toEqual(["lighthouse", "/lamp ?room/i"]);
  });

  it("round-trips the stored entries and knows when they changed", () => {
    const f = formOf(draft);
    expect(f.lorebook[0]!.keysText).toBe("lighthouse\n/lamp ?room/i");
    expect(changesOf("7", f).lorebook).toEqual(draft.lorebook);
    expect(isDirty(f, formOf(draft))).toBe(false);
    const g = { ...f, lorebook: [...f.lorebook, newLoreEntry(2)] };
    expect(isDirty(g, f)).toBe(true);
  });

  it("marks an entry's fields with the contract's checks", () => {
    const f = formOf(draft);
    const bad = { ...f, lorebook: [{ ...newLoreEntry(1), content: "" }, { ...f.lorebook[0]!, keysText: "", share: 99 }] };
    const errors = fieldErrors(bad);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["lorebook.0.content", "lorebook.1.share", "lorebook.1.keys"]));
    expect(fieldErrors(f)).toEqual({});
  });
});
