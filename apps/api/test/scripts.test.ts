import { beforeAll, describe, expect, it } from "vitest";
import { seedCategories, seedScript } from "@storyloom/db";
import { chooseInk, configureInk, startInk } from "../src/services/ink";

const all = seedCategories.flatMap((c) => c.stories);

// The seed walks every script itself (packages/db stories.test.ts); here the API's own ink runner
// plays each one the way chat does, turn by turn through saved state, taking the last choice.
describe("seeded ink scripts through the API's runner", () => {
  // What is tried here is that each script plays to an ending, not the turn deadline (ink.runaway
  // tests that): a shared CI machine under load took over the production 250 ms for a cold first turn.
  beforeAll(() => configureInk({ INK_TURN_DEADLINE_MS: 5000, INK_CHECK_DEADLINE_MS: 8000, INK_TURN_MAX_LINES: 500, INK_TURN_MAX_CHARS: 20_000, INK_THREADS: 2 }));
  it.each(all.map((s) => [s.id, s] as const))("%s opens with its opening and plays to an ending", async (_id, s) => {
    const script = seedScript(s);
    const story = { title: s.title, script };
    let turn = await startInk(story);
    expect(turn.lines.join("\n")).toContain(s.opening.split("\n")[0]!.trim());
    let choices = 0;
    while (!turn.ended && choices < 40) {
      expect(turn.choices.length).toBeGreaterThan(0);
      turn = (await chooseInk(story, turn.state, turn.choices.at(-1)!.index))!;
      expect(turn).not.toBeNull();
      choices++;
    }
    expect(turn.ended).toBe(true);
    expect(choices).toBeGreaterThanOrEqual(6);
    expect(turn.lines.length).toBeGreaterThan(0);
  });
});
