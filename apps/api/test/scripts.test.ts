import { describe, expect, it } from "vitest";
import { Compiler } from "inkjs/full";
import { seedCategories, inkScript } from "@storyloom/db";

const all = seedCategories.flatMap((c) => c.stories);

describe("seeded ink scripts", () => {
  it.each(all.map((s) => [s.id, s] as const))("%s compiles and every branch reaches an ending", (_id, s) => {
    const compiler = new Compiler(inkScript(s));
    const story = compiler.Compile();
    expect(compiler.errors).toEqual([]);
    expect(story.ContinueMaximally().length).toBeGreaterThan(40);
    const first = story.currentChoices.length;
    expect(first).toBe(s.paths.length);
    const state = story.state.ToJson();
    for (let i = 0; i < first; i++) {
      for (let j = 0; j < s.paths[i]!.endings.length; j++) {
        story.state.LoadJson(state);
        story.ChooseChoiceIndex(i);
        story.ContinueMaximally();
        story.ChooseChoiceIndex(j);
        expect(story.ContinueMaximally().length).toBeGreaterThan(20);
        expect(story.canContinue || story.currentChoices.length > 0).toBe(false);
      }
    }
  });
});
