import { describe, expect, it } from "vitest";
import type { StoryDraft } from "@storyloom/contract";
import { changesOf, formOf, isDirty, knotLine, lineRange, parseTags, problemsByLine, publishGaps, STARTER_SCRIPT, withKnot, withPersona, type DraftForm } from "./editor-logic";
import { fieldErrors } from "./field-errors";

const draft: StoryDraft = {
  id: "7",
  title: "Low Tide",
  hook: "A lighthouse.",
  category_id: null,
  tags: ["sea"],
  characters: [{ name: "Wren", persona: "", greeting: "Hi" }],
  script: STARTER_SCRIPT,
  rating: "general",
  lorebook: [],
  status: "draft",
  review: null,
  story_id: null,
  unpublished_changes: false,
  created_at: "2026-11-26T00:00:00.000Z",
  updated_at: "2026-11-26T00:00:00.000Z",
  published_at: null,
};

describe("the editor's form", () => {
  it("reads tags as typed: trimmed, without empties or repeats", () => {
    expect(parseTags(" sea,  short ,, Sea , long   walk")).toEqual(["sea", "short", "long walk"]);
    expect(parseTags("")).toEqual([]);
  });
  it("round-trips a draft and knows when it changed", () => {
    const f = formOf(draft);
    expect(changesOf("7", f)).toEqual({ id: "7", title: "Low Tide", hook: "A lighthouse.", category_id: null, tags: ["sea"], characters: draft.characters, script: STARTER_SCRIPT, rating: "general", lorebook: [] });
    expect(isDirty(f, formOf(draft))).toBe(false);
    expect(isDirty({ ...f, rating: "mature" }, f)).toBe(true);
    expect(changesOf("7", formOf({ ...draft, rating: "mature" })).rating).toBe("mature");
    expect(isDirty({ ...f, title: "Low Tide " }, f)).toBe(false);
    expect(isDirty({ ...f, tagsText: "sea, sky" }, f)).toBe(true);
  });
  it("keeps a character's read-aloud voice, trimmed, and drops an empty one", () => {
    const f = formOf(draft);
    const voiced = { ...f, characters: f.characters.map((c) => ({ ...c, voice: " af_bella " })) };
    expect(changesOf("7", voiced).characters?.[0]).toEqual({ ...draft.characters[0], voice: "af_bella" });
    expect(isDirty(voiced, f)).toBe(true);
    expect(changesOf("7", { ...f, characters: f.characters.map((c) => ({ ...c, voice: "  " })) }).characters?.[0]).not.toHaveProperty("voice");
    expect(fieldErrors({ ...f, characters: f.characters.map((c) => ({ ...c, voice: "not a voice!" })) })).toHaveProperty(["characters.0.voice"]);
  });
  it("checks fields with the contract's rules, by path", () => {
    const f = formOf(draft);
    expect(fieldErrors(f)).toEqual({});
    expect(Object.keys(fieldErrors({ ...f, title: "" }))).toEqual(["title"]);
    expect(Object.keys(fieldErrors({ ...f, characters: [{ name: "<b>", persona: "", greeting: "" }] }))).toEqual(["characters.0.name"]);
    expect(Object.keys(fieldErrors({ ...f, script: "x".repeat(60_001) }))).toEqual(["script"]);
  });
  it("lists what publishing still needs", () => {
    expect(publishGaps(formOf(draft))).toEqual(["a category"]);
    expect(publishGaps({ ...formOf(draft), hook: " ", characters: [], script: "" })).toEqual(["a hook", "a category", "a character", "a script"]);
  });
});

describe("script helpers", () => {
  it("groups problems by line and leaves out those without one", () => {
    const m = problemsByLine([
      { line: 3, message: "a" },
      { line: 3, message: "b" },
      { line: null, message: "c" },
    ]);
    expect([...m]).toEqual([[3, ["a", "b"]]]);
  });
  it("finds a line's offsets and a knot's line", () => {
    const text = "one\ntwo\n== knot ==\nfour";
    expect(lineRange(text, 2)).toEqual([4, 7]);
    expect(lineRange(text, 99)).toEqual([19, 23]);
    expect(knotLine(text, "knot")).toBe(3);
    expect(knotLine(text, "knot.stitch")).toBe(3);
    expect(knotLine(text, "kno")).toBeNull();
    expect(knotLine(STARTER_SCRIPT, "pier")).toBe(12);
  });
});

describe("accepting a co-written suggestion", () => {
  const form: DraftForm = formOf(draft);
  it("adds a knot at the end of the script, after one blank line", () => {
    expect(withKnot(form, "=== dunes ===\nSand.\n-> END\n")?.script).toBe(`${STARTER_SCRIPT.trimEnd()}\n\n=== dunes ===\nSand.\n-> END\n`);
    expect(withKnot({ ...form, script: "" }, " === a ===\n-> END ")?.script).toBe("=== a ===\n-> END\n");
  });
  it("refuses a knot that would pass the script's size limit", () => {
    expect(withKnot({ ...form, script: "x".repeat(59_990) }, "=== far ===\nToo long.\n-> END")).toBeNull();
  });
  it("sets one character's persona and leaves the others; a removed character takes nothing", () => {
    const two = { ...form, characters: [...form.characters, { name: "Ash", persona: "old", greeting: "" }] };
    expect(withPersona(two, 1, " You are Ash. ")?.characters).toEqual([form.characters[0], { name: "Ash", persona: "You are Ash.", greeting: "" }]);
    expect(withPersona(two, 2, "You are nobody.")).toBeNull();
  });
});

describe("the starter script", () => {
  it("compiles, reaches both endings and tags Wren's line with her name", async () => {
    const { compileScript, speakerOf, walkScript } = await import("@storyloom/story-script");
    const { Story } = await import("inkjs/full");
    const c = compileScript(STARTER_SCRIPT);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const r = walkScript(c.json);
    expect(r.endings).toHaveLength(2);
    expect(r.deadEnds).toEqual([]);
    const story = new Story(c.json);
    const lines: [string, string | null][] = [];
    while (story.canContinue) lines.push([story.Continue()!.trim(), speakerOf(story.currentTags ?? [])]);
    expect(lines).toContainEqual(['"Are you coming or not?"', "Wren"]);
  });
});
