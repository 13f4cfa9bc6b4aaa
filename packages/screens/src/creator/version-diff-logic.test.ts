import { describe, expect, it } from "vitest";
import type { StoryVersion } from "@storyloom/contract";
import { fieldChanges, scriptDiff } from "./version-diff-logic";

const version = (patch: Partial<StoryVersion> = {}): StoryVersion => ({
  id: "1",
  title: "The Low Tide",
  state: "approved",
  reason: null,
  submitted_at: "2026-11-28T10:00:00.000Z",
  decided_at: null,
  hook: "A lighthouse.",
  category_id: "mystery",
  tags: ["sea"],
  characters: [{ name: "Wren", persona: "Wry.", greeting: "Hi." }],
  script: "",
  rating: "general",
  lorebook: [],
  ...patch,
});

const numbered = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `line ${i + from}`);

describe("the script's line diff", () => {
  it("marks added and removed lines with both line numbers and folds long unchanged runs", () => {
    const before = [...numbered(10), "old ending", ...numbered(10, 11)].join("\n") + "\n";
    const after = [...numbered(10), "new ending", "and more", ...numbered(10, 11)].join("\n") + "\n";
    const d = scriptDiff(before, after)!;
    expect(d).toMatchObject({ added: 2, removed: 1 });
    expect(d.rows).toEqual([
      { kind: "fold", count: 7 },
      { kind: "same", text: "line 8", oldLine: 8, newLine: 8 },
      { kind: "same", text: "line 9", oldLine: 9, newLine: 9 },
      { kind: "same", text: "line 10", oldLine: 10, newLine: 10 },
      { kind: "removed", text: "old ending", oldLine: 11, newLine: null },
      { kind: "added", text: "new ending", oldLine: null, newLine: 11 },
      { kind: "added", text: "and more", oldLine: null, newLine: 12 },
      { kind: "same", text: "line 11", oldLine: 12, newLine: 13 },
      { kind: "same", text: "line 12", oldLine: 13, newLine: 14 },
      { kind: "same", text: "line 13", oldLine: 14, newLine: 15 },
      { kind: "fold", count: 7 },
    ]);
  });

  it("answers no rows for equal scripts, and every line for a script written from nothing", () => {
    expect(scriptDiff("a\nb\n", "a\nb\n")).toEqual({ rows: [{ kind: "fold", count: 2 }], added: 0, removed: 0 });
    expect(scriptDiff("", "a\nb")).toEqual({
      rows: [
        { kind: "added", text: "a", oldLine: null, newLine: 1 },
        { kind: "added", text: "b", oldLine: null, newLine: 2 },
      ],
      added: 2,
      removed: 0,
    });
  });

  it("gives up (null) on scripts too different to compare line by line", () => {
    const a = numbered(2000).join("\n");
    const b = numbered(2000).map((l) => `${l} changed`).join("\n");
    expect(scriptDiff(a, b)).toBeNull();
  });
});

describe("the field diff", () => {
  it("lists the fields that changed, characters and lore entries matched by name", () => {
    const before = version({
      characters: [
        { name: "Wren", persona: "Wry.", greeting: "Hi." },
        { name: "Tom", persona: "Old.", greeting: "Eh?" },
      ],
      lorebook: [{ name: "Lamp", keys: ["lamp"], content: "It burns whale oil.", always: false, priority: 50, position: "after_persona", share: 10 }],
    });
    const after = version({
      title: "Low Tide",
      tags: ["sea", "ghost"],
      rating: "mature",
      characters: [
        { name: "Ash", persona: "New.", greeting: "Yo." },
        { name: "Wren", persona: "Wry and brave.", greeting: "Hi." },
      ],
      lorebook: [],
    });
    expect(fieldChanges(before, after)).toEqual([
      { field: "Title", before: "The Low Tide", after: "Low Tide" },
      { field: "Tags", before: "sea", after: "sea, ghost" },
      { field: "Rating", before: "General", after: "Mature 18+" },
      { field: "Wren's persona", before: "Wry.", after: "Wry and brave." },
      { field: "Character Tom", before: "present", after: null },
      { field: "Character Ash", before: null, after: "present" },
      { field: "Lorebook entry Lamp", before: "keys: lamp · priority 50 · after persona · 10% — It burns whale oil.", after: null },
    ]);
  });

  it("finds no change between equal versions, whatever their order of characters", () => {
    const a = version({ characters: [{ name: "A", persona: "", greeting: "" }, { name: "B", persona: "", greeting: "" }] });
    const b = version({ id: "2", state: "pending", characters: [...a.characters].reverse() });
    expect(fieldChanges(a, b)).toEqual([]);
  });
});
