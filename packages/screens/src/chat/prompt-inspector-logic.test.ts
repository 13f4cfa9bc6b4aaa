import { describe, expect, it } from "vitest";
import type { PromptRecord } from "@storyloom/contract";
import { firedBecause, groupsOf, tokensText, trimmedLines } from "./prompt-inspector-logic";

const record: PromptRecord = {
  parts: [
    { kind: "instructions", label: "Instructions", message: "system", text: "You are Wren.", tokens: 9 },
    { kind: "lore", label: "Lore: Keeper", message: "system", text: "The keeper vanished.", tokens: 8 },
    { kind: "persona", label: "Persona: Wren", message: "system", text: "Persona: brave.", tokens: 7 },
    { kind: "lore", label: "Lore: Lamp", message: "system", text: "The lamp is dark.", tokens: 8 },
    { kind: "turn", label: "Player", message: "user", text: "Why is it dark?", tokens: 9 },
  ],
  lore: [
    { name: "Lamp", matched: [{ key: "/lamp/i", text: "Lamp" }], always: false, depth: 0, tokens: 8, included: true, reason: null },
    { name: "Keeper", matched: [{ key: "keeper", text: "keeper" }], always: false, depth: 1, tokens: 8, included: true, reason: null },
    { name: "Tides", matched: [], always: true, depth: 0, tokens: 400, included: false, reason: "over_share" },
  ],
  trimmed: { scene_lines: 1, turns: 3, summary_lines: 0, lore_entries: 1 },
  tool_tokens: 0,
  budget: 1800,
  tokens: 41,
};

describe("the prompt inspector", () => {
  it("groups parts by kind in prompt order, with their tokens", () => {
    expect(groupsOf(record).map((g) => [g.title, g.parts.length, g.tokens])).toEqual([
      ["Instructions", 1, 9],
      ["Lore that fired", 2, 16],
      ["Persona", 1, 7],
      ["Recent turns", 1, 9],
    ]);
  });
  it("says why lore fired and what was trimmed", () => {
    expect(firedBecause(record.lore[0]!)).toBe("the recent turns said “Lamp” (key /lamp/i)");
    expect(firedBecause(record.lore[1]!)).toMatch(/another entry's text .*depth 1/);
    expect(firedBecause(record.lore[2]!)).toBe("always on");
    expect(trimmedLines(record)).toEqual([
      "3 older turns were left out of the recent turns (summarised).",
      "1 earlier scene line was dropped.",
      'Lore "Tides" fired but was left out: longer than its share of the budget.',
    ]);
    expect(tokensText(1)).toBe("1 token");
    expect(tokensText(1204)).toBe("1,204 tokens");
  });
});
