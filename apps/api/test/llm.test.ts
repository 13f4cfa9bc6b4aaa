import { describe, expect, it } from "vitest";
import { countTokens } from "gpt-tokenizer";
import { ThinkSplitter } from "../src/llm/think";
import { buildPrompt, type PromptInput } from "../src/llm/prompt";

describe("<think> in the content", () => {
  it("is split off as reasoning even when its tags are cut across deltas", () => {
    const s = new ThinkSplitter();
    const parts = ["  <thi", "nk>plan", " the ans", "wer</th", "ink>\n\nHello", " there", "."].map((d) => s.push(d));
    const end = s.end();
    expect(parts.map((p) => p.reasoning).join("") + end.reasoning).toBe("plan the answer");
    expect(parts.map((p) => p.text).join("") + end.text).toBe("Hello there.");
  });
  it("leaves a reply without it alone, including a later literal <think>", () => {
    const s = new ThinkSplitter();
    const out = ["Hi ", "<think>x</think>"].map((d) => s.push(d));
    expect(out.map((p) => p.text).join("") + s.end().text).toBe("Hi <think>x</think>");
  });
});

const base: PromptInput = {
  title: "Rain",
  speaker: { id: "m", name: "Mara Quill", tagline: "courier", persona: "Wry.", greeting: "You're late." },
  cast: [],
  group: false,
  scene: { lines: ["Rain hammers the sign."], tags: { scene: "The bar", goal: "Trust" } },
  choices: [{ index: 0, text: "Follow Lacquer" }],
  offerChoices: true,
  history: [],
  budget: 1000,
};

describe("the prompt", () => {
  it("keeps recent turns within the token budget, with the chat's summary and pinned facts for the older ones", () => {
    const history = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, role: i % 2 ? ("actor" as const) : ("user" as const), actorId: i % 2 ? "m" : null, content: `Line number ${i}. It goes on for a while with some words in it.` }));
    const memory = { summary: "Mara took the player's case.", pins: ["Juno owes me a favour"], through: 150 };
    const p = buildPrompt({ ...base, history, memory });
    const counted = p.messages.reduce((n, m) => n + countTokens(String(m.content)) + 4, 0);
    expect(counted).toBeLessThanOrEqual(1000);
    expect(p.messages.at(-1)).toEqual({ role: "assistant", content: history.at(-1)!.content });
    const system = String(p.messages[0]!.content);
    expect(system).toContain("# Earlier in the story (summary)\nMara took the player's case.");
    expect(system).toContain("- Juno owes me a favour");
    // The older turns the summary does not reach yet (ids 151 on) are counted for the inspector.
    const left = p.record.trimmed.turns;
    expect(left).toBeGreaterThan(150);
    expect(p.record.trimmed.summary_lines).toBe(left - 150);
    // No memory, no summary: older turns are simply left out (no first-sentence gist any more).
    expect(String(buildPrompt({ ...base, history }).messages[0]!.content)).not.toContain("(summary)");
    expect(system).toContain("Scene: The bar");
    expect(JSON.stringify(p.tools)).toContain('"name":"take_choice"');
    expect(p.messages.length).toBeLessThan(200);
  });
  it("offers no tool when choices are not to be taken", () => {
    expect(buildPrompt({ ...base, offerChoices: false }).tools).toBeUndefined();
  });
});
